import { execFileSync } from 'node:child_process';
import { chmodSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, describe, expect, it } from 'vitest';
import { needsPoppler, needsTesseract, poppler, tesseract } from '../../test/helpers/ocr-engines.js';
import { readPgm } from '../operations/ocr/prepare.js';
import { englishPages, testPdf } from '../operations/ocr/test-support.js';
import { detectTesseract, parseLanguageList, parsePageSizes } from './ocr-engine.js';

/** The server's engines (runtime/ocr-engine.ts): found like LibreOffice, stopped with their process group. */

const work = mkdtempSync(join(tmpdir(), 'ocr-engine-test-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

/** Processes whose command line mentions `marker`. */
function processesWith(marker: string): string[] {
  const out = execFileSync('ps', ['-eo', 'pid,args'], { encoding: 'utf8' });
  return out.split('\n').filter((line) => line.includes(marker) && !line.includes('ps -eo'));
}

/**
 * A stand-in tesseract: answers --version and --list-langs as 5.x does, and on a page starts a
 * helper and waits with it forever (a page that never finishes), saying so in `started`.
 */
function standIn(marker: string): { path: string; started: string } {
  const path = join(work, `tesseract-${marker}`);
  const started = join(work, `${marker}.started`);
  writeFileSync(
    path,
    [
      '#!/bin/sh',
      'case "$1" in',
      '  --version) echo "tesseract 5.9.9"; exit 0 ;;',
      '  --list-langs) printf "List of available languages in \\"/x/\\" (3):\\neng\\nosd\\nfra\\n"; exit 0 ;;',
      'esac',
      `sh -c "sleep 3600; : ${marker}" &`,
      `echo "$@" > ${started}`,
      `sh -c "sleep 3600; : ${marker}"`,
      '',
    ].join('\n'),
  );
  chmodSync(path, 0o755);
  return { path, started };
}

async function until(condition: () => boolean): Promise<void> {
  while (!condition()) await new Promise((resolve) => setTimeout(resolve, 20));
}

describe('tesseract as a process, with a stand-in that never finishes a page', () => {
  it('is found where it is configured, with its languages (never the orientation model)', async () => {
    const engine = await detectTesseract({ path: standIn('found').path });
    expect(engine?.name).toBe('tesseract 5.9.9');
    expect(engine?.languages()).toEqual(['eng', 'fra']);
    expect(await detectTesseract({ path: join(work, 'no-such-tesseract') })).toBeUndefined();
  });

  it('is stopped with its helpers the moment the request is cancelled', async () => {
    const marker = `cancel-${process.pid}-${Date.now()}`;
    const { path, started } = standIn(marker);
    const engine = await detectTesseract({ path });
    const controller = new AbortController();
    const page = await sharp({ create: { width: 20, height: 20, channels: 3, background: '#fff' } })
      .png()
      .toBuffer();
    const run = engine?.recognize(page, {
      languages: 'eng+fra',
      timeoutMs: 600_000,
      signal: controller.signal,
    });
    await until(() => existsSync(started));
    expect(readFileSync(started, 'utf8')).toMatch(/stdout -l eng\+fra --psm 3 -c thresholding_method=2/);
    controller.abort();
    await expect(run).rejects.toMatchObject({
      code: 'TIMEOUT',
      message: expect.stringContaining('cancelled'),
    });
    // The promise settles only once the group has exited: nothing of it is left running.
    expect(processesWith(marker)).toEqual([]);
  });

  it('is stopped with its helpers at the time limit', async () => {
    const marker = `timeout-${process.pid}-${Date.now()}`;
    const engine = await detectTesseract({ path: standIn(marker).path });
    const page = await sharp({ create: { width: 20, height: 20, channels: 3, background: '#fff' } })
      .png()
      .toBuffer();
    await expect(engine?.recognize(page, { languages: 'eng', timeoutMs: 300 })).rejects.toMatchObject({
      code: 'TIMEOUT',
    });
    expect(processesWith(marker)).toEqual([]);
  });
});

describe.skipIf(!tesseract)(`the installed tesseract ${needsTesseract}`, () => {
  it('lists English among its languages', () => {
    expect(tesseract?.name).toMatch(/^tesseract \d/);
    expect(tesseract?.languages()).toContain('eng');
    expect(tesseract?.languages()).not.toContain('osd');
  });
});

describe.skipIf(!poppler)(`the PDF renderer ${needsPoppler}`, { timeout: 120_000 }, () => {
  it('measures every page without rendering, then renders one page at 300 DPI in grey', async () => {
    const pdf = await testPdf([{ text: englishPages[0] ?? '' }, { text: 'Second page.' }]);
    const rendered = await poppler?.withPdf(pdf, async (opened) => {
      expect(await opened.pageSizes()).toEqual([
        { number: 1, widthPt: 612, heightPt: 792 },
        { number: 2, widthPt: 612, heightPt: 792 },
      ]);
      return opened.renderPage(2, 300, { timeoutMs: 60_000 });
    });
    const page = readPgm(rendered ?? Buffer.alloc(0));
    expect([page?.width, page?.height]).toEqual([2550, 3300]);
  });

  it('a file that is no PDF is 422', async () => {
    await expect(
      poppler?.withPdf(Buffer.from('%PDF-1.4 nothing else'), (opened) => opened.pageSizes()),
    ).rejects.toMatchObject({ code: 'UNPROCESSABLE_FILE' });
  });
});

describe('what the engine prints, read', () => {
  it('tesseract --list-langs: the languages, without the orientation model', () => {
    const output =
      'List of available languages in "/usr/share/tesseract-ocr/5/tessdata/" (4):\neng\nosd\ndeu\nchi_sim\n';
    expect(parseLanguageList(output)).toEqual(['chi_sim', 'deu', 'eng']);
  });

  it("pdfinfo's page sizes", () => {
    const output =
      'Pages:           2\nPage    1 size:  612 x 792 pts (letter)\nPage    1 rot:   0\nPage    2 size:  595.276 x 841.89 pts (A4)\n';
    expect(parsePageSizes(output)).toEqual([
      { number: 1, widthPt: 612, heightPt: 792 },
      { number: 2, widthPt: 595.276, heightPt: 841.89 },
    ]);
  });
});
