import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';
import { needsTesseract, slots, tesseract } from '../../../test/helpers/ocr-engines.js';
import { checkLanguages } from './engine.js';
import { imageToText } from './image-ocr.js';
import {
  cleanScans,
  degrade,
  englishPages,
  germanPage,
  missedWords,
  roomyLimits,
  wordAccuracy,
} from './test-support.js';

/**
 * Word accuracy (1 − word edit distance / words) on pages of known text: typeset in DejaVu Serif,
 * rendered at 300 DPI, then degraded as a cheap scanner or phone does (1.5° skew, blur, noise,
 * grey paper, JPEG quality 40). The bar: 98% clean, 90% degraded.
 */

const fixture = (name: string) =>
  readFileSync(fileURLToPath(new URL(`../../../../../fixtures/ocr/${name}`, import.meta.url)));

describe.skipIf(!tesseract)(`word accuracy ${needsTesseract}`, { timeout: 300_000 }, () => {
  const services = () => {
    if (!tesseract) throw new Error('unreachable: skipped without tesseract');
    return { engine: tesseract, slots };
  };
  const read = async (image: Buffer, languages = 'eng') =>
    (await imageToText(image, checkLanguages(languages, services().engine), services(), roomyLimits)).text;
  let clean: Buffer[] = [];

  beforeAll(async () => {
    clean = await cleanScans(englishPages);
  }, 120_000);

  it.each([1, 2])('clean 300-DPI page %i: at least 98% of the words', async (number) => {
    const truth = englishPages[number - 1] ?? '';
    const text = await read(clean[number - 1] ?? Buffer.alloc(0));
    const accuracy = wordAccuracy(text, truth);
    console.info(`clean page ${number}: word accuracy ${(accuracy * 100).toFixed(1)}%`);
    expect(accuracy, `missed: ${missedWords(text, truth).join(' ')}`).toBeGreaterThanOrEqual(0.98);
  });

  // The range of skew: 1° on one page, 2° on the other.
  it.each([1, 2])('degraded page %i (skew, blur, noise, grey, JPEG 40): at least 90%', async (number) => {
    const truth = englishPages[number - 1] ?? '';
    const jpeg = await degrade(clean[number - 1] ?? Buffer.alloc(0), { seed: number, angle: number });
    const text = await read(jpeg);
    const accuracy = wordAccuracy(text, truth);
    console.info(`degraded page ${number} (${number}° skew): word accuracy ${(accuracy * 100).toFixed(1)}%`);
    expect(accuracy, `missed: ${missedWords(text, truth).join(' ')}`).toBeGreaterThanOrEqual(0.9);
  });

  it.skipIf(!tesseract?.languages().includes('deu'))(
    'German with eng+deu: umlauts and ß read as written',
    async () => {
      const [scan] = await cleanScans([germanPage]);
      const text = await read(scan ?? Buffer.alloc(0), 'eng+deu');
      expect(wordAccuracy(text, germanPage)).toBeGreaterThanOrEqual(0.98);
      expect(text).toContain('Straßenbahn fährt über die Brücke');
    },
  );

  it('a real photographed book page, lit unevenly (scikit-image sample data)', async () => {
    const truth = [
      'Region-based segmentation',
      'Let us first determine markers of the coins and the background. These markers are pixels that',
      'we can label unambiguously as either object or background. Here, the markers are found at the',
      'two extreme parts of the histogram of grey values:',
    ].join('\n');
    const text = await read(fixture('scan_scikit-image-page_384x191.png'));
    // The page's cut-off last line is not in the truth: compare the lines before it.
    const lines = text.split('\n').slice(0, text.split('\n').findIndex((line) => line.includes('grey')) + 1);
    const accuracy = wordAccuracy(lines.join('\n'), truth);
    console.info(`real photographed page: word accuracy ${(accuracy * 100).toFixed(1)}%`);
    expect(accuracy, `read: ${text}`).toBeGreaterThanOrEqual(0.8);
  });
});
