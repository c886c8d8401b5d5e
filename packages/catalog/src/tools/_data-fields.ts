import { z } from 'zod';
import { oneOf } from '../fields.js';
import { defaultLimits } from '../limits.js';

/*
 * What the data-format tools share: the document's own JSON member, the upload limit (the same as
 * a JSON body's: the file is the same content) and the CSV delimiter.
 */

export const dataUploadBytes = defaultLimits.textBodyBytes;

/** A text member, refused with one sentence naming it when it is not a string. */
export function textMember(name: string) {
  return z.string({ error: `${name} must be a string.` }).optional();
}

/** The document as text, e.g. `documentText('csv', 'The CSV')`. */
export function documentText(name: string, what: string) {
  return textMember(name).describe(
    `${what} as text. Or upload it as \`file\` instead: UTF-8 (a byte order mark is dropped), or UTF-16 with a byte order mark.`,
  );
}

/** `,` `;` tab `|`, the tab by name: a literal one is awkward in forms and lists of choices. */
export const delimiters = [',', ';', 'tab', '|'] as const;
export type Delimiter = (typeof delimiters)[number];

/** The delimiter field; a tab character itself is taken as "tab". */
export function delimiterField() {
  return z.preprocess((value) => (value === '\t' ? 'tab' : value), oneOf('delimiter', delimiters));
}

/** The delimiter an operation uses. */
export function delimiterChar(value: Delimiter): ',' | ';' | '\t' | '|' {
  return value === 'tab' ? '\t' : value;
}
