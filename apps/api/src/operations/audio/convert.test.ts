import { execFile } from 'node:child_process';
import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { realPrograms } from '../../../test/helpers/engines.js';
import { failure } from '../../../test/helpers/operation-failure.js';
import { type AudioConvertOptions, type AudioLimits, convertAudio } from './convert.js';
import { type Ffmpeg, findFfmpeg } from './ffmpeg.js';
import { type AudioOutputFormat, audioOutputFormats } from './formats.js';

const run = promisify(execFile);
const corpusPath = (path: string) =>
  fileURLToPath(new URL(`../../../../../fixtures/corpus/${path}`, import.meta.url));
const corpus = (path: string) => readFile(corpusPath(path));

const limits: AudioLimits = {
  maxDurationSeconds: 1200,
  timeoutMs: 60_000,
  programs: realPrograms,
  ffmpeg: {},
};
let ffmpeg: Ffmpeg;
let scratch: string;

interface Probe {
  codec: string;
  sampleRate: number;
  channels: number;
  duration: number;
  bitrate?: number;
}

/** Reads a file back with ffmpeg itself (the independent reader): codec, rate, channels, exact duration by decoding. */
async function probe(data: Uint8Array): Promise<Probe> {
  const path = join(scratch, `probe-${Math.random().toString(36).slice(2)}`);
  await writeFile(path, data);
  try {
    const { stderr, stdout } = await run(
      ffmpeg.path,
      ['-hide_banner', '-nostdin', '-i', path, '-f', 'null', '-progress', 'pipe:1', '-'],
      {
        maxBuffer: 16 * 1024 * 1024,
      },
    );
    const stream = /Stream #0:0\S*: Audio: (\w+)[^,]*, (\d+) Hz, (mono|stereo|\d+ channels)/.exec(stderr);
    if (!stream) throw new Error(`no audio stream in:\n${stderr}`);
    const times = [...stdout.matchAll(/^out_time=(\d+):(\d+):([\d.]+)$/gm)].pop();
    const bitrate = /Duration: .*bitrate: (\d+) kb\/s/.exec(stderr);
    return {
      codec: stream[1] ?? '',
      sampleRate: Number(stream[2]),
      channels: stream[3] === 'mono' ? 1 : stream[3] === 'stereo' ? 2 : Number.parseInt(stream[3] ?? '0', 10),
      duration: times ? Number(times[1]) * 3600 + Number(times[2]) * 60 + Number(times[3]) : Number.NaN,
      ...(bitrate ? { bitrate: Number(bitrate[1]) } : {}),
    };
  } finally {
    await rm(path, { force: true });
  }
}

/** Writes a test input in another container with ffmpeg (WebM, AIFF, WMA, M4A, Opus, AAC). */
async function encodeInput(source: string, args: string[], name: string): Promise<Buffer> {
  const path = join(scratch, name);
  await run(ffmpeg.path, ['-hide_banner', '-nostdin', '-y', '-i', corpusPath(source), ...args, path]);
  return readFile(path);
}

const audioTempFolders = async () =>
  (await readdir(tmpdir())).filter((name) => name.startsWith('toolkit-audio-'));

beforeAll(async () => {
  ffmpeg = await findFfmpeg({});
  scratch = await mkdtemp(join(tmpdir(), 'media-test-'));
});
afterAll(async () => {
  await rm(scratch, { recursive: true, force: true });
});

const codecs: Record<AudioOutputFormat, string> = {
  mp3: 'mp3',
  wav: 'pcm_s16le',
  ogg: 'vorbis',
  opus: 'opus',
  flac: 'flac',
  aac: 'aac',
  m4a: 'aac',
};

describe('convertAudio', () => {
  it.each([
    ['audio/Front_Center_pcm16_48k_mono.wav', 48000, 1],
    ['audio/complete_vorbis_stereo.oga', 44100, 2],
    ['audio/trancegate_96k_mono.flac', 96000, 1],
  ])(
    'writes every format from %s, each read back by ffmpeg with the right codec, rate, channels and duration',
    async (file, rate, channels) => {
      const data = await corpus(file);
      const input = await probe(data);
      expect([input.sampleRate, input.channels]).toEqual([rate, channels]);
      for (const format of audioOutputFormats) {
        const result = await convertAudio(data, { format }, limits);
        const output = await probe(result.data);
        expect(output.codec, format).toBe(codecs[format]);
        // Opus is always 48 kHz inside; MP3 tops out at 48 kHz: ffmpeg picks the nearest rate it can write.
        const expectedRate = format === 'opus' ? 48000 : format === 'mp3' ? Math.min(rate, 48000) : rate;
        expect(output.sampleRate, format).toBe(expectedRate);
        expect(output.channels, format).toBe(channels);
        expect(Math.abs(output.duration - input.duration), format).toBeLessThanOrEqual(0.1);
        expect(Math.abs(result.durationSeconds - input.duration), format).toBeLessThanOrEqual(0.1);
      }
    },
    120_000,
  );

  it('applies bitrate, sample rate and channels', async () => {
    const data = await corpus('audio/wonrace_128k.mp3');
    const input = await probe(data);
    const cases: [AudioConvertOptions, Partial<Probe>][] = [
      [
        { format: 'mp3', bitrate: 64, sample_rate: 22050, channels: 1 },
        { codec: 'mp3', sampleRate: 22050, channels: 1 },
      ],
      [
        { format: 'opus', bitrate: 32, sample_rate: 16000 },
        { codec: 'opus', channels: 2 },
      ],
      [
        { format: 'flac', sample_rate: 8000, channels: 1 },
        { codec: 'flac', sampleRate: 8000, channels: 1 },
      ],
      [
        { format: 'm4a', bitrate: 96, channels: 1 },
        { codec: 'aac', sampleRate: 44100, channels: 1 },
      ],
      [
        { format: 'ogg', sample_rate: 48000 },
        { codec: 'vorbis', sampleRate: 48000, channels: 2 },
      ],
    ];
    for (const [options, expected] of cases) {
      const output = await probe((await convertAudio(data, options, limits)).data);
      expect(output, options.format).toMatchObject(expected);
      expect(Math.abs(output.duration - input.duration)).toBeLessThanOrEqual(0.1);
    }
    const low = await probe((await convertAudio(data, { format: 'mp3', bitrate: 64 }, limits)).data);
    const high = await probe((await convertAudio(data, { format: 'mp3', bitrate: 256 }, limits)).data);
    expect(low.bitrate).toBeGreaterThanOrEqual(60);
    expect(low.bitrate).toBeLessThanOrEqual(70);
    expect(high.bitrate).toBeGreaterThanOrEqual(250);
  }, 120_000);

  it('writes M4A with its index at the front (faststart)', async () => {
    const result = await convertAudio(
      await corpus('audio/Front_Center_pcm16_48k_mono.wav'),
      { format: 'm4a' },
      limits,
    );
    const moov = result.data.indexOf('moov');
    const mdat = result.data.indexOf('mdat');
    expect(moov).toBeGreaterThan(0);
    expect(moov).toBeLessThan(mdat);
    expect(result.mime).toBe('audio/mp4');
  });

  it('reads WebM, AIFF, WMA, M4A, Opus and AAC inputs', async () => {
    const source = 'audio/Front_Center_pcm16_48k_mono.wav';
    const inputs = [
      [await encodeInput(source, ['-c:a', 'libopus', '-f', 'webm'], 'in.webm'), 'webm'],
      [await encodeInput(source, ['-c:a', 'pcm_s16be', '-f', 'aiff'], 'in.aiff'), 'aif'],
      [await encodeInput(source, ['-c:a', 'wmav2', '-f', 'asf'], 'in.wma'), 'asf'],
      [await encodeInput(source, ['-c:a', 'aac', '-f', 'ipod'], 'in.m4a'), 'm4a'],
      [await encodeInput(source, ['-c:a', 'libopus', '-f', 'opus'], 'in.opus'), 'opus'],
      [await encodeInput(source, ['-c:a', 'aac', '-f', 'adts'], 'in.aac'), 'aac'],
    ] as const;
    for (const [data, kind] of inputs) {
      const result = await convertAudio(data, { format: 'wav' }, limits);
      expect(result.inputFormat).toBe(kind);
      expect(Math.abs((await probe(result.data)).duration - 1.428)).toBeLessThanOrEqual(0.1);
    }
  }, 120_000);

  it.each([
    [
      { format: 'wav', bitrate: 128 },
      'bitrate',
      'WAV is lossless and takes no bitrate; bitrate applies to mp3, ogg, opus, aac, m4a.',
    ],
    [
      { format: 'opus', sample_rate: 44100 },
      'sample_rate',
      'OPUS cannot be written at 44100 Hz; use one of 8000, 12000, 16000, 24000, 48000.',
    ],
  ] as const)('refuses %j with a 400 on the field', async (options, field, message) => {
    const error = await failure(
      convertAudio(await corpus('audio/Front_Center_pcm16_48k_mono.wav'), options, limits),
    );
    expect([error.code, error.field, error.message]).toEqual(['VALIDATION_ERROR', field, message]);
  });

  it('turns an encoder that refuses the combination into a 400 naming the setting, and uses Vorbis quality mode by default', async () => {
    const flac96k = await corpus('audio/trancegate_96k_mono.flac');
    const error = await failure(convertAudio(flac96k, { format: 'ogg', bitrate: 160 }, limits));
    expect([error.code, error.field, error.message]).toEqual([
      'VALIDATION_ERROR',
      'bitrate',
      'The OGG encoder cannot write this audio at 160 kbit/s; try another bitrate or sample_rate.',
    ]);
    const output = await probe((await convertAudio(flac96k, { format: 'ogg' }, limits)).data);
    expect([output.codec, output.sampleRate]).toEqual(['vorbis', 96000]);
  });

  it('refuses text named .mp3, a playlist and a concat script named .mp3 without handing them to ffmpeg', async () => {
    const text = await failure(
      convertAudio(await corpus('bad/text_with_mp3_extension.mp3'), { format: 'wav' }, limits),
    );
    expect(text.code).toBe('UNSUPPORTED_MEDIA_TYPE');
    expect(text.message).toBe(
      'The file is not audio in a format this converter reads: send MP3, WAV, OGG (Vorbis or Opus), FLAC, AAC, M4A, WebM, AIFF or WMA.',
    );
    for (const script of [
      '#EXTM3U\n#EXT-X-TARGETDURATION:10\n#EXTINF:10,\nfile:///etc/passwd\n#EXT-X-ENDLIST\n',
      'ffconcat version 1.0\nfile /etc/passwd\n',
    ]) {
      const error = await failure(convertAudio(Buffer.from(script), { format: 'wav' }, limits));
      expect(error.code).toBe('UNSUPPORTED_MEDIA_TYPE');
    }
    const pdf = await failure(
      convertAudio(await readFile(corpusPath('pdf/ltnews18_1page.pdf')), { format: 'mp3' }, limits),
    );
    expect(pdf.message).toContain('(it looks like PDF)');
  });

  it('refuses a playlist disguised behind an ID3 tag', async () => {
    const id3 = Buffer.from([0x49, 0x44, 0x33, 3, 0, 0, 0, 0, 0, 0]);
    const playlist = Buffer.from('#EXTM3U\n#EXTINF:10,\nfile:///etc/passwd\n#EXT-X-ENDLIST\n');
    const error = await failure(convertAudio(Buffer.concat([id3, playlist]), { format: 'wav' }, limits));
    expect(error.code).toBe('UNSUPPORTED_MEDIA_TYPE');
  });

  it('answers empty audio, and a file cut short, with 422', async () => {
    const empty = await failure(convertAudio(await corpus('bad/empty.ogg'), { format: 'mp3' }, limits));
    expect([empty.code, empty.message]).toEqual(['UNPROCESSABLE_FILE', 'The audio file is empty (0 bytes).']);
    const truncated = await failure(
      convertAudio(await corpus('bad/ogg_truncated_40pct.oga'), { format: 'wav' }, limits),
    );
    expect([truncated.code, truncated.message]).toEqual([
      'UNPROCESSABLE_FILE',
      'The OGG file cannot be decoded to its end: it is truncated (its last page is cut short or missing).',
    ]);
  });

  it('refuses audio over the duration limit from its header, before converting', async () => {
    const error = await failure(
      convertAudio(
        await corpus('audio/calmrace_vorbis_48k_stereo.ogg'),
        { format: 'mp3' },
        { ...limits, maxDurationSeconds: 60 },
      ),
    );
    expect([error.code, error.message]).toEqual([
      'PAYLOAD_TOO_LARGE',
      'The audio is 1:54 long; at most 1:00 can be converted.',
    ]);
  });

  it('refuses a result over the output limit with 413 instead of holding it in memory', async () => {
    const error = await failure(
      convertAudio(
        await corpus('audio/wonrace_128k.mp3'),
        { format: 'wav' },
        { ...limits, maxOutputBytes: 500_000 },
      ),
    );
    expect([error.code, error.message]).toEqual([
      'PAYLOAD_TOO_LARGE',
      'The converted WAV would be larger than 0.5 MB; choose a compressed format, a lower sample rate or mono.',
    ]);
  });

  it('reads FLAC and writes Ogg, Opus and AAC through pipes, with no folder; the others use files', async () => {
    const saved = process.env.TMPDIR;
    process.env.TMPDIR = join(scratch, 'missing');
    try {
      const flac = await corpus('audio/trancegate_96k_mono.flac');
      const piped = await convertAudio(flac, { format: 'opus' }, limits);
      expect((await probe(piped.data)).codec).toBe('opus');
      expect(piped.durationSeconds).toBeCloseTo((await probe(flac)).duration, 1);
      // MP3's header is patched at the end: a file, in a folder that cannot be made here.
      await expect(convertAudio(flac, { format: 'mp3' }, limits)).rejects.toThrow(/ENOENT.*mkdtemp/);
    } finally {
      if (saved === undefined) delete process.env.TMPDIR;
      else process.env.TMPDIR = saved;
    }
  });

  it('through a pipe too: the length in the header is refused before converting, a result over the limit is 413', async () => {
    const longFlac = await encodeInput(
      'audio/morning_coffee_pcm16_8k_mono.wav',
      ['-c:a', 'flac'],
      'long.flac',
    );
    const long = await failure(
      convertAudio(longFlac, { format: 'opus' }, { ...limits, maxDurationSeconds: 60 }),
    );
    expect([long.code, long.message]).toEqual([
      'PAYLOAD_TOO_LARGE',
      'The audio is 1:13 long; at most 1:00 can be converted.',
    ]);
    const large = await failure(
      convertAudio(longFlac, { format: 'aac' }, { ...limits, maxOutputBytes: 200_000 }),
    );
    expect([large.code, large.message]).toEqual([
      'PAYLOAD_TOO_LARGE',
      'The converted AAC would be larger than 0.2 MB; choose a compressed format, a lower sample rate or mono.',
    ]);
    const flac = await corpus('audio/trancegate_96k_mono.flac');
    const truncated = await failure(
      convertAudio(flac.subarray(0, flac.length >> 1), { format: 'ogg' }, limits),
    );
    expect([truncated.code, truncated.message]).toEqual([
      'UNPROCESSABLE_FILE',
      'The FLAC file cannot be decoded to its end: it is damaged or truncated.',
    ]);
    const headerOnly = await failure(convertAudio(flac.subarray(0, 60), { format: 'opus' }, limits));
    expect(headerOnly.code).toBe('UNPROCESSABLE_FILE');
  });

  it('stops ffmpeg at the time limit or when the request goes away, and leaves no temporary files', async () => {
    const before = await audioTempFolders();
    const data = await corpus('audio/calmrace_vorbis_48k_stereo.ogg');
    const slow = await failure(convertAudio(data, { format: 'flac' }, { ...limits, timeoutMs: 150 }));
    expect(slow.code).toBe('TIMEOUT');
    const controller = new AbortController();
    const running = convertAudio(data, { format: 'm4a' }, limits, controller.signal);
    setTimeout(() => controller.abort(), 100);
    const cancelled = await failure(running);
    expect(cancelled.code).toBe('TIMEOUT');
    expect(await audioTempFolders()).toEqual(before);
  });
});
