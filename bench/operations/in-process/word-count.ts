import { setImmediate } from 'node:timers/promises';
import { decodeText } from '../../../apps/api/src/operations/text/decode-text.js';
import { countWords } from '../../../apps/api/src/operations/text/word-count.js';

/** The server's word count, called directly: the same work as POST /text/word-count with the file. */
export default async (data: Buffer) => {
  // The closed loop keeps time with timers: a synchronous operation lets them run between its calls.
  await setImmediate();
  return Buffer.from(JSON.stringify(countWords(decodeText(data, 'file'))));
};
