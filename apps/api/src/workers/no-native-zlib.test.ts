import { createHook } from 'node:async_hooks';
import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { deflateSync } from 'node:zlib';
import Piscina from 'piscina';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { fixture } from '../../test/helpers/fixtures.js';
import { defaultDocumentLimits } from '../operations/files/convert/job.js';
import { makeDocx, paragraph } from '../operations/files/test-support/fixtures.js';
import type { TaskReply } from './task-table.js';
import serve from './worker.js';

/*
 * The worker pool terminates a thread whose request timed out, and Node 20 aborts the whole
 * process when a thread is terminated between the creation of a native zlib handle and its
 * initialisation ("close before init"). So the tasks inflate and deflate with fflate: none of
 * them may create a native zlib handle. The worker's own entry is loaded here, as in a thread.
 */

/** Native zlib handles created while `work` runs (each is an async resource of type ZLIB). */
async function zlibHandles(work: () => Promise<unknown>): Promise<number> {
  let handles = 0;
  const hook = createHook({
    init: (_id, type) => {
      if (type === 'ZLIB') handles++;
    },
  }).enable();
  try {
    await work();
  } finally {
    hook.disable();
  }
  return handles;
}

async function run(name: string, input: unknown): Promise<unknown> {
  const answer = (await serve({ name, input })) as Record<symbol, unknown>;
  // A reply with byte arrays comes wrapped for piscina to move them.
  const reply = (answer[Piscina.valueSymbol] ?? answer) as TaskReply;
  if (!reply.ok) throw new Error(`${name}: ${reply.error.message}`);
  return reply.value;
}

const job = (data: Uint8Array, from: string, to: string) => ({
  data,
  from,
  to,
  title: 't',
  limits: defaultDocumentLimits,
});

describe('worker tasks and native zlib', () => {
  it('sees a native zlib handle when one is made (the check can fail)', async () => {
    expect(await zlibHandles(async () => deflateSync('x'))).toBe(1);
  });

  it('reads PDFs, writes PDFs and converts Office files without one', async () => {
    const png = await sharp({
      create: { width: 4, height: 4, channels: 3, background: '#0a0' },
    })
      .png()
      .toBuffer();
    const docx = await makeDocx(paragraph('Hello from a document.'), {
      'word/media/a.png': png,
    });
    const csv = new TextEncoder().encode('name,count\nApples,3\nPears,5\n');
    const work = async () => {
      const pdf = new Uint8Array(fixture('pdf/ltnews18_1page.pdf'));
      const read = (await run('pdf.open-and-extract', {
        data: pdf,
        ranges: undefined,
        extractUpTo: 10,
        maxInflatedBytes: 64 << 20,
      })) as { pages: { text: string }[] };
      expect(read.pages[0]?.text.length).toBeGreaterThan(100);
      const written = (await run('pdf.from-text', {
        options: {
          text: 'Hello\n'.repeat(200),
          font: 'sans',
          font_size: 12,
          page_size: 'A4',
          margin: 20,
          markdown: false,
        },
        limits: { maxCharacters: 100_000 },
      })) as { pdf: Uint8Array };
      expect(Buffer.from(written.pdf).subarray(0, 5).toString()).toBe('%PDF-');
      expect(await run('files.convert-document', job(docx, 'docx', 'html'))).toBeTruthy();
      const xlsx = (await run('files.convert-document', job(csv, 'csv', 'xlsx'))) as Uint8Array;
      const back = (await run(
        'files.convert-document',
        job(new Uint8Array(xlsx), 'xlsx', 'csv'),
      )) as Uint8Array;
      expect(Buffer.from(back).toString()).toContain('Apples,3');
    };
    expect(await zlibHandles(work)).toBe(0);
  });

  it('survives its threads being terminated while they inflate, again and again', async () => {
    // With node:zlib in the guards this process aborted within 20 to 80 rounds (PDF) or ~200 (ZIP).
    const fixtureFile = fileURLToPath(new URL('./terminate.fixture.ts', import.meta.url));
    const cwd = fileURLToPath(new URL('../..', import.meta.url));
    const stress = (subject: string, rounds: number) =>
      promisify(execFile)(process.execPath, ['--import', 'tsx', fixtureFile, subject, String(rounds)], {
        cwd,
        timeout: 150_000,
      });
    const [pdf, zip] = await Promise.all([stress('pdf', 200), stress('zip', 200)]);
    expect([pdf.stdout.trim(), zip.stdout.trim()]).toEqual(['survived 200', 'survived 200']);
  }, 180_000);
});
