import { readdirSync, readFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { convertAudio } from './convert.js';

const flacPath = fileURLToPath(
  new URL('../../../../../fixtures/corpus/audio/trancegate_96k_mono.flac', import.meta.url),
);

/** Pids of the ffmpeg processes on this machine whose arguments include every one of `words`. */
function ffmpegsWith(words: string[]): number[] {
  return readdirSync('/proc')
    .filter((name) => /^\d+$/.test(name))
    .filter((pid) => {
      try {
        const args = readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0');
        return /ffmpeg/.test(args[0] ?? '') && words.every((word) => args.includes(word));
      } catch {
        return false;
      }
    })
    .map(Number);
}

describe('convertAudio, piped in and out', () => {
  it('leaves the next ffmpeg for the same options started and waiting, and the next conversion takes it', async () => {
    const flac = await readFile(flacPath);
    // Options no other test uses, so that the ffmpeg found is this test's.
    const options = { format: 'aac', bitrate: 40, sample_rate: 22050, channels: 1 } as const;
    const limits = { maxDurationSeconds: 1200, timeoutMs: 60_000, concurrency: 2, ffmpeg: {} };
    const words = ['pipe:3', '40k', '22050'];
    await convertAudio(flac, options, limits);
    const [waiting, ...more] = ffmpegsWith(words);
    expect(waiting).toBeDefined();
    expect(more).toEqual([]);
    const second = await convertAudio(flac, options, limits);
    expect(second.data.length).toBeGreaterThan(0);
    // The waiting one did the second conversion and is gone; another waits in its place.
    await new Promise((resolve) => setTimeout(resolve, 100));
    const now = ffmpegsWith(words);
    expect(now).toHaveLength(1);
    expect(now).not.toContain(waiting);
  });
});
