/**
 * The plain way to count words in Node, the word count's peer in the benchmark: Intl.Segmenter's
 * word granularity over each line (given a whole text at once it slows down quadratically), counting
 * the word-like segments. Prints {"words": n}.
 * Usage: node segmenter-word-count.mjs <file>
 */
import { readFileSync } from 'node:fs';

const text = readFileSync(process.argv[2] ?? '', 'utf8');
const segmenter = new Intl.Segmenter(undefined, { granularity: 'word' });
let words = 0;
for (const line of text.split('\n')) {
  for (const { isWordLike } of segmenter.segment(line)) if (isWordLike) words++;
}
process.stdout.write(`${JSON.stringify({ words })}\n`);
