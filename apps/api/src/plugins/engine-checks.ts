import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { Redis } from 'ioredis';
import sharp from 'sharp';
import { findFfmpeg } from '../operations/audio/ffmpeg.js';
import { locateSoffice } from '../operations/files/convert/office-pdf.js';

const run = promisify(execFile);

/** How long one engine may take to answer before it counts as not working. */
const checkTimeoutMs = 10_000;

export interface EngineState {
  ok: boolean;
  /** Optional engines do not make the server unready when missing. */
  required: boolean;
  version: string | null;
  /** Why it is not ok, in a sentence for the operator (no paths beyond what they configured). */
  error?: string;
}

export type EngineCheck = () => Promise<EngineState>;

const failed = (required: boolean, error: string): EngineState => ({
  ok: false,
  required,
  version: null,
  error,
});

/** libvips works when it really encodes an image, not only when sharp loads. */
export const checkLibvips: EngineCheck = async () => {
  try {
    await sharp({ create: { width: 2, height: 2, channels: 3, background: '#808080' } })
      .png()
      .toBuffer();
    return { ok: true, required: true, version: sharp.versions.vips };
  } catch {
    return failed(true, 'libvips could not encode a test image.');
  }
};

/** ffmpeg as the converter finds it, run again now (`-version`), so a program removed since shows. */
export function checkFfmpeg(configured: string | undefined): EngineCheck {
  return async () => {
    try {
      const ffmpeg = await findFfmpeg({ configured });
      const { stdout } = await run(ffmpeg.path, ['-hide_banner', '-version'], { timeout: checkTimeoutMs });
      return { ok: true, required: true, version: versionIn(stdout, /ffmpeg version (\S+)/) };
    } catch {
      return failed(
        true,
        configured ? `FFMPEG_PATH=${configured} does not run as ffmpeg.` : 'No working ffmpeg was found.',
      );
    }
  };
}

/** LibreOffice is optional: absent, office → PDF is off and the server is still ready. */
export function checkLibreOffice(configured: string | undefined): EngineCheck {
  return async () => {
    const soffice = await locateSoffice(configured, process.env.PATH);
    if (!soffice) return failed(false, 'LibreOffice is not installed: office documents → PDF is off.');
    try {
      const { stdout } = await run(soffice, ['--version'], { timeout: checkTimeoutMs });
      return { ok: true, required: false, version: versionIn(stdout, /LibreOffice (\S+)/) };
    } catch {
      return failed(false, 'LibreOffice is installed but does not run.');
    }
  };
}

/** Redis, when REDIS_URL is set: one connection kept for the checks, a PING each time. */
export function checkRedis(url: string): EngineCheck & { close: () => Promise<void> } {
  const redis = new Redis(url, {
    lazyConnect: true,
    enableOfflineQueue: false,
    // No ready check: its INFO command fails unhandled when a connection closes while it starts.
    enableReadyCheck: false,
    maxRetriesPerRequest: 1,
    connectTimeout: 3000,
  });
  redis.on('error', () => {
    // Reported by the check; ioredis keeps reconnecting on its own.
  });
  const check = async (): Promise<EngineState> => {
    try {
      if (redis.status === 'wait') await redis.connect();
      await redis.ping();
      const info = await redis.info('server');
      return { ok: true, required: true, version: versionIn(info, /redis_version:(\S+)/) };
    } catch {
      return failed(true, 'Redis at REDIS_URL does not answer.');
    }
  };
  return Object.assign(check, {
    close: () =>
      redis.quit().then(
        () => undefined,
        () => redis.disconnect(),
      ),
  });
}

function versionIn(text: string, pattern: RegExp): string | null {
  return pattern.exec(text)?.[1] ?? null;
}
