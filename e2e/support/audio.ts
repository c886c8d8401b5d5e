import { execFile } from 'node:child_process';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);
const ffmpeg = join(
  dirname(
    createRequire(import.meta.url).resolve(
      `@ffmpeg-installer/${process.platform}-${process.arch}/package.json`,
    ),
  ),
  'ffmpeg',
);

/** Codec, rate, channels and decoded duration of a saved file, read by ffmpeg (it decodes it all). */
export async function probe(path: string) {
  const { stderr, stdout } = await run(ffmpeg, [
    '-hide_banner',
    '-nostdin',
    '-i',
    path,
    '-f',
    'null',
    '-progress',
    'pipe:1',
    '-',
  ]);
  const stream = /Audio: (\w+)[^,]*, (\d+) Hz, (mono|stereo)/.exec(stderr);
  const time = [...stdout.matchAll(/^out_time=(\d+):(\d+):([\d.]+)$/gm)].pop();
  return {
    codec: stream?.[1],
    sampleRate: Number(stream?.[2]),
    channels: stream?.[3],
    duration: time ? Number(time[1]) * 3600 + Number(time[2]) * 60 + Number(time[3]) : Number.NaN,
  };
}
