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
/**
 * What any segmenter may break at: spaces and controls, punctuation and symbols, and scripts written
 * without spaces (Han, Kana, Thai and their neighbours), where words break between letters.
 */
const BREAKABLE =
  /[\s\p{P}\p{S}\p{Cc}\p{Cf}\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Thai}\p{Script=Lao}\p{Script=Khmer}\p{Script=Myanmar}\p{Script=Hangul}]/u;
/** Characters that continue the grapheme before them: never cut just before one. */
const CONTINUES = /\p{M}|\u200c|\u200d|[\udc00-\udfff]/u;

function lastSegmentStart(segmenter: Intl.Segmenter, text: string): number {
  let last = 0;
  for (const { index } of segmenter.segment(text)) last = index;
  return last;
}

/**
 * What breaks where a chunk ends: every segmentation ('sentence'), words and graphemes but not the
 * sentence ('word'), or nothing known: a cut inside one very long word, maybe inside a grapheme
 * ('inside'). The counts join the pieces across the last two.
 */
export type ChunkEnd = 'sentence' | 'word' | 'inside';

export interface Chunk {
  text: string;
  end: ChunkEnd;
}

function findCut(text: string, start: number, end: number): { cut: number; end: ChunkEnd } {
  const floor = start + Math.floor((end - start) / 2);
  // Searched within the window only: lastIndexOf on the whole text runs back to its start, which
  // made a 10 MB text without line breaks cost minutes.
  const newline = text.slice(floor, end).lastIndexOf('\n');
  if (newline !== -1) return { cut: floor + newline + 1, end: 'sentence' };
  // After "." a sentence only ends before a capital ("etc. and" goes on); after "!" or "?" always.
  for (let i = end - 1; i > floor; i--) {
    const before = text.charAt(i - 1);
    if (
      SPACE.test(text.charAt(i)) &&
      SENTENCE_END.has(before) &&
      (before !== '.' || UPPER.test(text.charAt(i + 1)))
    ) {
      return { cut: i + 1, end: 'sentence' };
    }
  }
  // One long run of letters (or marks) has no break to find: cut it without asking the segmenters,
  // which would cost a segmentation of the window for nothing.
  if (!BREAKABLE.test(text.slice(floor, end))) return { cut: lastResort(text, floor, end), end: 'inside' };
  // Text without spaces (Chinese, Japanese, Thai): ask the segmenters where the window breaks.
  const window = text.slice(start, end);
  const sentence = lastSegmentStart(sentences, window);
  if (start + sentence > floor) return { cut: start + sentence, end: 'sentence' };
  for (let i = end - 1; i > floor; i--) {
    if (SPACE.test(text.charAt(i))) return { cut: i, end: 'word' };
  }
  const word = lastSegmentStart(words, window);
  if (start + word > floor) return { cut: start + word, end: 'word' };
  return { cut: lastResort(text, floor, end), end: 'inside' };
}

/** The last place before `end` that starts a new grapheme, or `floor` (then never inside a surrogate pair). */
function lastResort(text: string, floor: number, end: number): number {
  let cut = end;
  while (cut > floor && CONTINUES.test(text.charAt(cut))) cut--;
  if (/[\udc00-\udfff]/.test(text.charAt(cut))) cut--;
  return cut;
}

/**
 * The text cut as segmentChunks cuts it, each piece with what breaks at its end.
 *
 * @example cutChunks('Hi there. Bye now.', 12) // [{ text: 'Hi there. ', end: 'sentence' }, { text: 'Bye now.', end: 'sentence' }]
 */
export function cutChunks(text: string, size = CHUNK_CHARS): Chunk[] {
  const chunks: Chunk[] = [];
  let start = 0;
  while (text.length - start > size) {
    const found = findCut(text, start, start + size);
    const cut = found.cut > start ? found.cut : start + size;
    chunks.push({ text: text.slice(start, cut), end: found.cut > start ? found.end : 'inside' });
    start = cut;
  }
  if (start < text.length || chunks.length === 0) chunks.push({ text: text.slice(start), end: 'sentence' });
  return chunks;
}

/**
 * The text cut into consecutive pieces of at most `size` characters at boundaries the segmenters
 * agree on (see above); joined, they give the text back.
 *
 * @example segmentChunks('Hi there. Bye now.', 12) // ['Hi there. ', 'Bye now.']
 */
export function segmentChunks(text: string, size = CHUNK_CHARS): string[] {
  return cutChunks(text, size).map((chunk) => chunk.text);
}
