import { compressionLimits } from '@toolkit/catalog';
import { contentDisposition } from '../../core/result.js';
import { OperationError } from '../../operations/errors.js';
import { createArchive } from '../../operations/files/compress/archive.js';
import { convertFile } from '../../operations/files/convert/convert-file.js';
import { detectFileType } from '../../operations/files/detect/detect.js';
import type { HandlerTable } from '../types.js';
import { convertServices, detectInWorker } from './file-services.js';

/** Abbreviations said as words, though written in capitals: "a FLAC file", not "an F-L-A-C". */
const SAID_AS_WORDS = new Set(['FLAC', 'HEIC', 'MIDI', 'RAR']);

/**
 * "a" or "an" before a description, by its sound: a word starting with a vowel, or an abbreviation
 * spelt out whose first letter's name does ("an ELF file", "an HTML document", "an SVG image").
 *
 * @example withArticle('ELF file (application/x-elf)') // 'an ELF file (application/x-elf)'
 */
function withArticle(description: string): string {
  const first = description.split(/[\s-]/)[0] ?? '';
  const spelt = /^[A-Z][A-Z0-9]+$|^SQLite$/.test(first) && !SAID_AS_WORDS.has(first);
  const vowelSound = /^[AEIOU]/i.test(first) || (spelt && /^[FHLMNRSX]/.test(first));
  return `${vowelSound ? 'an' : 'a'} ${description}`;
}

/** The file tools' handlers, by tool id. */
export const fileHandlers = {
  'file-detection': async ({ file }, { signal }) => {
    const data = await detectFileType(
      file.data,
      { name: file.filename, mime: file.declaredType ?? '' },
      detectInWorker(signal),
    );
    return {
      kind: 'analysis',
      message: data.mismatch
        ? `This is ${withArticle(data.description)}, which its name or declared type does not say.`
        : `This is ${withArticle(data.description)}.`,
      data,
    };
  },
  // The archive streams from an unlinked temporary file, its size known up front.
  'file-compression': async ({ fields, files }) => {
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
  },
  // The converted file, as a download named <stem>-convert.<ext>.
  'file-conversion': async ({ fields, file }, context) => {
    const result = await convertFile(
      {
        data: file.data,
        name: file.filename,
        declaredType: file.declaredType ?? '',
        to: fields.to,
        sheet: fields.sheet,
      },
      await convertServices(context),
      context.signal,
    );
    return {
      kind: 'document',
      body: result.body,
      contentType: result.contentType,
      headers: {
        'content-disposition': contentDisposition(file.filename, 'convert', result.extension),
        'x-original-size': file.data.length,
        'x-output-size': Buffer.byteLength(result.body),
        ...(result.image
          ? { 'x-image-width': result.image.width, 'x-image-height': result.image.height }
          : {}),
      },
    };
  },
} satisfies Partial<HandlerTable>;
