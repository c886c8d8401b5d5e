/**
 * Intl.Segmenter on Node 20 costs far more than linear time in the length of the text it is given
 * (108k characters of Japanese took 8 s, 432k over a minute), so long text is segmented in pieces of
 * a few thousand characters. The pieces end where every segmentation breaks anyway, so that the
 * counts equal those of the whole text: after a line break (a sentence, word and grapheme boundary),
 * else after a sentence's closing punctuation and its space, else where the sentence segmenter ends
 * the window's last sentence, else before any space (a word and grapheme boundary), else before the
 * window's last word, and only as a last resort at a character that starts a new grapheme.
 */
export const CHUNK_CHARS = 2000;

const SENTENCE_END = new Set(['.', '!', '?']);
const UPPER = /\p{Lu}/u;
const sentences = new Intl.Segmenter(undefined, { granularity: 'sentence' });
const words = new Intl.Segmenter(undefined, { granularity: 'word' });
const SPACE = /[ \t\u00a0\u3000]/;
/** Characters that continue the grapheme before them: never cut just before one. */
const CONTINUES = /\p{M}|\u200c|\u200d|[\udc00-\udfff]/u;

function lastSegmentStart(segmenter: Intl.Segmenter, text: string): number {
  let last = 0;
  for (const { index } of segmenter.segment(text)) last = index;
  return last;
}

function findCut(text: string, start: number, end: number): number {
  const floor = start + Math.floor((end - start) / 2);
  const newline = text.lastIndexOf('\n', end - 1);
  if (newline >= floor) return newline + 1;
  // After "." a sentence only ends before a capital ("etc. and" goes on); after "!" or "?" always.
  for (let i = end - 1; i > floor; i--) {
    const before = text.charAt(i - 1);
    if (
      SPACE.test(text.charAt(i)) &&
      SENTENCE_END.has(before) &&
      (before !== '.' || UPPER.test(text.charAt(i + 1)))
    ) {
      return i + 1;
    }
  }
  // Text without spaces (Chinese, Japanese, Thai): ask the segmenters where the window breaks.
  const window = text.slice(start, end);
  const sentence = lastSegmentStart(sentences, window);
  if (start + sentence > floor) return start + sentence;
  for (let i = end - 1; i > floor; i--) {
    if (SPACE.test(text.charAt(i))) return i;
  }
  const word = lastSegmentStart(words, window);
  if (start + word > floor) return start + word;
  let cut = end;
  while (cut > floor && CONTINUES.test(text.charAt(cut))) cut--;
  return cut;
}

/**
 * The text cut into consecutive pieces of at most `size` characters at boundaries the segmenters
 * agree on (see above); joined, they give the text back.
 *
 * @example segmentChunks('Hi there. Bye now.', 12) // ['Hi there. ', 'Bye now.']
 */
export function segmentChunks(text: string, size = CHUNK_CHARS): string[] {
  const chunks: string[] = [];
  let start = 0;
  while (text.length - start > size) {
    const end = start + size;
    const found = findCut(text, start, end);
    const cut = found > start ? found : end;
    chunks.push(text.slice(start, cut));
    start = cut;
  }
  if (start < text.length || chunks.length === 0) chunks.push(text.slice(start));
  return chunks;
}
