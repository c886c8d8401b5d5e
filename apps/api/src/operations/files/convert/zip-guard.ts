import { PassThrough, Transform, Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { Inflate } from 'fflate';
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
 * An entry's raw bytes inflated, refused once they pass its declared size or end short of it.
 * With fflate, not node:zlib as yauzl would: see workers/no-native-zlib.ts.
 */
function inflating(entry: yauzl.Entry): Transform {
  if (entry.compressionMethod === 0) return new PassThrough(); // yauzl checks a stored entry's sizes
  let size = 0;
  const inflater = new Inflate((chunk) => {
    size += chunk.length;
    if (size > entry.uncompressedSize) throw new Error('an entry is larger than its header says');
    if (chunk.length > 0) stream.push(chunk);
  });
  const step = (done: (error?: Error) => void, push: () => void) => {
    try {
      push();
      done();
    } catch (error) {
      done(error as Error);
    }
  };
  const stream: Transform = new Transform({
    transform: (chunk: Buffer, _encoding, done) => step(done, () => inflater.push(chunk)),
    flush: (done) =>
      step(done, () => {
        inflater.push(new Uint8Array(0), true);
        if (size !== entry.uncompressedSize) throw new Error('an entry is smaller than its header says');
      }),
  });
  return stream;
}

/**
 * Inflates every entry of an Office document (a ZIP) once, discarding the bytes, before any
 * library reads it: the declared sizes are summed first (a bomb is refused without inflating),
 * then no entry may inflate past its declared size while it is read, so a lying header cannot
 * get more than the cap through. Libraries such as mammoth and exceljs inflate
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
        // Deflated entries come raw (yauzl itself refuses other methods and encrypted ones).
        // (@types/yauzl wants every option named; yauzl reads only those given.)
        const raw = (entry.compressionMethod === 8 ? { decompress: false } : {}) as yauzl.ZipFileOptions;
        zip.openReadStream(entry, raw, (error, stream) => {
          if (error || !stream) return reject(error ?? new Error('no stream'));
          const sink = countCellsIn?.test(entry.fileName)
            ? cellCounter((n) => {
                summary.cells += n;
              })
            : new Writable({ write: (_chunk, _encoding, done) => done() });
          Promise.resolve()
            .then(() => pipeline(stream, inflating(entry), sink))
            .then(() => zip.readEntry(), reject);
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
