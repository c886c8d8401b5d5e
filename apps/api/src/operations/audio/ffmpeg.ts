import { execFile } from 'node:child_process';
import { accessSync, chmodSync, constants, copyFileSync, mkdirSync, renameSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);

export interface FfmpegSource {
  /** FFMPEG_PATH from the configuration: used alone when set. */
  configured?: string | undefined;
  /** Look for a system ffmpeg on PATH first (default true; false in tests of the packaged one). */
  system?: boolean | undefined;
}

export interface Ffmpeg {
  path: string;
  origin: 'FFMPEG_PATH' | 'PATH' | 'package';
  /** First line of `ffmpeg -version`. */
  version: string;
}

/** Encoders the converter needs; an ffmpeg without one of them is passed over. */
export const requiredEncoders = ['libmp3lame', 'libvorbis', 'libopus', 'flac', 'aac', 'pcm_s16le'] as const;

function isExecutable(path: string): boolean {
  try {
    accessSync(path, constants.X_OK);
    return statSync(path).isFile();
  } catch {
    return false;
  }
}

/**
 * The binary shipped in @ffmpeg-installer/<platform>. npm may install it without its execute bit
 * (the package sets it in a postinstall script, and install scripts can be off): then it is made
 * executable, or, when this user may not change it, copied once to a private folder under the
 * temporary directory and made executable there.
 */
export function packagedFfmpeg(): string {
  const require = createRequire(import.meta.url);
  let path: string;
  try {
    const platformPackage = `@ffmpeg-installer/${process.platform}-${process.arch}/package.json`;
    path = join(
      require.resolve(platformPackage),
      '..',
      process.platform === 'win32' ? 'ffmpeg.exe' : 'ffmpeg',
    );
  } catch (cause) {
    throw new Error(
      `No ffmpeg: none on PATH, FFMPEG_PATH not set, and @ffmpeg-installer has no binary for ${process.platform}-${process.arch}.`,
      { cause },
    );
  }
  return ensureExecutable(path, join(tmpdir(), `toolkit-ffmpeg-${process.getuid?.() ?? 'user'}`));
}

/**
 * `path` itself when it can be run (after adding the execute bits if this user owns it), else a copy
 * in `copyDir` that can: the copy is made once and reused by later processes.
 */
export function ensureExecutable(path: string, copyDir: string): string {
  if (isExecutable(path)) return path;
  try {
    chmodSync(path, statSync(path).mode | 0o111);
    if (isExecutable(path)) return path;
  } catch {
    // Not ours to change (another user's node_modules, a read-only image): copy it instead.
  }
  const size = statSync(path).size;
  const copy = join(copyDir, `ffmpeg-${size}`);
  if (isExecutable(copy) && statSync(copy).size === size) return copy;
  mkdirSync(copyDir, { recursive: true, mode: 0o700 });
  const partial = `${copy}.${process.pid}.part`;
  copyFileSync(path, partial);
  chmodSync(partial, 0o700);
  renameSync(partial, copy);
  return copy;
}

async function inspect(path: string, origin: Ffmpeg['origin']): Promise<Ffmpeg & { missing: string[] }> {
  const version = await run(path, ['-hide_banner', '-version'], { timeout: 10_000 });
  const encoders = await run(path, ['-hide_banner', '-encoders'], {
    timeout: 10_000,
    maxBuffer: 4 * 1024 * 1024,
  });
  const missing = requiredEncoders.filter(
    (name) => !new RegExp(`^\\s*A\\S*\\s+${name}\\s`, 'm').test(encoders.stdout),
  );
  return { path, origin, version: version.stdout.split('\n', 1)[0]?.trim() ?? '', missing };
}

let found: Promise<Ffmpeg> | undefined;
let foundFor: string | undefined;

/**
 * The ffmpeg to run: FFMPEG_PATH when configured (an error if it does not work); else a system
 * ffmpeg on PATH that has every encoder the converter needs; else the one shipped in the
 * @ffmpeg-installer package, so that `npm ci` alone gives a working converter. Checked once per
 * process (by running it) and remembered.
 */
export function findFfmpeg(source: FfmpegSource = {}): Promise<Ffmpeg> {
  const key = `${source.configured ?? ''}\u0000${source.system !== false}`;
  if (!found || foundFor !== key) {
    foundFor = key;
    found = locate(source);
    found.catch(() => {
      found = undefined;
    });
  }
  return found;
}

async function locate(source: FfmpegSource): Promise<Ffmpeg> {
  if (source.configured) {
    const chosen = await inspect(source.configured, 'FFMPEG_PATH').catch((cause: unknown) => {
      throw new Error(`FFMPEG_PATH=${source.configured} does not run.`, { cause });
    });
    if (chosen.missing.length > 0) {
      throw new Error(`FFMPEG_PATH=${source.configured} lacks the encoders ${chosen.missing.join(', ')}.`);
    }
    return { path: chosen.path, origin: chosen.origin, version: chosen.version };
  }
  if (source.system !== false) {
    // A bare name: the child process looks it up on PATH itself.
    const candidate = await inspect('ffmpeg', 'PATH').catch(() => undefined);
    if (candidate && candidate.missing.length === 0) {
      return { path: candidate.path, origin: candidate.origin, version: candidate.version };
    }
  }
  const packaged = await inspect(packagedFfmpeg(), 'package');
  if (packaged.missing.length > 0) {
    throw new Error(`The packaged ffmpeg lacks the encoders ${packaged.missing.join(', ')}.`);
  }
  return { path: packaged.path, origin: packaged.origin, version: packaged.version };
}
