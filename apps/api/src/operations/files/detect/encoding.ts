import chardet from 'chardet';
import { OperationError } from '../../errors.js';

/** A text's encoding as we report it, and a decoded sample for the content detectors. */
export interface TextSample {
  /** e.g. 'UTF-8', 'ASCII', 'UTF-16LE', 'ISO-8859-1', 'Shift_JIS' */
  encoding: string;
  bom: boolean;
  /** The decoded beginning of the file (at most the sample size), BOM removed. */
  text: string;
  /** True when the sample is the whole file. */
  complete: boolean;
}

const boms: readonly { bytes: readonly number[]; encoding: string }[] = [
  { bytes: [0xef, 0xbb, 0xbf], encoding: 'UTF-8' },
  // UTF-32LE before UTF-16LE: its BOM starts with UTF-16LE's.
  { bytes: [0xff, 0xfe, 0x00, 0x00], encoding: 'UTF-32LE' },
  { bytes: [0x00, 0x00, 0xfe, 0xff], encoding: 'UTF-32BE' },
  { bytes: [0xff, 0xfe], encoding: 'UTF-16LE' },
  { bytes: [0xfe, 0xff], encoding: 'UTF-16BE' },
];

export function findBom(data: Uint8Array): { encoding: string; length: number } | undefined {
  const bom = boms.find((b) => b.bytes.length <= data.length && b.bytes.every((byte, i) => data[i] === byte));
  return bom ? { encoding: bom.encoding, length: bom.bytes.length } : undefined;
}

function decodeUtf32(bytes: Uint8Array, littleEndian: boolean): string | undefined {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength - (bytes.byteLength % 4));
  const chars: string[] = [];
  for (let i = 0; i < view.byteLength; i += 4) {
    const cp = view.getUint32(i, littleEndian);
    if (cp > 0x10ffff || (cp >= 0xd800 && cp <= 0xdfff)) return undefined;
    chars.push(String.fromCodePoint(cp));
  }
  return chars.join('');
}

/** Decodes strictly; undefined when the bytes are not valid in that encoding. */
function strictDecode(bytes: Uint8Array, label: string): string | undefined {
  try {
    return new TextDecoder(label, { fatal: true }).decode(bytes);
  } catch {
    return undefined;
  }
}

/** Drops a multi-byte UTF-8 sequence cut off by the end of a sample, so the sample stays valid. */
function trimPartialUtf8(bytes: Uint8Array): Uint8Array {
  for (let back = 1; back <= 3 && back <= bytes.length; back++) {
    const byte = bytes[bytes.length - back] ?? 0;
    if ((byte & 0xc0) === 0x80) continue; // continuation byte: keep looking for the lead
    if (byte >= 0xc0) {
      const needed = byte >= 0xf0 ? 4 : byte >= 0xe0 ? 3 : 2;
      return needed > back ? bytes.subarray(0, bytes.length - back) : bytes;
    }
    return bytes;
  }
  return bytes;
}

// Control characters other than tab, line feed, vertical tab, form feed, carriage return and
// escape (ANSI colour sequences appear in real text files) mark binary data.
// biome-ignore lint/suspicious/noControlCharactersInRegex: matching control characters is the point
const controlChars = /[\u0000-\u0008\u000e-\u001a\u001c-\u001f\u007f\ufffd]/g;

export function looksLikeText(text: string): boolean {
  if (text.length === 0) return true;
  const controls = text.match(controlChars)?.length ?? 0;
  return controls / text.length < 0.005;
}

const kana = /[\u3040-\u30ff]/g;
// biome-ignore lint/suspicious/noControlCharactersInRegex: counting characters beyond ASCII
const nonAscii = /[^\u0000-\u007f]/g;

/**
 * Short Shift-JIS or EUC-JP texts are taken for windows-1252 by chardet. Japanese prose is full of
 * kana, which a wrong decoding (or a Latin-1 text decoded as Japanese) almost never produces.
 */
function japaneseDecoding(bytes: Uint8Array): { encoding: string; text: string } | undefined {
  for (const encoding of ['Shift_JIS', 'EUC-JP']) {
    const text = strictDecode(bytes, encoding);
    if (text === undefined) continue;
    const foreign = text.match(nonAscii)?.length ?? 0;
    const kanaCount = text.match(kana)?.length ?? 0;
    if (foreign > 0 && kanaCount / foreign >= 0.2) return { encoding, text };
  }
  return undefined;
}

/** UTF-16 without a BOM: ASCII-range text leaves every other byte zero. */
function bomlessUtf16(bytes: Uint8Array): 'UTF-16LE' | 'UTF-16BE' | undefined {
  const pairs = Math.floor(bytes.length / 2);
  if (pairs < 8) return undefined;
  let evenZero = 0;
  let oddZero = 0;
  for (let i = 0; i < pairs * 2; i += 2) {
    if (bytes[i] === 0) evenZero++;
    if (bytes[i + 1] === 0) oddZero++;
  }
  if (oddZero / pairs > 0.9 && evenZero / pairs < 0.05) return 'UTF-16LE';
  if (evenZero / pairs > 0.9 && oddZero / pairs < 0.05) return 'UTF-16BE';
  return undefined;
}

function decodeWith(bytes: Uint8Array, encoding: string, trimEnd: boolean): string | undefined {
  if (encoding === 'UTF-32LE' || encoding === 'UTF-32BE') return decodeUtf32(bytes, encoding === 'UTF-32LE');
  const even = trimEnd && encoding.startsWith('UTF-16') ? bytes.subarray(0, bytes.length & ~1) : bytes;
  return new TextDecoder(encoding.toLowerCase()).decode(even);
}

/**
 * Reads the first `sampleBytes` of a file as text, or answers undefined when it is binary. `whole`
 * says whether `data` is the entire file (false when it is only the file's beginning).
 * Order matters: BOMs first (file-type calls a UTF-16LE text with a BOM MP3), then strict UTF-8
 * (pure ASCII reported as ASCII: chardet would call it ISO-8859-x), then chardet with the
 * Japanese correction for everything else.
 *
 * @example sampleText(Buffer.from('héllo'))?.encoding // 'UTF-8'
 */
export function sampleText(
  data: Uint8Array,
  sampleBytes = 64 * 1024,
  whole = data.length <= sampleBytes,
): TextSample | undefined {
  const complete = whole && data.length <= sampleBytes;
  const sample = data.length <= sampleBytes ? data : data.subarray(0, sampleBytes);

  const bom = findBom(sample);
  if (bom) {
    const text = decodeWith(sample.subarray(bom.length), bom.encoding, !complete);
    return text !== undefined && looksLikeText(text)
      ? { encoding: bom.encoding, bom: true, text, complete }
      : undefined;
  }

  const utf16 = bomlessUtf16(sample);
  if (utf16) {
    const text = decodeWith(sample, utf16, !complete);
    if (text !== undefined && looksLikeText(text)) return { encoding: utf16, bom: false, text, complete };
  }
  if (sample.includes(0)) return undefined;

  const utf8 = strictDecode(complete ? sample : trimPartialUtf8(sample), 'utf-8');
  if (utf8 !== undefined) {
    if (!looksLikeText(utf8)) return undefined;
    const ascii = !/[\u0080-\uffff]/.test(utf8);
    return { encoding: ascii ? 'ASCII' : 'UTF-8', bom: false, text: utf8, complete };
  }

  const japanese = japaneseDecoding(sample);
  if (japanese && looksLikeText(japanese.text)) return { ...japanese, bom: false, complete };

  const best = chardet.analyse(sample)[0];
  if (!best) return undefined;
  let encoding: string = best.name;
  // ISO-8859-1 has no printable characters at 0x80–0x9F; text using them is windows-1252.
  if (encoding === 'ISO-8859-1' && sample.some((b) => b >= 0x80 && b <= 0x9f)) encoding = 'windows-1252';
  let text: string | undefined;
  try {
    text = decodeWith(sample, encoding, !complete);
  } catch {
    return undefined; // an encoding this Node build cannot decode: not worth calling text
  }
  return text !== undefined && looksLikeText(text) ? { encoding, bom: false, text, complete } : undefined;
}

/**
 * The whole file as text: its encoding is judged on the first 64 KB (as detection does), then the
 * whole file is decoded with it; a BOM is dropped.
 *
 * @example decodeText(Buffer.from('\ufeffhello')) // 'hello'
 */
export function decodeText(data: Uint8Array): string {
  if (data.byteLength === 0) return '';
  const sample = sampleText(data);
  if (!sample)
    throw new OperationError('UNPROCESSABLE_FILE', 'The file is not text, so it cannot be read as such.');
  if (sample.complete) return sample.text;
  const body = sample.bom ? data.subarray(findBom(data)?.length ?? 0) : data;
  const encoding = sample.encoding === 'ASCII' ? 'UTF-8' : sample.encoding;
  return decodeWith(body, encoding, false) ?? '';
}
