import { compressionLimits } from '@toolkit/catalog';
import { OperationError } from '../../operations/errors.js';
import { createArchive } from '../../operations/files/compress/archive.js';
import type { ToolHandler } from '../types.js';

/** POST /files/compress: the archive streams from an unlinked temporary file, its size known up front. */
export const fileCompressionHandler: ToolHandler<'file-compression'> = async ({ fields, files }) => {
  const times = fields.last_modified ?? [];
  if (times.length > 0 && times.length !== files.length) {
    throw new OperationError(
      'VALIDATION_ERROR',
      `last_modified lists ${times.length} times for ${files.length} files; give one per file, in order.`,
      { field: 'last_modified' },
    );
  }
  const archive = await createArchive(
    files.map((file, i) => ({
      name: file.filename,
      data: file.data,
      lastModified: times[i] === undefined ? undefined : new Date(times[i]),
    })),
    { format: fields.format, level: fields.level, ...compressionLimits },
  );
  return {
    kind: 'file',
    data: archive.stream,
    contentType: archive.mime,
    extension: archive.extension,
    headers: {
      'content-length': archive.outputSize,
      'x-original-size': archive.originalSize,
      'x-output-size': archive.outputSize,
    },
  };
};
