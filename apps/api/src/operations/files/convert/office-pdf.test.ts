import { execFileSync } from 'node:child_process';
import {
  chmodSync,
  existsSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { extractText, getDocumentProxy } from 'unpdf';
import { afterAll, describe, expect, it } from 'vitest';
import { limitedPrograms } from '../../../../test/helpers/engines.js';
import { makeDocx, makeXlsx, paragraph, table } from '../test-support/fixtures.js';
import { locateSoffice, officeToPdf } from './office-pdf.js';

const soffice = await locateSoffice(undefined, process.env.PATH);
const work = mkdtempSync(join(tmpdir(), 'files-office-test-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

async function pdfText(pdf: Buffer): Promise<string> {
  const doc = await getDocumentProxy(new Uint8Array(pdf));
  const { text } = await extractText(doc, { mergePages: true });
  return text;
}

const leftoverTempDirs = () => readdirSync(tmpdir()).filter((name) => name.startsWith('toolkit-soffice-'));

/** Processes whose command line mentions `marker` (their own group was killed if none is left). */
function processesWith(marker: string): string[] {
  const out = execFileSync('ps', ['-eo', 'pid,args'], { encoding: 'utf8' });
  return out.split('\n').filter((line) => line.includes(marker) && !line.includes('ps -eo'));
}

describe('the process handling, with a stand-in soffice that hangs', () => {
  it('kills the whole process group at the time limit, answers TIMEOUT and removes the temp folder', async () => {
    const marker = `hang-${process.pid}-${Date.now()}`;
    const fake = join(work, 'soffice');
    // A parent that starts a child and both wait forever, like soffice and soffice.bin on a bad file.
    const seen = join(work, 'tmpdir-seen');
    // Also records where its temporary files would go, as soffice's lu*.tmp folders do.
    writeFileSync(
      fake,
      `#!/bin/sh\nmkdir "$TMPDIR/lu1.tmp"; echo "$TMPDIR" > ${seen}\nsh -c "sleep 3600; : ${marker}" &\nsh -c "sleep 3600; : ${marker}"\n`,
    );
    chmodSync(fake, 0o755);
    const before = leftoverTempDirs().length;
    await expect(
      officeToPdf(Buffer.from('x'), 'docx', {
        soffice: fake,
        programs: limitedPrograms(1),
        timeoutMs: 300,
        maxOutputBytes: 1e6,
      }),
    ).rejects.toMatchObject({ code: 'TIMEOUT' });
    expect(processesWith(marker)).toEqual([]);
    expect(leftoverTempDirs().length).toBeLessThanOrEqual(before);
    const tempDir = readFileSync(seen, 'utf8').trim();
    expect(tempDir.startsWith(join(tmpdir(), 'toolkit-soffice-'))).toBe(true);
    expect(existsSync(tempDir)).toBe(false);
  });

  it('takes exit 0 without a PDF for the failure it is', async () => {
    const fake = join(work, 'soffice-silent');
    writeFileSync(fake, '#!/bin/sh\nexit 0\n');
    chmodSync(fake, 0o755);
    await expect(
      officeToPdf(Buffer.from('x'), 'odt', {
        soffice: fake,
        programs: limitedPrograms(1),
        timeoutMs: 5000,
        maxOutputBytes: 1e6,
      }),
    ).rejects.toMatchObject({ code: 'UNPROCESSABLE_FILE', message: expect.stringContaining('ODT') });
  });

  it('finds an explicitly configured soffice only when it is executable', async () => {
    expect(await locateSoffice(join(work, 'missing'), undefined)).toBeUndefined();
    const fake = join(work, 'soffice-found');
    writeFileSync(fake, '#!/bin/sh\n');
    chmodSync(fake, 0o755);
    expect(await locateSoffice(fake, undefined)).toBe(fake);
    expect(await locateSoffice(undefined, work)).toBe(join(work, 'soffice'));
  });
});

describe.skipIf(!soffice)(
  `LibreOffice (${soffice ?? 'not installed: apt-get install libreoffice-writer-nogui libreoffice-calc-nogui libreoffice-impress-nogui'})`,
  () => {
    const programs = limitedPrograms(2);
    const options = () => ({ soffice: soffice ?? '', programs, timeoutMs: 120_000, maxOutputBytes: 50e6 });

    it('converts a DOCX and an XLSX to PDFs whose text is the document’s', { timeout: 240_000 }, async () => {
      const docx = await makeDocx(
        paragraph('Quarterly report', 'Heading1') +
          paragraph('Grüße aus Köln') +
          table([
            ['Item', 'Count'],
            ['Apples', '3'],
          ]),
      );
      const [docPdf, sheetPdf] = await Promise.all([
        officeToPdf(docx, 'docx', options()),
        officeToPdf(
          await makeXlsx({
            Sales: [
              ['Item', 'Qty'],
              ['Pears', 12],
            ],
          }),
          'xlsx',
          options(),
        ),
      ]);
      const docText = await pdfText(docPdf);
      for (const expected of ['Quarterly report', 'Grüße aus Köln', 'Apples'])
        expect(docText).toContain(expected);
      expect(await pdfText(sheetPdf)).toMatch(/Pears\s*12/);
    });

    it('stops a conversion at its time limit, and the next one works', { timeout: 240_000 }, async () => {
      const docx = await makeDocx(paragraph('After the timeout'));
      await expect(officeToPdf(docx, 'docx', { ...options(), timeoutMs: 200 })).rejects.toMatchObject({
        code: 'TIMEOUT',
      });
      expect(await pdfText(await officeToPdf(docx, 'docx', options()))).toContain('After the timeout');
      expect(leftoverTempDirs().filter((dir) => readdirSync(join(tmpdir(), dir)).length > 0)).toEqual([]);
    });

    it('says a file LibreOffice cannot read is unprocessable', { timeout: 240_000 }, async () => {
      const truncated = (await makeXlsx({ S: [['x']] })).subarray(0, 300);
      await expect(officeToPdf(truncated, 'xlsx', options())).rejects.toMatchObject({
        code: 'UNPROCESSABLE_FILE',
      });
    });
  },
);
