import { createRequire } from 'node:module';
import { runCommand } from '../lib/run-command.js';

/**
 * The ffmpeg the server itself uses (FFMPEG_PATH, else one on PATH, else the binary shipped in the
 * npm package @ffmpeg-installer/ffmpeg), so "ffmpeg alone" runs the same encoder build as HTTP.
 */
export async function ffmpegPath(): Promise<string> {
  if (process.env.FFMPEG_PATH) return process.env.FFMPEG_PATH;
  const onPath = await runCommand('sh', ['-c', 'command -v ffmpeg']).catch(() => undefined);
  if (onPath?.code === 0 && onPath.stdout.trim()) return onPath.stdout.trim();
  const require = createRequire(import.meta.url);
  return (require('@ffmpeg-installer/ffmpeg') as { path: string }).path;
}

/** Codec, sample rate, channels and duration of an audio file, as ffmpeg reads them. */
export async function probeAudio(
  ffmpeg: string,
  path: string,
): Promise<{ codec: string; rate: number; channels: string; seconds: number } | undefined> {
  const result = await runCommand(ffmpeg, ['-hide_banner', '-nostdin', '-i', path]);
  const duration = /Duration: (\d+):(\d+):([\d.]+)/.exec(result.stderr);
  const stream = /Audio: (\w+)[^,\n]*, (\d+) Hz, ([^,\n]+)/.exec(result.stderr);
  if (!duration || !stream) return undefined;
  const [, h = '0', m = '0', s = '0'] = duration;
  return {
    codec: stream[1] ?? '',
    rate: Number(stream[2]),
    channels: stream[3]?.trim() ?? '',
    seconds: Number(h) * 3600 + Number(m) * 60 + Number(s),
  };
}
