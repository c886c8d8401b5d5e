import { Unzlib } from 'fflate';
import { OperationError } from '../errors.js';

/*
 * pdf.js inflates a stream whole, into memory, before it reads a byte of it: 765 KB of PDF whose
 * page content is a 500 MB Flate stream took +565 MB and the whole time limit. So the streams that
 * text extraction reads (everything but images, which it skips) are inflated once here, a piece
 * at a time against a cap, before pdf.js sees the file; past the budget the PDF is refused (413).
 * This is not a PDF parser: it finds the `stream` keyword after a dictionary and inflates from
 * there as many times as the dictionary names FlateDecode. A stream that cannot be inflated is
 * left to pdf.js, which says whether the file is damaged.
 * With fflate, not node:zlib: see workers/no-native-zlib.ts.
 */

export interface InflateLimits {
  /** Bytes all non-image Flate streams may inflate to together. */
  maxInflatedBytes: number;
}

const streamKeyword = /stream\r?\n/g;
/** How far back from `stream` its dictionary may start (dictionaries are short). */
const dictionaryReach = 4096;

const mb = (bytes: number) => `${Math.round(bytes / 1024 / 1024)} MB`;

/** The dictionary just before a `stream` keyword at `at`, or undefined when there is none. */
function dictionaryBefore(text: string, at: number): string | undefined {
  const head = text.slice(Math.max(0, at - dictionaryReach), at).trimEnd();
  if (!head.endsWith('>>')) return undefined;
  const start = head.lastIndexOf(' obj');
  return start < 0 ? head : head.slice(start);
}

/** Passed the cap: thrown from fflate's callback to stop inflating. */
const overCap = Symbol('over the cap');
/** Input fed at a time: deflate inflates at most ~1032:1, so one push adds at most ~16 MB. */
const chunkBytes = 16 * 1024;

/**
 * The zlib data at the start of `data` inflated, or undefined when it is not readable zlib data;
 * throws `overCap` once the output passes `cap` bytes. Not bounded by `endstream`, which the data
 * itself may contain (pdf.js goes by /Length): fed a piece at a time until a piece gives nothing,
 * which only happens once the data has ended (deflate turns 16 KB of input into some output).
 */
function inflateCapped(data: Uint8Array, cap: number): Uint8Array | undefined {
  const chunks: Uint8Array[] = [];
  let size = 0;
  let gave = 0;
  const inflater = new Unzlib((chunk) => {
    gave = chunk.length;
    size += chunk.length;
    if (size > cap) throw overCap;
    chunks.push(chunk);
  });
  try {
    for (let at = 0; at < data.length; at += chunkBytes) {
      inflater.push(data.subarray(at, at + chunkBytes));
      if (gave === 0) break;
    }
  } catch (error) {
    if (error === overCap) throw error;
    return undefined;
  }
  return size === 0 ? undefined : Buffer.concat(chunks, size);
}

/**
 * Refuses a PDF whose streams (images aside) inflate past the budget, before pdf.js reads it.
 *
 * @example checkInflatedSize(pdfBytes, { maxInflatedBytes: 256 * 1024 * 1024 })
 */
export function checkInflatedSize(data: Uint8Array, limits: InflateLimits): void {
  const bytes = Buffer.from(data.buffer, data.byteOffset, data.byteLength);
  // latin1 maps each byte to one character, so indexes in the text are offsets in the bytes.
  const text = bytes.toString('latin1');
  let used = 0;
  const refuse = () =>
    new OperationError(
      'PAYLOAD_TOO_LARGE',
      `The PDF's compressed content unpacks to more than ${mb(limits.maxInflatedBytes)}, more than the server reads.`,
    );
  for (const match of text.matchAll(streamKeyword)) {
    const dictionary = dictionaryBefore(text, match.index);
    if (!dictionary || /\/Subtype\s*\/Image\b/.test(dictionary)) continue;
    const layers = dictionary.match(/\/FlateDecode\b|\/Fl\b/g)?.length ?? 0;
    let stream: Uint8Array | undefined = bytes.subarray(match.index + match[0].length);
    for (let layer = 0; layer < layers && stream; layer++) {
      try {
        stream = inflateCapped(stream, limits.maxInflatedBytes - used);
      } catch {
        throw refuse();
      }
      if (stream && layer === layers - 1) used += stream.length;
    }
    if (used > limits.maxInflatedBytes) throw refuse();
  }
}
