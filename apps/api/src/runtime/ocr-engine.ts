import { writeFile } from 'node:fs/promises';
import { delimiter, join } from 'node:path';
import { OperationError } from '../operations/errors.js';
import { executable } from '../operations/files/convert/office-pdf.js';
import type {
  OcrEngine,
  OpenedPdf,
  PageSize,
  PdfRenderer,
  RecognizeOptions,
} from '../operations/ocr/engine.js';
import { runProcess, withTempDir } from './run-process.js';

/**
 * The server's OCR: Debian's tesseract and poppler's pdftoppm, each run in its own process group
 * with the page's time limit, and killed with its group the moment the request is cancelled or
 * the job deleted. Both are optional engines found at start, as LibreOffice is: without them OCR
 * is off and the formats endpoint says how to enable it.
 */

/**
 * Where a program is: the explicit path when configured (and executable), else the first of
 * `names` on the search path, else the usual install folders. Undefined: not installed.
 */
export async function locateProgram(
  names: readonly string[],
  explicit: string | undefined,
  searchPath: string | undefined,
): Promise<string | undefined> {
  if (explicit) return (await executable(explicit)) ? explicit : undefined;
  const dirs = [
    ...(searchPath ?? '').split(delimiter).filter(Boolean),
    '/usr/bin',
    '/usr/local/bin',
    '/opt/homebrew/bin',
  ];
  for (const dir of dirs) {
    for (const name of names) {
      if (await executable(join(dir, name))) return join(dir, name);
    }
  }
  return undefined;
}

// A fixed, small environment: the server's own may carry variables (OMP_*, TESSDATA_PREFIX) that
// change what the engine does. One OpenMP thread: the OCR lane's limiter decides how many pages
// run at once; tesseract's own threads on top made every page slower on a busy two-core machine.
const baseEnv = { PATH: '/usr/local/bin:/usr/bin:/bin', LANG: 'C.UTF-8', OMP_THREAD_LIMIT: '1' };

/** Tesseract's answer to --list-langs: the recognition languages, without the orientation model. */
export function parseLanguageList(output: string): string[] {
  return output
    .split('\n')
    .slice(1)
    .map((line) => line.trim())
    .filter((code) => /^[a-z]{3}(?:_[a-z]+)?$/.test(code) && code !== 'osd' && code !== 'equ')
    .sort();
}

class TesseractEngine implements OcrEngine {
  readonly name: string;
  readonly #path: string;
  readonly #languages: readonly string[];
  readonly #env: NodeJS.ProcessEnv;

  constructor(path: string, name: string, languages: readonly string[], env: NodeJS.ProcessEnv) {
    this.#path = path;
    this.name = name;
    this.#languages = languages;
    this.#env = env;
  }

  languages(): readonly string[] {
    return this.#languages;
  }

  recognize(image: Buffer, options: RecognizeOptions): Promise<string> {
    return withTempDir('ocr-', async (dir) => {
      // Leptonica reads the format from the bytes (the operations hand in PGM or PNG).
      const input = join(dir, 'page.img');
      await writeFile(input, image, { mode: 0o600 });
      // Sauvola's local threshold instead of one Otsu threshold for the page: on a real photo of
      // a page, lit unevenly, Otsu lost the darker half (60% of the words read, 86% with
      // Sauvola); generated clean and degraded pages read the same either way.
      const args = [input, 'stdout', '-l', options.languages, '--psm', '3', '-c', 'thresholding_method=2'];
      if (options.dpi) args.push('--dpi', String(options.dpi));
      const result = await runProcess(this.#path, args, {
        timeoutMs: options.timeoutMs,
        signal: options.signal,
        cwd: dir,
        env: { ...this.#env, HOME: dir, TMPDIR: dir },
        maxOutputBytes: 16 * 1024 * 1024,
      });
      if (result.code !== 0) {
        throw new OperationError(
          'UNPROCESSABLE_FILE',
          'The text of this page image could not be recognised.',
        );
      }
      return result.stdout.toString('utf8');
    });
  }
}

/**
 * Tesseract as installed here, with its version and languages, or undefined when it is missing or
 * does not answer (then OCR is off). `tessdata`: another folder of language files (TESSDATA_PREFIX).
 *
 * @example const ocr = await detectTesseract({ path: config.ocr.tesseractPath, searchPath: process.env.PATH })
 */
export async function detectTesseract(options: {
  path?: string | undefined;
  searchPath?: string | undefined;
  tessdata?: string | undefined;
}): Promise<OcrEngine | undefined> {
  const path = await locateProgram(['tesseract'], options.path, options.searchPath);
  if (!path) return undefined;
  const env = options.tessdata ? { ...baseEnv, TESSDATA_PREFIX: options.tessdata } : baseEnv;
  try {
    const version = await runProcess(path, ['--version'], { timeoutMs: 10_000, env });
    const list = await runProcess(path, ['--list-langs'], { timeoutMs: 10_000, env });
    // Tesseract 4 printed both to standard error, 5 to standard output.
    const name = `${version.stdout}${version.stderr}`.split('\n')[0]?.trim() || 'tesseract';
    const languages = parseLanguageList(`${list.stdout}${list.stderr}`);
    if (list.code !== 0 || languages.length === 0) return undefined;
    return new TesseractEngine(path, name, languages, env);
  } catch {
    return undefined;
  }
}

/** pdfinfo's page lines ("Page    3 size:  612 x 792 pts (letter)") → sizes. */
export function parsePageSizes(output: string): PageSize[] {
  const sizes: PageSize[] = [];
  for (const match of output.matchAll(/^Page\s+(\d+)\s+size:\s+([\d.]+)\s+x\s+([\d.]+)\s+pts/gm)) {
    sizes.push({ number: Number(match[1]), widthPt: Number(match[2]), heightPt: Number(match[3]) });
  }
  return sizes;
}

const damaged = () =>
  new OperationError('UNPROCESSABLE_FILE', 'A page of this PDF could not be rendered for text recognition.');

class PopplerRenderer implements PdfRenderer {
  readonly #pdftoppm: string;
  readonly #pdfinfo: string;

  constructor(pdftoppm: string, pdfinfo: string) {
    this.#pdftoppm = pdftoppm;
    this.#pdfinfo = pdfinfo;
  }

  withPdf<T>(data: Uint8Array, work: (pdf: OpenedPdf) => Promise<T>): Promise<T> {
    // The PDF is written once; each page is then rendered from the file by its own pdftoppm.
    return withTempDir('ocr-pdf-', async (dir) => {
      const file = join(dir, 'document.pdf');
      await writeFile(file, data, { mode: 0o600 });
      const env = { ...baseEnv, HOME: dir, TMPDIR: dir };
      return work({
        pageSizes: async (signal) => {
          // -l past the end is cut to the last page: every page's size in one run.
          const result = await runProcess(this.#pdfinfo, ['-f', '1', '-l', '1000000', file], {
            timeoutMs: 30_000,
            signal,
            env,
            maxOutputBytes: 64 * 1024 * 1024,
          });
          if (result.code !== 0) throw damaged();
          return parsePageSizes(result.stdout.toString('utf8'));
        },
        renderPage: async (page, dpi, options) => {
          // -gray alone writes a PGM: what the engine reads, with no PNG to encode and decode
          // (and poppler 22's -png -gray wrote three channels anyway).
          const args = ['-f', String(page), '-l', String(page), '-r', String(dpi), '-gray'];
          const result = await runProcess(this.#pdftoppm, [...args, '-singlefile', file], {
            timeoutMs: options.timeoutMs,
            signal: options.signal,
            env,
            // One grey page of the largest size allowed, with room to spare; never the whole document.
            maxOutputBytes: 256 * 1024 * 1024,
          });
          if (result.code !== 0 || result.stdout.length === 0) throw damaged();
          return result.stdout;
        },
      });
    });
  }
}

/**
 * Poppler's renderer (pdftoppm and pdfinfo, from poppler-utils) or undefined when either is
 * missing: then PDFs are read from their text layer only.
 */
export async function detectPoppler(options: {
  searchPath?: string | undefined;
}): Promise<PdfRenderer | undefined> {
  const pdftoppm = await locateProgram(['pdftoppm'], undefined, options.searchPath);
  const pdfinfo = await locateProgram(['pdfinfo'], undefined, options.searchPath);
  return pdftoppm && pdfinfo ? new PopplerRenderer(pdftoppm, pdfinfo) : undefined;
}
