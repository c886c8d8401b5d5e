import { audioFormats } from '@toolkit/catalog';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectError, makeApp } from './helpers/app.js';
import { fixture } from './helpers/fixtures.js';
import { postFile, probeAudio } from './helpers/media.js';

let app: FastifyInstance;
beforeAll(async () => {
  app = await makeApp();
});
afterAll(() => app.close());

const convert = (file: string, fields: Record<string, string | number>, data = fixture(file)) =>
  postFile(app, '/audio/convert', 'audio', { data, filename: file.split('/').pop() ?? 'audio' }, fields);

const codecs = {
  mp3: 'mp3',
  wav: 'pcm_s16le',
  ogg: 'vorbis',
  opus: 'opus',
  flac: 'flac',
  aac: 'aac',
  m4a: 'aac',
};
const types = {
  mp3: 'audio/mpeg',
  wav: 'audio/wav',
  ogg: 'audio/ogg',
  opus: 'audio/ogg; codecs=opus',
  flac: 'audio/flac',
  aac: 'audio/aac',
  m4a: 'audio/mp4',
};

describe('POST /audio/convert', () => {
  it('converts Ogg Vorbis to every format, each read back by ffmpeg with its codec, channels and duration', async () => {
    const input = await probeAudio(fixture('audio/complete_vorbis_stereo.oga'));
    for (const format of audioFormats) {
      const response = await convert('audio/complete_vorbis_stereo.oga', { format });
      expect(response.statusCode, response.body).toBe(200);
      expect(response.headers['content-type']).toBe(types[format]);
      expect(response.headers['content-disposition']).toBe(
        `attachment; filename="complete_vorbis_stereo-convert.${format}"`,
      );
      const output = await probeAudio(response.rawPayload);
      expect([output.codec, output.channels], format).toEqual([codecs[format], 2]);
      expect(Math.abs(output.duration - input.duration), format).toBeLessThanOrEqual(0.1);
      expect(Math.abs(Number(response.headers['x-duration-seconds']) - input.duration)).toBeLessThanOrEqual(
        0.1,
      );
      expect(Number(response.headers['x-output-size'])).toBe(response.rawPayload.length);
    }
  }, 120_000);

  it('applies bitrate, sample rate and channels from the form', async () => {
    const response = await convert('audio/wonrace_128k.mp3', {
      format: 'mp3',
      bitrate: 64,
      sample_rate: 22050,
      channels: 1,
    });
    expect(response.statusCode).toBe(200);
    const output = await probeAudio(response.rawPayload);
    expect(output).toMatchObject({ codec: 'mp3', sampleRate: 22050, channels: 1 });
    // 64 kbit/s for 15.4 s of audio: about 123 KB, against 246 KB at the source's 128 kbit/s.
    expect(response.rawPayload.length).toBeGreaterThan(110_000);
    expect(response.rawPayload.length).toBeLessThan(135_000);
  });

  it.each([7, 999])('refuses a bitrate of %d with 400 naming the field', async (bitrate) => {
    const response = await convert('audio/Front_Center_pcm16_48k_mono.wav', { format: 'mp3', bitrate });
    const body = expectError(response, 400, 'VALIDATION_ERROR', /bitrate/);
    expect(body.details).toEqual([
      { field: 'bitrate', message: 'bitrate must be a whole number between 32 and 320.' },
    ]);
  });

  it('refuses an unknown format, and a missing one, with 400', async () => {
    const unknown = await convert('audio/Front_Center_pcm16_48k_mono.wav', { format: 'xyz' });
    expect(expectError(unknown, 400, 'VALIDATION_ERROR', /format/).details).toEqual([
      { field: 'format', message: 'format must be one of: mp3, wav, ogg, opus, flac, aac, m4a.' },
    ]);
    const missing = await convert('audio/Front_Center_pcm16_48k_mono.wav', {});
    expectError(missing, 400, 'VALIDATION_ERROR', /format/);
  });

  it('refuses text named .mp3 and a playlist named .mp3 with 415, an empty file with 400', async () => {
    expectError(
      await convert('bad/text_with_mp3_extension.mp3', { format: 'wav' }),
      415,
      'UNSUPPORTED_MEDIA_TYPE',
      'The file is not audio in a format this converter reads: send MP3, WAV, OGG (Vorbis or Opus), FLAC, AAC, M4A, WebM, AIFF or WMA.',
    );
    const playlist = Buffer.from('#EXTM3U\n#EXTINF:10,\nfile:///etc/passwd\n#EXT-X-ENDLIST\n');
    expectError(
      await convert('x.mp3', { format: 'wav' }, playlist),
      415,
      'UNSUPPORTED_MEDIA_TYPE',
      /not audio/,
    );
    expectError(await convert('bad/empty.ogg', { format: 'mp3' }), 400, 'MISSING_FILE', /empty/);
  });

  it('refuses a truncated file with 422: it cannot be decoded to its end', async () => {
    expectError(
      await convert('bad/ogg_truncated_40pct.oga', { format: 'wav' }),
      422,
      'UNPROCESSABLE_FILE',
      'The OGG file cannot be decoded to its end: it is truncated (its last page is cut short or missing).',
    );
  });

  it('refuses audio over the duration limit with 413 saying the limit', async () => {
    const short = await makeApp({ AUDIO_MAX_DURATION_SECONDS: '60' });
    try {
      const response = await postFile(
        short,
        '/audio/convert',
        'audio',
        { data: fixture('audio/calmrace_vorbis_48k_stereo.ogg'), filename: 'calmrace.ogg' },
        { format: 'mp3' },
      );
      expectError(
        response,
        413,
        'PAYLOAD_TOO_LARGE',
        'The audio is 1:54 long; at most 1:00 can be converted.',
      );
    } finally {
      await short.close();
    }
  });
});
