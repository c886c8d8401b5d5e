import { z } from 'zod';
import { defineTool } from '../define-tool.js';
import { defaultLimits } from '../limits.js';
import { textMember } from './_data-fields.js';

const count = (what: string) => z.number().int().min(0).describe(what);

export const wordCountResponse = z.object({
  words: count(
    'Words, by Unicode word segmentation (Chinese, Japanese and Thai included; emoji and punctuation are not words).',
  ),
  characters: count(
    'Characters as grapheme clusters: a family emoji or a letter with a combining accent is one.',
  ),
  charactersNoSpaces: count('Characters that are not whitespace.'),
  sentences: count('Sentences, by Unicode sentence segmentation ("Mr." ends one).'),
  paragraphs: count('Runs of non-blank lines separated by blank lines.'),
  lines: count('Lines; a final line break does not start another.'),
  uniqueWords: count('Different words, compared case-insensitively.'),
  averageWordLength: z.number().min(0).describe('Mean characters per word, two decimals.'),
  readingTimeSeconds: count('Reading time at 238 words a minute, rounded to whole seconds.'),
  speakingTimeSeconds: count('Speaking time at 150 words a minute, rounded to whole seconds.'),
  topWords: z
    .array(
      z.object({
        word: z.string().describe('The word in lower case.'),
        count: count('How often it occurs.'),
      }),
    )
    .describe('The 10 most frequent words, most frequent first; ties in order of first appearance.'),
});

export const wordCounter = defineTool({
  id: 'word-counter',
  group: 'text',
  icon: 'LetterText',
  title: 'Word Counter',
  description:
    'Count words, characters, sentences and paragraphs, with reading and speaking time, in any language.',
  keywords: ['words', 'characters', 'reading time', 'statistics', 'count'],
  status: 'live',
  api: {
    path: '/text/word-count',
    input: { kind: 'json-or-file', field: 'file', textKey: 'text' },
    output: 'analysis',
    maxUploadBytes: defaultLimits.textBodyBytes,
    request: z.object({
      text: textMember('text').describe(
        'The text to count. Or upload it as `file`: UTF-8, or UTF-16 with a byte order mark. Empty or blank text gives zeros.',
      ),
    }),
    responseData: wordCountResponse,
    response:
      'JSON statistics: words, characters, sentences, paragraphs, lines, reading and speaking time, top words.',
    examples: [
      {
        title: 'Count an English paragraph',
        fields: { text: 'The quick brown fox jumps over the lazy dog. The dog sleeps.\n\nA new paragraph.' },
      },
      {
        title: 'Count Japanese, written without spaces',
        fields: { text: '吾輩は猫である。名前はまだ無い。' },
      },
    ],
  },
});
