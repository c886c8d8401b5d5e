import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { corpusDir } from '../../lib/paths.js';
import type { BenchCase, OutputFacts } from '../case.js';
import { probeAudio } from '../ffmpeg.js';
import { megabyteText } from '../inputs.js';
import { readWith } from '../listing.js';

const encoders = {
  mp3: ['-c:a', 'libmp3lame', '-b:a', '128k'],
  opus: ['-c:a', 'libopus', '-b:a', '128k'],
} as const;

/**
 * How far an output's duration may be from the input's: 0.1 s, plus for MP3 two frames (the
 * encoder's delay and the padding of the last frame, which ffmpeg alone adds just the same: a
 * 73.1 s input at 8 kHz comes out at 73.3 s, 576 samples a frame there).
 */
function tolerance(codec: string, rate: number): number {
  if (codec !== 'mp3') return 0.1;
  const samplesPerFrame = rate >= 32_000 ? 1152 : 576;
  return 0.1 + (2 * samplesPerFrame) / rate;
}

/** An audio output must decode with the expected codec and the input's duration (see tolerance). */
function audioCheck(ffmpeg: string, codec: string, seconds: number | undefined) {
  return async ({ bytes }: { bytes: Buffer }): Promise<OutputFacts> => {
    const dir = await mkdtemp(join(tmpdir(), 'bench-audio-'));
    try {
      const path = join(dir, 'out');
      await writeFile(path, bytes);
      const probe = await probeAudio(ffmpeg, path);
      if (!probe) return { problem: 'ffmpeg cannot read the output' };
      if (probe.codec !== codec) return { problem: `${probe.codec}, not ${codec}` };
      if (seconds !== undefined && Math.abs(probe.seconds - seconds) > tolerance(codec, probe.rate)) {
        return { problem: `${probe.seconds} s, not ${seconds} s` };
      }
      return { note: `${probe.codec} ${probe.rate} Hz ${probe.channels}, ${probe.seconds} s` };
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  };
}

/** Audio conversion (issue 11) against ffmpeg called directly with the same encoder settings, and text → PDF. */
export async function mediaCases(ffmpeg: string): Promise<BenchCase[]> {
  const inputs = [
    join(corpusDir, 'audio/morning_coffee_pcm16_8k_mono.wav'),
    join(corpusDir, 'audio/trancegate_96k_mono.flac'),
  ];
  const cases: BenchCase[] = [];
  for (const input of inputs) {
    const seconds = (await probeAudio(ffmpeg, input))?.seconds;
    for (const format of ['mp3', 'opus'] as const) {
      cases.push({
        group: 'media',
        name: `audio ${basename(input)} → ${format} 128k`,
        input,
        http: {
          path: '/audio/convert',
          file: { field: 'audio', path: input, type: input.endsWith('.wav') ? 'audio/wav' : 'audio/flac' },
          fields: { format, bitrate: 128 },
        },
        peers: [
          {
            label: 'ffmpeg alone',
            command: [
              ffmpeg,
              '-hide_banner',
              '-loglevel',
              'error',
              '-nostdin',
              '-y',
              '-i',
              '{in}',
              '-vn',
              ...encoders[format],
              '{out}',
            ],
            outputExtension: `.${format}`,
          },
        ],
        concurrencies: [1],
        check: audioCheck(ffmpeg, format === 'mp3' ? 'mp3' : 'opus', seconds),
      });
    }
  }
  const text = await megabyteText();
  cases.push({
    group: 'media',
    name: 'text → PDF (1 MB of text)',
    input: text,
    http: { path: '/pdf/from-text', file: { field: 'file', path: text, type: 'text/plain' }, fields: {} },
    peers: [],
    concurrencies: [1],
    check: async ({ bytes }) => {
      try {
        const info = await readWith(bytes, 'out.pdf', (p) => ['pdfinfo', p]);
        const pages = /Pages:\s+(\d+)/.exec(info)?.[1];
        return { note: `${pages} pages` };
      } catch (error) {
        return { problem: String(error).slice(0, 150) };
      }
    },
  });
  return cases;
}
