import { bufferView } from '../../bytes.js';
import { losslessValue } from './lossless-value.js';

/** What the byte reader (csv-bytes.ts) needs to know of values and names, as the Papa path has them. */

const isDigit = (b: number | undefined) => b !== undefined && b >= 0x30 && b <= 0x39;

/** Papa's own name for the fields a row has beyond the header: a convention its users know. */
export const EXTRA_FIELDS_KEY = '__parsed_extra';

/** Duplicate or empty header names would overwrite each other's values: number the repeats. */
export function uniqueNames(header: string[]): string[] {
  const seen = new Set<string>();
  return header.map((name) => {
    let unique = name;
    for (let n = 2; seen.has(unique); n++) unique = `${name}_${n}`;
    seen.add(unique);
    return unique;
  });
}

/** A double keeps every decimal of up to 15 significant digits: such a number prints back alike. */
const EXACT_DIGITS = 15;

/**
 * Whether losslessValue types the field `bytes[start, end)` (not empty, not quoted with doubled
 * quotes) as a number or boolean. The common spellings are settled on the bytes: "true", "false",
 * an integer of up to 15 digits, a decimal of up to 15 significant digits not ending in 0 (shorter
 * than 0.000001 prints with an exponent); anything else that may be a number is asked of
 * losslessValue itself.
 */
export function typedLiteral(bytes: Uint8Array, start: number, end: number): boolean {
  const first = bytes[start];
  const length = end - start;
  if (first === 0x74) return length === 4 && matches(bytes, start, 'true');
  if (first === 0x66) return length === 5 && matches(bytes, start, 'false');
  let i = first === 0x2d ? start + 1 : start;
  const integerStart = i;
  if (i < end && bytes[i] === 0x30) i++;
  else while (i < end && isDigit(bytes[i])) i++;
  const integerDigits = i - integerStart;
  if (integerDigits === 0 || (bytes[integerStart] === 0x30 && i < end && isDigit(bytes[i]))) return false;
  if (i === end) {
    // "-0" prints back as "0".
    if (integerDigits <= EXACT_DIGITS) return !(first === 0x2d && bytes[integerStart] === 0x30);
    return askLossless(bytes, start, end);
  }
  if (bytes[i] === 0x2e) {
    const fractionStart = ++i;
    while (i < end && isDigit(bytes[i])) i++;
    if (i === fractionStart) return false;
    if (i === end) {
      if (bytes[end - 1] === 0x30) return false;
      let significant = integerDigits + (i - fractionStart);
      if (bytes[integerStart] === 0x30) {
        let zeros = 0;
        while (bytes[fractionStart + zeros] === 0x30) zeros++;
        if (zeros > 5) return askLossless(bytes, start, end);
        significant = i - fractionStart - zeros;
      }
      return significant <= EXACT_DIGITS || askLossless(bytes, start, end);
    }
  }
  return bytes[i] === 0x65 || bytes[i] === 0x45 ? askLossless(bytes, start, end) : false;
}

function matches(bytes: Uint8Array, at: number, word: string): boolean {
  for (let i = 0; i < word.length; i++) if (bytes[at + i] !== word.charCodeAt(i)) return false;
  return true;
}

function askLossless(bytes: Uint8Array, start: number, end: number): boolean {
  const value = losslessValue(bufferView(bytes).toString('latin1', start, end));
  return typeof value === 'number';
}
