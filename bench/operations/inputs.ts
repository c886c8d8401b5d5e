import { existsSync } from 'node:fs';
import { mkdir, readdir, readFile, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { corpusDir, resultsDir } from '../lib/paths.js';
import { runCommand } from '../lib/run-command.js';

/** Generated inputs are made once into bench/results/inputs/ (git-ignored) from corpus files. */
export const inputsDir = join(resultsDir, 'inputs');

/**
 * The lines of a text file, repeated as often as needed and cut at a line end, up to `bytes`: a large
 * realistic input. With `keepFirstLine` (a CSV header) the first line is written once.
 */
async function grow(path: string, target: string, bytes: number, keepFirstLine = false): Promise<string> {
  if (existsSync(target)) return target;
  await mkdir(inputsDir, { recursive: true });
  const [head = '', ...rest] = (await readFile(path, 'utf8')).split('\n');
  const lines = (keepFirstLine ? rest : [head, ...rest]).filter((l) => l !== '');
  const out: string[] = keepFirstLine ? [head] : [];
  let size = keepFirstLine ? Buffer.byteLength(head) + 1 : 0;
  for (let i = 0; lines.length > 0; i = (i + 1) % lines.length) {
    const line = lines[i] ?? '';
    size += Buffer.byteLength(line) + 1;
    if (size > bytes) break;
    out.push(line);
  }
  await writeFile(target, `${out.join('\n')}\n`);
  return target;
}

/** ~9.5 MB of CSV (the IEEE OUI registry's excerpt repeated), under the 10 MB limit for documents. */
export const bigCsv = () =>
  grow(
    join(corpusDir, 'data/csv/ieee-oui_2008-rows.csv'),
    join(inputsDir, 'oui-excerpt-9.5mb.csv'),
    9.5e6,
    true,
  );

/** The same rows as a JSON array of objects (written by Miller, so neither side made it). */
export async function bigJson(): Promise<string> {
  const target = join(inputsDir, 'oui-excerpt-rows.json');
  if (!existsSync(target)) {
    const csv = await bigCsv();
    const result = await runCommand('mlr', ['--icsv', '--ojson', '--infer-none', 'cat', csv]);
    if (result.code !== 0) throw new Error(`mlr could not make the JSON input: ${result.stderr}`);
    // Cut to ~9.5 MB of whole records so the body stays under the 10 MB limit.
    const rows = JSON.parse(result.stdout) as unknown[];
    const out: unknown[] = [];
    let size = 2;
    for (const row of rows) {
      size += JSON.stringify(row).length + 1;
      if (size > 9.5e6) break;
      out.push(row);
    }
    await writeFile(target, JSON.stringify(out));
  }
  return target;
}

/** ~9.5 MB of English prose (the Jargon File's first lines repeated), for the word counter. */
export const bigText = () =>
  grow(join(corpusDir, 'text/jargon-file-4.4.7_head.txt'), join(inputsDir, 'jargon-9.5mb.txt'), 9.5e6);

/** ~9.5 MB of Russian (the fortunes file repeated), for the word counter in Cyrillic. */
export const bigRussianText = () =>
  grow(join(corpusDir, 'text/fortunes-knowledge.ru.txt'), join(inputsDir, 'fortunes-ru-9.5mb.txt'), 9.5e6);

/** 1 MB of text for text → PDF. */
export const megabyteText = () =>
  grow(join(corpusDir, 'text/jargon-file-4.4.7_head.txt'), join(inputsDir, 'jargon-1mb.txt'), 1e6);

/** A 5 MB binary (the start of a corpus photo) and its base64 text, for the base64 endpoints. */
export async function base64Inputs(): Promise<{ binary: string; text: string }> {
  const binary = join(inputsDir, 'binary-5mb.bin');
  const text = join(inputsDir, 'binary-5mb.b64');
  if (!existsSync(text)) {
    await mkdir(inputsDir, { recursive: true });
    const bytes = (await readFile(join(corpusDir, 'images/photo_elephants_3840x2160.jpg'))).subarray(0, 5e6);
    await writeFile(binary, bytes);
    await writeFile(text, bytes.toString('base64'));
  }
  return { binary, text };
}

/** Every regular file of the corpus, for detection (the bad files included: they are real files too). */
export async function corpusFiles(): Promise<string[]> {
  const out: string[] = [];
  for (const dir of [
    'audio',
    'bad',
    'data/csv',
    'data/json',
    'data/xml',
    'data/yaml',
    'images',
    'misc',
    'pdf',
    'text',
  ]) {
    for (const name of (await readdir(join(corpusDir, dir))).sort()) out.push(join(corpusDir, dir, name));
  }
  return out;
}

/** Corpus files adding up to at most `maxBytes` and 50 files (the archive endpoint's limits). */
export async function archiveSet(maxBytes = 48e6): Promise<string[]> {
  const candidates: { path: string; size: number }[] = [];
  for (const dir of ['images', 'pdf', 'text', 'data/json', 'data/csv', 'data/xml', 'audio']) {
    for (const name of (await readdir(join(corpusDir, dir))).sort()) {
      const path = join(corpusDir, dir, name);
      candidates.push({ path, size: (await stat(path)).size });
    }
  }
  // Largest first, so the set comes near the size limit before the 50-file limit.
  candidates.sort((a, b) => b.size - a.size || a.path.localeCompare(b.path));
  const chosen: string[] = [];
  let total = 0;
  for (const { path, size } of candidates) {
    if (chosen.length >= 50 || total + size > maxBytes) continue;
    chosen.push(path);
    total += size;
  }
  return chosen;
}

/** A Word document made by LibreOffice from a corpus text (the corpus has none), for docx → pdf. */
export async function docxInput(soffice: string): Promise<string> {
  const target = join(inputsDir, 'GPL-3.docx');
  if (!existsSync(target)) {
    await mkdir(inputsDir, { recursive: true });
    const result = await runCommand(soffice, [
      '--headless',
      '--norestore',
      '--convert-to',
      'docx:MS Word 2007 XML',
      '--outdir',
      inputsDir,
      join(corpusDir, 'text/GPL-3.txt'),
    ]);
    if (result.code !== 0 || !existsSync(target))
      throw new Error(`soffice could not make the docx input: ${result.stderr}`);
  }
  return target;
}
