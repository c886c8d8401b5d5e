import { detectFileType } from '../../operations/files/detect/detect.js';
import type { ToolHandler } from '../types.js';
import { detectInWorker } from './file-services.js';

/** Abbreviations said as words, though written in capitals: "a FLAC file", not "an F-L-A-C". */
const SAID_AS_WORDS = new Set(['FLAC', 'HEIC', 'MIDI', 'RAR']);

/**
 * "a" or "an" before a description, by its sound: a word starting with a vowel, or an abbreviation
 * spelt out whose first letter's name does ("an ELF file", "an HTML document", "an SVG image").
 *
 * @example withArticle('ELF file (application/x-elf)') // 'an ELF file (application/x-elf)'
 */
export function withArticle(description: string): string {
  const first = description.split(/[\s-]/)[0] ?? '';
  const spelt = /^[A-Z][A-Z0-9]+$|^SQLite$/.test(first) && !SAID_AS_WORDS.has(first);
  const vowelSound = /^[AEIOU]/i.test(first) || (spelt && /^[FHLMNRSX]/.test(first));
  return `${vowelSound ? 'an' : 'a'} ${description}`;
}

/** POST /files/detect */
export const fileDetectionHandler: ToolHandler<'file-detection'> = async ({ file }, { signal }) => {
  const data = await detectFileType(
    file.data,
    { name: file.filename, mime: file.declaredType },
    detectInWorker(signal),
  );
  return {
    kind: 'analysis',
    message: data.mismatch
      ? `This is ${withArticle(data.description)}, which its name or declared type does not say.`
      : `This is ${withArticle(data.description)}.`,
    data,
  };
};
