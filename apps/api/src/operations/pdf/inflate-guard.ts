import { inflateSync } from 'node:zlib';
import { OperationError } from '../errors.js';

/*
 * pdf.js inflates a stream whole, into memory, before it reads a byte of it: 765 KB of PDF whose
 * page content is a 500 MB Flate stream took +565 MB and the whole time limit. So the streams that
 * text extraction reads (everything but images, which it skips) are inflated once here, with
 * zlib's own output cap, before pdf.js sees the file; past the budget the PDF is refused (413).
 * This is not a PDF parser: it finds the `stream` keyword after a dictionary and inflates from
 * there as many times as the dictionary names FlateDecode. A stream zlib cannot read is left to
 * pdf.js, which says whether the file is damaged.
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

/** Whether zlib gave up because the output would pass the cap (not because the data is bad). */
const overCap = (error: unknown) =>
  error instanceof RangeError || (error as { code?: string }).code === 'ERR_BUFFER_TOO_LARGE';

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
    let stream: Buffer = bytes.subarray(match.index + match[0].length);
    for (let layer = 0; layer < layers; layer++) {
      try {
        stream = inflateSync(stream, { maxOutputLength: Math.max(1, limits.maxInflatedBytes - used) });
      } catch (error) {
        if (overCap(error)) throw refuse();
        break;
      }
      if (layer === layers - 1) used += stream.length;
    }
    if (used > limits.maxInflatedBytes) throw refuse();
  }
}
