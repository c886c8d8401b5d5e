import { afterAll, describe, expect, it } from 'vitest';
import { closeWorkerPool, renderTextPdf } from '../../../../test/helpers/engines.js';
import { failure } from '../../../../test/helpers/operation-failure.js';
import { extractPages, openPdf, readPdfInfo } from '../extract-text.js';
import { defaultTextToPdfLimits } from '../from-text.js';
import { corpus, pdftotext, squash } from '../test-support.js';
import { type TextToPdfOptions, textToPdf } from './index.js';
import { describeMissingGlyphs } from './missing-glyphs.js';
import { sanitizeText } from './sanitize.js';
import { longestJoinedRun } from './wrap.js';

afterAll(() => closeWorkerPool());

const base: TextToPdfOptions = {
  text: '',
  font: 'sans',
  font_size: 12,
  page_size: 'A4',
  margin: 20,
  markdown: false,
};
const limits = { maxCharacters: 2_000_000 };

async function readBack(pdf: Uint8Array) {
  const doc = await openPdf(new Uint8Array(pdf));
  const pages = await extractPages(
    doc,
    Array.from({ length: doc.numPages }, (_, i) => i + 1),
  );
  return { doc, pages, text: pages.map((p) => p.text).join('\n') };
}

const multilingual = [
  'Grüße aus Köln: „Äpfel“, Œuvre, façade, naïve, Ærøskøbing, Dvořák, Łódź, São Paulo, İstanbul.',
  'Ελληνικά: Η γρήγορη καφέ αλεπού πηδά πάνω από τον τεμπέλη σκύλο.',
  'Кириллица: Съешь же ещё этих мягких французских булок, да выпей чаю.',
  'Symbols: € £ ¥ © ® ™ ± × ÷ ≤ ≥ ≠ ∞ → ⇒ ∑ √ µ ° ‰ • … – —',
].join('\n');

describe('textToPdf', () => {
  it.each(['sans', 'serif', 'mono'] as const)(
    'typesets Latin with diacritics, Greek and Cyrillic in embedded DejaVu %s, read back exactly by pdf.js and pdftotext',
    async (font) => {
      const result = await textToPdf({ ...base, text: multilingual, font }, limits);
      expect(result.missingGlyphs).toEqual([]);
      const { text } = await readBack(result.pdf);
      expect(squash(text)).toBe(squash(multilingual));
      expect(squash(pdftotext(result.pdf))).toBe(squash(multilingual));
      const raw = Buffer.from(result.pdf).toString('latin1');
      const family = { sans: 'DejaVuSans', serif: 'DejaVuSerif', mono: 'DejaVuSansMono' }[font];
      expect(raw).toMatch(new RegExp(`/BaseFont /[A-Z]{6}\\+${family}\\b`));
      expect(raw).toContain('/FontFile2');
    },
  );

  it('never breaks a line at a hyphen or inside a word a line can hold, and squeezes longer words onto one line', async () => {
    const longWord = `https://example.com/${'segment/'.repeat(30)}end`;
    const text = [
      Array.from({ length: 60 }, (_, i) => `well-known state-of-the-art co-operation-${i}`).join(' '),
      `before ${longWord} after`,
      `${'a'.repeat(300)} tail`,
    ].join('\n');
    const result = await textToPdf({ ...base, text }, limits);
    const back = await readBack(result.pdf);
    expect(squash(back.text)).toBe(squash(text));
    expect(squash(pdftotext(result.pdf))).toBe(squash(text));
  });

  it('cuts only a word too long to squeeze onto one line, and loses none of its characters', async () => {
    const word = 'x'.repeat(2000);
    const result = await textToPdf({ ...base, text: `start ${word} end` }, limits);
    const back = await readBack(result.pdf);
    expect(back.text.replace(/\s/g, '')).toBe(`start${word}end`);
  });

  it('expands tabs and drops control characters and ANSI colour sequences', async () => {
    const input = 'col1\tcol2\tcol3\r\nbell\u0007 here\u0000\n\u001b[1;31mred\u001b[0m text\u0085';
    expect(sanitizeText(input)).toBe('col1    col2    col3\nbell here\nred text');
    const result = await textToPdf({ ...base, text: input }, limits);
    const { text } = await readBack(result.pdf);
    expect(text).not.toMatch(/(?!\n)\p{Cc}/u);
    expect(squash(text)).toBe('col1 col2 col3 bell here red text');
  });

  it('flows long text onto numbered pages whose numbers are not part of the extracted text', async () => {
    const lines = Array.from({ length: 400 }, (_, i) => `Line ${i + 1} of the long text.`);
    const result = await textToPdf({ ...base, text: lines.join('\n'), title: 'Long text' }, limits);
    const back = await readBack(result.pdf);
    // 400 lines of 15 pt on 257 mm of text height: 50 lines a page.
    expect(result.pages).toBe(back.doc.numPages);
    expect(result.pages).toBe(Math.ceil(400 / Math.floor((257 * 72) / 25.4 / 15)));
    expect(squash(back.text)).toBe(squash(lines.join('\n')));
    expect(back.pages[0]?.text.startsWith('Line 1 of the long text.')).toBe(true);
    expect((await readPdfInfo(back.doc)).title).toBe('Long text');
  });

  it('honours page size, margin and font size', async () => {
    for (const [size, width, height] of [
      ['A4', 595.28, 841.89],
      ['Letter', 612, 792],
      ['Legal', 612, 1008],
    ] as const) {
      const result = await textToPdf(
        { ...base, text: 'Page size check', page_size: size, margin: 30, font_size: 20 },
        limits,
      );
      const doc = await openPdf(new Uint8Array(result.pdf));
      const page = await doc.getPage(1);
      expect(page.view).toEqual([0, 0, width, height]);
      const content = await page.getTextContent();
      const item = content.items.find((i) => 'str' in i && i.str === 'Page size check');
      expect(item && 'transform' in item ? item.transform.slice(0, 4) : null).toEqual([20, 0, 0, 20]);
      expect(item && 'transform' in item ? item.transform[4] : null).toBeCloseTo((30 * 72) / 25.4, 1);
    }
  });

  it('names the characters no embedded font can draw, and draws U+FFFD in their place', async () => {
    const result = await textToPdf(
      { ...base, text: 'Chinese 中文 and emoji 😀 and a family 👨‍👩‍👧 done' },
      limits,
    );
    expect(result.missingGlyphs).toEqual(['中', '文', '👨‍👩‍👧']);
    expect(describeMissingGlyphs(result.missingGlyphs)).toBe(
      'U+4E2D, U+6587, U+1F468+U+200D+U+1F469+U+200D+U+1F467',
    );
    expect(describeMissingGlyphs(['a', 'b', 'c'], 2)).toBe('U+0061, U+0062 and 1 more');
    const { text } = await readBack(result.pdf);
    expect(squash(text)).toBe('Chinese \uFFFD\uFFFD and emoji 😀 and a family \uFFFD done');
  });

  it('refuses text with nothing to print, a margin that leaves no room, and text over the limit', async () => {
    const blank = await failure(textToPdf({ ...base, text: ' \n\t\r\n\f  \u0007' }, limits));
    expect([blank.code, blank.field, blank.message]).toEqual([
      'VALIDATION_ERROR',
      'text',
      'The text is empty or only whitespace: there is nothing to put in the PDF.',
    ]);
    const margin = await failure(textToPdf({ ...base, text: 'x', margin: 90 }, limits));
    expect([margin.code, margin.field, margin.message]).toEqual([
      'VALIDATION_ERROR',
      'margin',
      'A margin of 90 mm leaves no room for text on A4 paper; use at most 85 mm.',
    ]);
    const huge = await failure(textToPdf({ ...base, text: 'x', font_size: 1000 }, limits));
    expect([huge.code, huge.field, huge.message]).toEqual([
      'VALIDATION_ERROR',
      'font_size',
      'font_size must be from 6 to 72 points.',
    ]);
    const large = await failure(textToPdf({ ...base, text: 'x'.repeat(101) }, { maxCharacters: 100 }));
    expect([large.code, large.message]).toEqual([
      'PAYLOAD_TOO_LARGE',
      'The text has 101 characters; at most 100 fit in one PDF. Split it into parts.',
    ]);
  });

  it('renders Markdown: headings, emphasis, lists, code blocks, quotes and clickable links, without the markup', async () => {
    const markdown = corpus('text/faker-README.md').toString('utf8');
    const sample = [
      '# Main title',
      '',
      'Some **bold**, *italic*, `code` and a [link](https://example.com/docs) &amp; more.',
      '',
      '- first',
      '- second',
      '  1. nested one',
      '',
      '> quoted words',
      '',
      '```',
      'const x = 1;',
      '\tindented();',
      '```',
      '',
      '---',
      '',
      markdown,
    ].join('\n');
    const result = await textToPdf({ ...base, text: sample, markdown: true }, limits);
    const back = await readBack(result.pdf);
    const text = squash(back.text);
    expect(
      text.startsWith(
        'Main title Some bold, italic, code and a link & more. • first • second 1. nested one quoted words const x = 1; indented();',
      ),
    ).toBe(true);
    expect(text).not.toMatch(/\*\*|```|^#|\]\(/);
    const raw = Buffer.from(result.pdf).toString('latin1');
    for (const face of ['DejaVuSans-Bold', 'DejaVuSans-Oblique', 'DejaVuSansMono']) {
      expect(raw).toMatch(new RegExp(`/BaseFont /[A-Z]{6}\\+${face}\\b`));
    }
    const annotations = await (await back.doc.getPage(1)).getAnnotations();
    expect(annotations.some((a: { url?: string }) => a.url === 'https://example.com/docs')).toBe(true);
  });

  it('typesets a megabyte of text onto hundreds of pages and reads it all back', async () => {
    const paragraph = corpus('text/GPL-3.txt').toString('utf8');
    const text = paragraph.repeat(Math.ceil(1_000_000 / paragraph.length));
    const result = await textToPdf({ ...base, text }, defaultTextToPdfLimits);
    const back = await readBack(result.pdf);
    expect(result.pages).toBeGreaterThan(300);
    expect(squash(back.text)).toBe(squash(text));
  }, 120_000);

  it('runs in the worker pool for the HTTP handler and file conversion', async () => {
    const result = await renderTextPdf({ ...base, text: 'Через пул' }, limits, { timeoutMs: 60_000 });
    expect(result.pages).toBe(1);
    expect(squash((await readBack(result.pdf)).text)).toBe('Через пул');
  });
});

describe('longestJoinedRun', () => {
  it('counts the marks and joiners stacked on one character', () => {
    expect(longestJoinedRun('plain text')).toBe(0);
    expect(longestJoinedRun('cafe\u0301 and e\u0301\u0302\u0303')).toBe(3);
    // A family emoji: three joiners, each joining the person after it.
    expect(longestJoinedRun('\u{1F468}\u200D\u{1F469}\u200D\u{1F467}')).toBe(4);
  });
});
