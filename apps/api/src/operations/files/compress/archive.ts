import { createWriteStream } from 'node:fs';
import { mkdtemp, open, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { createGzip } from 'node:zlib';
import type { archiveFormats } from '@toolkit/catalog';
import tar from 'tar-stream';
import yazl from 'yazl';
import { bufferView } from '../../../bytes.js';
import { OperationError } from '../../errors.js';
import { uniqueMemberNames } from './names.js';

export type ArchiveFormat = (typeof archiveFormats)[number];

export interface ArchiveInput {
  /** The name the client gave the file (cleaned before use). */
  name: string;
  data: Uint8Array;
  /** When the file was last changed, if the client said; else the time of the request. */
  lastModified?: Date | undefined;
}

export interface ArchiveOptions {
  format: ArchiveFormat;
  /** 0 (stored, no compression) to 9 (smallest). */
  level: number;
  maxFiles: number;
  maxTotalBytes: number;
}

export interface Archive {
  /** The archive's bytes, read from a file that is already deleted: nothing to clean up. */
  stream: Readable;
  outputSize: number;
  originalSize: number;
  /** The member names as written (cleaned, duplicates renamed). */
  names: string[];
  mime: string;
  extension: string;
}

const formatFacts: Record<ArchiveFormat, { mime: string; extension: string }> = {
  zip: { mime: 'application/zip', extension: 'zip' },
  'tar.gz': { mime: 'application/gzip', extension: 'tar.gz' },
  gzip: { mime: 'application/gzip', extension: 'gz' },
};

/**
 * zlib hands each chunk to the libuv thread pool and back; its default 16 KB chunks make that round
 * trip thousands of times for 50 MB. 1 MB chunks compress the same bytes about 20% faster.
 */
const gzipOptions = (level: number) => ({ level, chunkSize: 1 << 20 });

function checkInput(files: readonly ArchiveInput[], options: ArchiveOptions): number {
  if (files.length === 0)
    throw new OperationError('MISSING_FILE', 'Send at least one file in the "files" field.');
  if (files.length > options.maxFiles) {
    throw new OperationError(
      'PAYLOAD_TOO_LARGE',
      `An archive takes at most ${options.maxFiles} files; ${files.length} were sent.`,
      { field: 'files' },
    );
  }
  if (options.format === 'gzip' && files.length !== 1) {
    throw new OperationError(
      'VALIDATION_ERROR',
      `gzip compresses exactly one file; ${files.length} were sent. Use zip or tar.gz for several.`,
      { field: 'format' },
    );
  }
  if (!Number.isInteger(options.level) || options.level < 0 || options.level > 9) {
    throw new OperationError('VALIDATION_ERROR', 'The level must be a whole number from 0 to 9.', {
      field: 'level',
    });
  }
  const total = files.reduce((sum, file) => sum + file.data.byteLength, 0);
  if (total > options.maxTotalBytes) {
    const mb = (bytes: number) => `${Math.round((bytes / 1024 / 1024) * 10) / 10} MB`;
    throw new OperationError(
      'PAYLOAD_TOO_LARGE',
      `The files add up to ${mb(total)}; an archive takes at most ${mb(options.maxTotalBytes)} in all.`,
      { field: 'files' },
    );
  }
  return total;
}

/**
 * A zip of files in memory. yazl marks every name as UTF-8 (general purpose bit 11), which unzip
 * and desktop tools honour.
 */
export function zipStream(
  members: readonly { name: string; data: Uint8Array; mtime?: Date }[],
  entry: Partial<yazl.Options> = {},
) {
  const zip = new yazl.ZipFile();
  for (const { name, data, mtime } of members) zip.addBuffer(bufferView(data), name, { mtime, ...entry });
  zip.end();
  return zip.outputStream;
}

function tarGzStreams(files: readonly ArchiveInput[], names: readonly string[], level: number, now: Date) {
  const pack = tar.pack();
  // Entries are small enough to be in memory already; tar-stream copies each into the pack.
  files.forEach((file, i) => {
    pack.entry(
      { name: names[i] ?? `file-${i + 1}`, mtime: file.lastModified ?? now, mode: 0o644 },
      bufferView(file.data),
    );
  });
  pack.finalize();
  return [pack, createGzip(gzipOptions(level))] as const;
}

/**
 * Packs files into a zip, tar.gz or gzip. The archive is written to a private temporary file
 * first: its size must be sent as `X-Output-Size` before the body, and a file keeps memory flat
 * where a 50 MB archive in memory per request would not. The file is unlinked as soon as it is
 * open, so the returned stream is its only reference and no temporary file outlives the request.
 *
 * @example const archive = await createArchive([{ name: 'a.txt', data }], { format: 'zip', level: 6, maxFiles: 50, maxTotalBytes: 50 << 20 })
 */
export async function createArchive(
  files: readonly ArchiveInput[],
  options: ArchiveOptions,
): Promise<Archive> {
  const originalSize = checkInput(files, options);
  const now = new Date();
  const names = uniqueMemberNames(files.map((f) => f.name));
  const dir = await mkdtemp(join(tmpdir(), 'toolkit-compress-'));
  try {
    const path = join(dir, 'archive');
    const out = createWriteStream(path, { flags: 'wx', mode: 0o600 });
    if (options.format === 'zip') {
      const members = files.map((file, i) => ({
        name: names[i] ?? `file-${i + 1}`,
        data: file.data,
        mtime: file.lastModified ?? now,
      }));
      const { level } = options;
      const entry = { mode: 0o100644, compress: level > 0, compressionLevel: level };
      await pipeline(zipStream(members, entry), out);
    } else if (options.format === 'tar.gz') {
      const [pack, gzip] = tarGzStreams(files, names, options.level, now);
      await pipeline(pack, gzip, out);
    } else {
      const only = files[0]?.data ?? new Uint8Array();
      const gzip = createGzip(gzipOptions(options.level));
      gzip.end(bufferView(only));
      await pipeline(gzip, out);
    }
    const handle = await open(path, 'r');
    const { size } = await handle.stat();
    return {
      stream: handle.createReadStream({ autoClose: true }),
      outputSize: size,
      originalSize,
      names,
      ...formatFacts[options.format],
    };
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}
