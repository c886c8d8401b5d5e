import { Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import yauzl from 'yauzl';
import { OperationError } from '../../errors.js';

export interface ZipLimits {
  /** Sum of all entries once inflated. */
  maxUnzippedBytes: number;
  maxEntries: number;
}

export interface ZipSummary {
  names: Set<string>;
  unzippedBytes: number;
  /** `<c …>` cell elements counted in the entries `countCellsIn` matched. */
  cells: number;
}

const mb = (bytes: number) => `${Math.round(bytes / 1024 / 1024)} MB`;

function openZip(data: Buffer): Promise<yauzl.ZipFile> {
  return new Promise((resolve, reject) => {
    yauzl.fromBuffer(
      data,
      { lazyEntries: true, validateEntrySizes: true, strictFileNames: false },
      (error, zip) => (error || !zip ? reject(error ?? new Error('no zip')) : resolve(zip)),
    );
  });
}

const cellTag = /<(?:\w+:)?c[\s>/]/g;

/** Counts cell start tags (`<c …>`, `<x:c …>`), also when a tag is split between two chunks. */
function cellCounter(onCells: (n: number) => void): Writable {
  let carry = '';
  return new Writable({
    write(chunk: Buffer, _encoding, done) {
      const text = carry + chunk.toString('latin1');
      onCells(text.match(cellTag)?.length ?? 0);
      // Keep an unfinished tag at the end for the next chunk, unless it was already counted.
      const open = text.lastIndexOf('<');
      const tail = open === -1 ? '' : text.slice(open);
      carry = tail.length < 32 && !tail.includes('>') && !tail.match(cellTag) ? tail : '';
      done();
    },
  });
}

/**
 * Inflates every entry of an Office document (a ZIP) once, discarding the bytes, before any
 * library reads it: the declared sizes are summed first (a bomb is refused without inflating),
 * then yauzl checks that no entry inflates past its declared size while it is read, so a lying
 * header cannot get more than the cap through. Libraries such as mammoth and exceljs inflate
 * everything into memory and would otherwise be the first to meet a zip bomb.
 *
 * @example const { names } = await inspectZip(docx, { maxUnzippedBytes: 100 << 20, maxEntries: 5000 }, 'DOCX')
 */
export async function inspectZip(
  data: Buffer,
  limits: ZipLimits,
  kind: string,
  countCellsIn?: RegExp,
): Promise<ZipSummary> {
  let zip: yauzl.ZipFile;
  try {
    zip = await openZip(data);
  } catch {
    throw new OperationError(
      'UNPROCESSABLE_FILE',
      `The ${kind} file is damaged or truncated: its ZIP structure cannot be read.`,
    );
  }
  const tooLarge = () =>
    new OperationError(
      'PAYLOAD_TOO_LARGE',
      `The ${kind} file unpacks to more than ${mb(limits.maxUnzippedBytes)}, more than the server reads.`,
    );
  if (zip.entryCount > limits.maxEntries) {
    zip.close();
    throw new OperationError(
      'PAYLOAD_TOO_LARGE',
      `The ${kind} file holds more than ${limits.maxEntries} parts.`,
    );
  }

  const summary: ZipSummary = { names: new Set(), unzippedBytes: 0, cells: 0 };
  try {
    await new Promise<void>((resolve, reject) => {
      zip.on('error', reject);
      zip.on('end', () => resolve());
      zip.on('entry', (entry: yauzl.Entry) => {
        summary.names.add(entry.fileName);
        summary.unzippedBytes += entry.uncompressedSize;
        if (summary.unzippedBytes > limits.maxUnzippedBytes) return reject(tooLarge());
        if (entry.fileName.endsWith('/')) return zip.readEntry();
        zip.openReadStream(entry, (error, stream) => {
          if (error || !stream) return reject(error ?? new Error('no stream'));
          const sink = countCellsIn?.test(entry.fileName)
            ? cellCounter((n) => {
                summary.cells += n;
              })
            : new Writable({ write: (_chunk, _encoding, done) => done() });
          pipeline(stream, sink).then(() => zip.readEntry(), reject);
        });
      });
      zip.readEntry();
    });
  } catch (error) {
    if (error instanceof OperationError) throw error;
    throw new OperationError(
      'UNPROCESSABLE_FILE',
      `The ${kind} file is damaged: a part of it cannot be unpacked.`,
      { cause: error },
    );
  } finally {
    zip.close();
  }
  return summary;
}
