import { z } from 'zod';
import { defineTool } from '../define-tool.js';
import { integer, oneOf } from '../fields.js';

/** Formats of /files/compress. */
export const archiveFormats = ['zip', 'tar.gz', 'gzip'] as const;

/** Files per archive, and their total size in bytes (50 MB). */
export const compressionLimits = { maxFiles: 50, maxTotalBytes: 50 * 1024 * 1024 } as const;

const latestTime = Date.UTC(9999, 11, 31);
const timesError =
  'last_modified must list one time per file, comma-separated, each an ISO 8601 date (2024-05-01T12:00:00Z) or milliseconds since 1970.';

/** "2024-05-01T12:00:00Z, 1714564800000" → [ms, ms]; anything else fails with one sentence. */
const fileTimes = z.string().transform((text, context) => {
  const times = text
    .split(',')
    .map((part) => part.trim())
    .map((part) => (/^\d+$/.test(part) ? Number(part) : Date.parse(part)));
  if (times.some((time) => !Number.isFinite(time) || time < 0 || time > latestTime)) {
    context.addIssue({ code: 'custom', message: timesError });
    return z.NEVER;
  }
  return times;
});

export const fileCompressionRequest = z.object({
  format: oneOf('format', archiveFormats)
    .default('zip')
    .describe('zip, tar.gz, or gzip (which compresses exactly one file).'),
  level: integer('level', 0, 9)
    .default(6)
    .describe('Compression level: 0 stores the files uncompressed, 9 is the smallest and slowest.'),
  last_modified: fileTimes
    .optional()
    .describe(
      'The files’ modification times, in the order the files are sent: ISO 8601 dates or milliseconds since 1970, comma-separated. Multipart uploads carry no file times, so without this the archive records the time of the request.',
    ),
});

export const fileCompression = defineTool({
  id: 'file-compression',
  group: 'file',
  icon: 'FileArchive',
  title: 'File Compression',
  description: 'Pack up to 50 files into a ZIP, tar.gz or gzip archive with a chosen compression level.',
  keywords: ['zip', 'tar', 'gzip', 'archive', 'bundle'],
  status: 'live',
  api: {
    path: '/files/compress',
    input: {
      kind: 'files',
      field: 'files',
      accept: [],
      min: 1,
      max: compressionLimits.maxFiles,
      maxTotalBytes: compressionLimits.maxTotalBytes,
    },
    output: 'archive',
    request: fileCompressionRequest,
    maxUploadBytes: compressionLimits.maxTotalBytes,
    mediaTypes: ['application/zip', 'application/gzip'],
    response:
      'The archive (application/zip or application/gzip) with X-Original-Size and X-Output-Size headers. Member names are cleaned (no absolute paths, no "..", no control characters, at most 200 bytes) and duplicates renamed "name (2).ext"; names are UTF-8 (flagged in zip).',
    examples: [
      { title: 'Zip several files at the default level', fields: {}, files: ['photo.jpg', 'README.md'] },
      {
        title: 'A tar.gz at maximum compression',
        fields: { format: 'tar.gz', level: 9 },
        files: ['report.pdf', 'README.md'],
      },
      { title: 'gzip one file', fields: { format: 'gzip' }, files: ['README.md'] },
    ],
  },
});
