import { execFileSync } from 'node:child_process';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import PDFDocument from 'pdfkit';
import sharp from 'sharp';
import type { ImageOcrLimits } from './image-ocr.js';

/**
 * Pages of known text for the OCR tests: written here, typeset by pdfkit with the DejaVu fonts the
 * project ships, rendered by poppler, degraded by sharp. Nothing is read from outside the repository.
 */

/** Lines of a paragraph joined by spaces, paragraphs (an empty line between) by a blank line: pdfkit wraps. */
function paragraphs(lines: readonly string[]): string {
  return lines
    .join('\n')
    .split('\n\n')
    .map((paragraph) => paragraph.replaceAll('\n', ' '))
    .join('\n\n');
}

/**
 * Limits for tests: a time limit no busy machine reaches (these tests measure words, not speed),
 * the server's default pace and page sizes.
 */
export const roomyLimits: ImageOcrLimits = {
  timeoutMs: 600_000,
  megapixelsPerSecond: 2,
  maxPagePixels: 40_000_000,
  maxInputPixels: 50_000_000,
};

/** Two pages of plain prose with capitals, digits and punctuation, as a report or letter has them. */
export const englishPages: readonly string[] = [
  [
    'The harbour office opened at seven in the morning, and by half past eight the queue of carters',
    'reached the corner of Quay Street. Each of them carried a slip with the weight of the load, the',
    'name of the ship and the berth where it would be taken on board. On Tuesday, 14 March, the clerk',
    'counted 126 slips before noon, which was more than the whole of the previous week.',
    '',
    'Most of the cargo was timber from the northern forests, cut into planks of three or four metres',
    'and stacked on flat wagons. A smaller part was wool, pressed into bales of about 180 kilograms,',
    'and a few crates of glassware that the porters handled with visible care. The harbour master',
    'wrote in his journal that the weather was calm, the tide high at 10:40, and the crane on the west',
    'pier out of order again; a mechanic had been sent for from the railway workshop.',
    '',
    'Visitors often asked why the town kept its old office when the new terminal had room for',
    'everyone. The answer was simple: the ships that called here were small, their captains knew the',
    'clerks by name, and nobody wanted to walk two kilometres to hand in a piece of paper.',
  ],
  [
    'In the afternoon the wind turned to the south-west and the first drops of rain fell on the',
    'roofs of the warehouses. Work did not stop; the men pulled canvas over the open wagons and went',
    'on loading. By five o’clock three ships had left the harbour, and a fourth, the Margaret Jane,',
    'was waiting for the evening tide with 42 tonnes of timber and 65 bales of wool in her hold.',
    '',
    'The accounts for the month show that the office took in 9,870 pounds in harbour dues, an',
    'increase of twelve per cent on the same month of the year before. Expenses were modest: wages',
    'for six clerks, coal for the stove, ink, paper, and the repair of the crane, which alone cost',
    'more than the rest together. The committee agreed to buy a new crane in the spring.',
  ],
].map(paragraphs);

/** A German paragraph with umlauts and ß: what `eng` alone misreads and `deu` gets right. */
export const germanPage = [
  'Die Straßenbahn fährt über die Brücke, während die Bäckerei schon geöffnet hat. Größere',
  'Lieferungen kommen früh am Morgen, und der Fahrer grüßt die Verkäuferin durch das Fenster.',
].join(' ');

const fontDir = join(dirname(createRequire(import.meta.url).resolve('dejavu-fonts-ttf/package.json')), 'ttf');

function collect(doc: PDFKit.PDFDocument): Promise<Buffer> {
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  return new Promise((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
    doc.end();
  });
}

/** A page as the tests build PDFs: text typeset in DejaVu Serif, or a scanned image filling the page. */
export type TestPage = { text: string } | { image: Buffer; dpi: number };

/**
 * A Letter-size PDF whose pages hold either a real text layer (12 pt DejaVu Serif, 1-inch
 * margins) or nothing but an image, as a scanner writes them: the image's size at its DPI.
 */
export async function testPdf(pages: readonly TestPage[], fontSize = 12): Promise<Buffer> {
  const doc = new PDFDocument({ autoFirstPage: false, compress: true });
  for (const page of pages) {
    if ('text' in page) {
      doc.addPage({ size: 'LETTER', margin: 72 });
      doc.font(join(fontDir, 'DejaVuSerif.ttf')).fontSize(fontSize);
      doc.text(page.text, { lineGap: 4 });
    } else {
      const meta = await sharp(page.image).metadata();
      const size: [number, number] = [(meta.width * 72) / page.dpi, (meta.height * 72) / page.dpi];
      doc.addPage({ size, margin: 0 });
      doc.image(page.image, 0, 0, { width: size[0], height: size[1] });
    }
  }
  return collect(doc);
}

/**
 * One page of a PDF as a grey PNG at `dpi`, by poppler's pdftoppm called directly: the tests'
 * own way to make "scans", independent of the renderer under test.
 */
export function renderPdfPage(pdf: Buffer, page: number, dpi = 300): Buffer {
  return execFileSync(
    'pdftoppm',
    ['-f', String(page), '-l', String(page), '-r', String(dpi), '-gray', '-png', '-singlefile', '-'],
    { input: pdf, maxBuffer: 256 * 1024 * 1024 },
  );
}

/** A clean 300-DPI "scan" of each text page: typeset, then rendered. */
export async function cleanScans(texts: readonly string[]): Promise<Buffer[]> {
  const pdf = await testPdf(texts.map((text) => ({ text })));
  return texts.map((_, index) => renderPdfPage(pdf, index + 1));
}

/** The first paragraph of each page: short texts, for tests about routing rather than accuracy. */
export const firstParagraphs = englishPages.map((page) => page.split('\n\n')[0] ?? '');

/** Clean scans cut to their text with a small white margin: a fraction of a page's pixels, quick to read. */
export async function croppedScans(texts: readonly string[]): Promise<Buffer[]> {
  return Promise.all(
    (await cleanScans(texts)).map((scan) =>
      sharp(scan)
        .trim()
        .extend({ top: 60, bottom: 60, left: 60, right: 60, background: '#ffffff' })
        .png()
        .toBuffer(),
    ),
  );
}

/** A small deterministic generator (mulberry32), so a degraded page is the same on every run. */
function random(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/**
 * What a cheap scanner or a phone does to a page: turned by `angle` degrees, blurred, a grey
 * paper (white → 205, black → 35), noise of ±`noise` levels, then saved as JPEG at quality 40.
 */
export async function degrade(
  png: Buffer,
  options: { angle?: number; blur?: number; noise?: number; seed?: number } = {},
): Promise<Buffer> {
  const { data, info } = await sharp(png)
    .greyscale()
    .rotate(options.angle ?? 1.5, { background: '#ffffff' })
    .blur(options.blur ?? 1.2)
    .linear(170 / 255, 35)
    .raw()
    .toBuffer({ resolveWithObject: true });
  const next = random(options.seed ?? 41);
  const amplitude = options.noise ?? 24;
  for (let i = 0; i < data.length; i += info.channels) {
    // Triangular noise (sum of two uniforms): mostly small, now and then the full amplitude.
    const delta = Math.round((next() + next() - 1) * amplitude);
    const value = Math.min(255, Math.max(0, (data[i] ?? 0) + delta));
    for (let c = 0; c < info.channels; c++) data[i + c] = value;
  }
  return sharp(data, { raw: { width: info.width, height: info.height, channels: info.channels } })
    .jpeg({ quality: 40 })
    .toBuffer();
}

/** Words of a text for comparison: typographic quotes and dashes as typed ones, NFKC (ligatures apart). */
export function comparableWords(text: string): string[] {
  return text
    .normalize('NFKC')
    .replace(/[‘’‚‛]/g, "'")
    .replace(/[“”„‟]/g, '"')
    .replace(/[‐‑‒–—]/g, '-')
    .split(/\s+/)
    .filter(Boolean);
}

/**
 * Word accuracy of a recognised text against the truth: 1 − (word-level edit distance / words in
 * the truth). A wrong, missing or extra word each costs one; case and punctuation count.
 */
export function wordAccuracy(recognised: string, truth: string): number {
  const got = comparableWords(recognised);
  const want = comparableWords(truth);
  if (want.length === 0) return got.length === 0 ? 1 : 0;
  // Two rows of the Levenshtein table over words.
  let previous = Array.from({ length: got.length + 1 }, (_, j) => j);
  for (let i = 1; i <= want.length; i++) {
    const current = [i];
    for (let j = 1; j <= got.length; j++) {
      const substitution = (previous[j - 1] ?? 0) + (want[i - 1] === got[j - 1] ? 0 : 1);
      current.push(Math.min(substitution, (previous[j] ?? 0) + 1, (current[j - 1] ?? 0) + 1));
    }
    previous = current;
  }
  return 1 - (previous[got.length] ?? 0) / want.length;
}

/** Where each wanted word went wrong, for a failure message a person can read. */
export function missedWords(recognised: string, truth: string): string[] {
  const got = new Set(comparableWords(recognised));
  return comparableWords(truth).filter((word) => !got.has(word));
}
