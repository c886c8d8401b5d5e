import { constants } from 'node:fs';
import { access, mkdir, readdir, readFile, stat, writeFile } from 'node:fs/promises';
import { delimiter, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Programs } from '../../engines.js';
import { OperationError } from '../../errors.js';

export const officeFormats = [
  'docx',
  'xlsx',
  'pptx',
  'odt',
  'ods',
  'odp',
  'doc',
  'xls',
  'ppt',
  'rtf',
] as const;
export type OfficeFormat = (typeof officeFormats)[number];

export interface OfficePdfOptions {
  soffice: string;
  /** Where LibreOffice runs: an engine whose limiter bounds how many run at once (a core and ~200 MB each). */
  programs: Programs;
  timeoutMs: number;
  signal?: AbortSignal | undefined;
  maxOutputBytes: number;
}

const fallbackLocations = [
  '/usr/bin/soffice',
  '/usr/lib/libreoffice/program/soffice',
  '/opt/libreoffice/program/soffice',
  '/Applications/LibreOffice.app/Contents/MacOS/soffice',
];

/** Whether `path` is a file this process may run (a configured or found program). */
export async function executable(path: string): Promise<boolean> {
  try {
    await access(path, constants.X_OK);
    return (await stat(path)).isFile();
  } catch {
    return false;
  }
}

/**
 * Where LibreOffice is: an explicit path when configured (and executable), else `soffice` or
 * `libreoffice` on the search path, else the usual install folders. Undefined: office → PDF is off.
 */
export async function locateSoffice(explicit: string | undefined, searchPath: string | undefined) {
  if (explicit) return (await executable(explicit)) ? explicit : undefined;
  const dirs = (searchPath ?? '').split(delimiter).filter(Boolean);
  const candidates = [
    ...dirs.flatMap((dir) => [join(dir, 'soffice'), join(dir, 'libreoffice')]),
    ...fallbackLocations,
    // /opt/libreoffice7.6/program/soffice and the like, as the upstream packages install it.
    ...(await readdir('/opt').catch(() => [] as string[]))
      .filter((name) => name.startsWith('libreoffice'))
      .map((name) => join('/opt', name, 'program', 'soffice')),
  ];
  for (const candidate of candidates) {
    if (await executable(candidate)) return candidate;
  }
  return undefined;
}

/**
 * An office document → PDF through LibreOffice. Each call gets its own temporary folder holding
 * the input, the output and a fresh user profile (`-env:UserInstallation`): conversions that share
 * a profile collide and fail silently. The process runs in its own group with a time limit; on
 * timeout or cancellation the whole group (soffice.bin included) is killed, and the folder is
 * removed whatever happens. Exit code 0 without a PDF is a failure too (LibreOffice does that for
 * files it cannot read).
 */
export async function officeToPdf(
  data: Buffer,
  format: OfficeFormat,
  options: OfficePdfOptions,
): Promise<Buffer> {
  return options.programs.withTempDir('soffice-', async (dir) => {
    const input = join(dir, `document.${format}`);
    const outDir = join(dir, 'out');
    await mkdir(outDir);
    await writeFile(input, data, { mode: 0o600 });
    const args = [
      `-env:UserInstallation=${pathToFileURL(join(dir, 'profile')).href}`,
      '--headless',
      '--invisible',
      '--norestore',
      '--nologo',
      '--nodefault',
      '--nolockcheck',
      '--convert-to',
      'pdf',
      '--outdir',
      outDir,
      input,
    ];
    const result = await options.programs.run(options.soffice, args, {
      timeoutMs: options.timeoutMs,
      signal: options.signal,
      cwd: dir,
      // A private HOME and TMPDIR: nothing of LibreOffice's lands in the server user's home
      // folder, and its own temporary folders (lu*.tmp, left behind when it is killed) go with ours.
      env: {
        PATH: '/usr/local/bin:/usr/bin:/bin',
        HOME: dir,
        TMPDIR: dir,
        LANG: 'C.UTF-8',
        SAL_USE_VCLPLUGIN: 'svp',
      },
      maxOutputBytes: 1024 * 1024,
    });
    const output = join(outDir, 'document.pdf');
    const size = await stat(output).then(
      (s) => s.size,
      () => -1,
    );
    if (result.code !== 0 || size <= 0) {
      throw new OperationError(
        'UNPROCESSABLE_FILE',
        `LibreOffice could not convert this ${format.toUpperCase()} file: it is damaged, protected or not what its type says.`,
      );
    }
    if (size > options.maxOutputBytes) {
      throw new OperationError('PAYLOAD_TOO_LARGE', 'The PDF would be larger than the server allows.');
    }
    const pdf = await readFile(output);
    if (!pdf.subarray(0, 5).equals(Buffer.from('%PDF-'))) {
      throw new OperationError(
        'UNPROCESSABLE_FILE',
        `LibreOffice could not convert this ${format.toUpperCase()} file.`,
      );
    }
    return pdf;
  });
}
