import type { FastifyInstance } from 'fastify';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { closeWorkerPool } from '../src/runtime/worker-pool.js';
import { makeApp } from './helpers/app.js';
import { fixture } from './helpers/fixtures.js';
import { type FormPart, form } from './helpers/form.js';
import {
  copyProtectedPdf,
  cyclicPagesPdf,
  emptyWav,
  entitySvg,
  flateBombPdf,
  sparseXlsx,
  truncated,
} from './helpers/hostile-files.js';
import { listenOnFreePort } from './helpers/listen.js';

/*
 * Issue 28's hostile documents over a real socket: each gets the contract's status and JSON error
 * (exact code and message), never a 500, and the server answers its health check after each.
 */

let app: FastifyInstance;
let base: string;
beforeAll(async () => {
  app = await makeApp();
  base = await listenOnFreePort(app);
});
afterAll(async () => {
  await app.close();
  await closeWorkerPool();
});

type Fields = Record<string, string | number>;

async function post(path: string, parts: FormPart[], fields: Fields = {}) {
  const body = form([
    ...parts,
    ...Object.entries(fields).map(([name, value]) => ({ name, value: String(value) })),
  ]);
  const res = await fetch(`${base}/api/v1${path}`, {
    method: 'POST',
    headers: body.headers,
    body: new Uint8Array(body.payload),
  });
  const bytes = Buffer.from(await res.arrayBuffer());
  const health = await fetch(`${base}/api/v1/health`);
  expect(health.status).toBe(200);
  return { status: res.status, type: res.headers.get('content-type') ?? '', bytes };
}

async function postJson(path: string, body: unknown) {
  const res = await fetch(`${base}/api/v1${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  const bytes = Buffer.from(await res.arrayBuffer());
  expect((await fetch(`${base}/api/v1/health`)).status).toBe(200);
  return { status: res.status, type: res.headers.get('content-type') ?? '', bytes };
}

const send = (path: string, field: string, filename: string, data: Buffer, fields: Fields = {}) =>
  post(path, [{ name: field, filename, data }], fields);

/** The contract's error: status, JSON, exactly {success, message, code[, details]}, code and message. */
function expectError(
  answer: { status: number; type: string; bytes: Buffer },
  status: number,
  code: string,
  message: string | RegExp,
) {
  const body = JSON.parse(answer.bytes.toString('utf8')) as Record<string, unknown>;
  expect({ status: answer.status, code: body.code }).toEqual({ status, code });
  expect(answer.type).toMatch(/^application\/json/);
  expect(body.success).toBe(false);
  if (typeof message === 'string') expect(body.message).toBe(message);
  else expect(body.message).toMatch(message);
}

const imageRoutes: [string, Fields][] = [
  ['/images/resize', { width: 20 }],
  ['/images/thumbnail', {}],
  ['/images/base64', {}],
  ['/images/rotate', { angle: 30 }],
  ['/images/flip', {}],
  ['/images/convert', { format: 'png' }],
  ['/images/compress', {}],
];

describe('images', () => {
  it.each(imageRoutes)('%s refuses an SVG that declares an entity (422)', async (path, fields) => {
    expectError(
      await send(path, 'image', 'entity.svg', entitySvg(), fields),
      422,
      'UNPROCESSABLE_FILE',
      'The SVG "entity.svg" declares XML entities (<!ENTITY in its DOCTYPE); they are not allowed. Remove them and send it again.',
    );
  });

  it('/images/combine refuses an SVG that declares an entity (422)', async () => {
    const answer = await post('/images/combine', [
      { name: 'images', filename: 'cat.png', data: fixture('images/chelsea_cat_451x300.png') },
      { name: 'images', filename: 'entity.svg', data: entitySvg() },
    ]);
    expectError(
      answer,
      422,
      'UNPROCESSABLE_FILE',
      /^Image 2 of 2: The SVG "entity\.svg" declares XML entities/,
    );
  });

  it('still draws an SVG whose DOCTYPE only names the SVG DTD', async () => {
    const svg = Buffer.from(
      '<?xml version="1.0"?>\n<!DOCTYPE svg PUBLIC "-//W3C//DTD SVG 1.1//EN" "http://www.w3.org/Graphics/SVG/1.1/DTD/svg11.dtd">\n' +
        '<svg xmlns="http://www.w3.org/2000/svg" width="40" height="30"><rect width="40" height="30" fill="red"/></svg>',
    );
    const answer = await send('/images/convert', 'image', 'dtd.svg', svg, { format: 'png' });
    expect(answer.status).toBe(200);
    const { info, data } = await sharp(answer.bytes).raw().toBuffer({ resolveWithObject: true });
    expect([info.width, info.height]).toEqual([40, 30]);
    expect([...data.subarray(0, 3)]).toEqual([255, 0, 0]);
  });

  it('keeps a picture turned 45° within the 4096 px side limit by scaling it down first', async () => {
    const answer = await send(
      '/images/rotate',
      'image',
      'elephants.jpg',
      fixture('images/photo_elephants_3840x2160.jpg'),
      {
        angle: 45,
      },
    );
    expect(answer.status).toBe(200);
    const meta = await sharp(answer.bytes).metadata();
    // Unbounded, the canvas is 4243 × 4243; scaled to fit, it reaches the limit within a pixel or two.
    expect(Math.max(meta.width, meta.height)).toBeLessThanOrEqual(4096);
    expect(Math.max(meta.width, meta.height)).toBeGreaterThanOrEqual(4094);
    expect(Math.abs(meta.width - meta.height)).toBeLessThanOrEqual(1);
  });

  it('refuses to write a 20-megapixel AVIF up front, naming the limit (413)', async () => {
    const big = await sharp({ create: { width: 5000, height: 4000, channels: 3, background: '#3a7' } })
      .png()
      .toBuffer();
    const refusal =
      'The AVIF would be 20.0 megapixels; AVIF is written up to 16.8 megapixels (4096 × 4096), as its encoder is slow. Resize the image first, or choose WebP or JPEG.';
    expectError(
      await send('/images/convert', 'image', 'big.png', big, { format: 'avif' }),
      413,
      'IMAGE_TOO_LARGE',
      refusal,
    );
    expectError(
      await send('/images/flip', 'image', 'big.png', big, { format: 'avif' }),
      413,
      'IMAGE_TOO_LARGE',
      refusal,
    );
    // Made smaller on the way, the same picture is written as AVIF.
    const small = await send('/images/resize', 'image', 'big.png', big, { width: 500, format: 'avif' });
    expect(small.status).toBe(200);
    expect(await sharp(small.bytes).metadata()).toMatchObject({ format: 'heif', width: 500, height: 400 });
  });

  it('rejects 11 images on /images/combine with 400 (the contract takes 2–10)', async () => {
    const cat = fixture('images/chelsea_cat_451x300.png');
    const parts = Array.from({ length: 11 }, (_, i) => ({
      name: 'images',
      filename: `cat${i}.png`,
      data: cat,
    }));
    expectError(
      await post('/images/combine', parts),
      400,
      'VALIDATION_ERROR',
      'Upload at most 10 files in the field "images"; this form has more.',
    );
  });
});

describe('pdf/to-text', () => {
  it('answers a page tree that contains itself with 422', async () => {
    expectError(
      await send('/pdf/to-text', 'pdf', 'cyclic.pdf', cyclicPagesPdf()),
      422,
      'UNPROCESSABLE_FILE',
      'The PDF is damaged: its page tree contains itself, so its pages cannot be read.',
    );
  });

  it('refuses a 500 KB PDF whose content stream inflates to 500 MB before pdf.js reads it (413)', async () => {
    const bomb = await flateBombPdf(500);
    expect(bomb.length).toBeLessThan(600 * 1024);
    expectError(
      await send('/pdf/to-text', 'pdf', 'bomb.pdf', bomb),
      413,
      'PAYLOAD_TOO_LARGE',
      "The PDF's compressed content unpacks to more than 128 MB, more than the server reads.",
    );
  });

  it('refuses an AES-256 PDF whose owner forbids copying its text (422)', async () => {
    expectError(
      await send('/pdf/to-text', 'pdf', 'protected.pdf', await copyProtectedPdf()),
      422,
      'UNPROCESSABLE_FILE',
      'The PDF is encrypted and its owner does not allow copying its text; ask its author for a copy without that restriction.',
    );
  });
});

describe('audio/convert', () => {
  it('refuses an OGG cut at 40 % of its bytes (422), which ffmpeg reads without complaint', async () => {
    const ogg = truncated(fixture('audio/complete_vorbis_stereo.oga'), 0.4);
    expectError(
      await send('/audio/convert', 'audio', 'cut.oga', ogg, { format: 'mp3' }),
      422,
      'UNPROCESSABLE_FILE',
      'The OGG file cannot be decoded to its end: it is truncated (its last page is cut short or missing).',
    );
  });

  it('refuses a WAV header with no samples (422) rather than answering an empty MP3', async () => {
    expectError(
      await send('/audio/convert', 'audio', 'empty.wav', emptyWav(), { format: 'mp3' }),
      422,
      'UNPROCESSABLE_FILE',
      'The WAV file holds no audio: it has a header but no samples.',
    );
  });

  it.each([
    ['FLAC', 'audio/trancegate_96k_mono.flac'],
    ['MP3', 'audio/wonrace_128k.mp3'],
  ])('refuses a %s cut at 40 percent of its bytes (422)', async (kind, path) => {
    const cut = truncated(fixture(path), 0.4);
    expectError(
      await send('/audio/convert', 'audio', `cut.${kind.toLowerCase()}`, cut, { format: 'wav' }),
      422,
      'UNPROCESSABLE_FILE',
      `The ${kind} file cannot be decoded to its end: it is damaged or truncated.`,
    );
  });

  it('still converts the whole OGG', async () => {
    const answer = await send(
      '/audio/convert',
      'audio',
      'whole.oga',
      fixture('audio/complete_vorbis_stereo.oga'),
      {
        format: 'mp3',
      },
    );
    expect(answer.status).toBe(200);
    expect(answer.type).toBe('audio/mpeg');
  });
});

describe('files/convert', () => {
  it('refuses an xlsx whose two cells are A1 and XFD1048576 before building its grid (413)', async () => {
    const xlsx = await sparseXlsx();
    expect(xlsx.length).toBeLessThan(2048);
    expectError(
      await send('/files/convert', 'file', 'sparse.xlsx', xlsx, { to: 'csv' }),
      413,
      'PAYLOAD_TOO_LARGE',
      'The sheet "Sheet1" spans 1,048,576 rows × 16,384 columns, 17,179,869,184 cells with the empty ones between; at most 1,000,000 can be converted.',
    );
  });

  it('still converts a sparse sheet whose grid is within the limit', async () => {
    const answer = await send('/files/convert', 'file', 'small.xlsx', await sparseXlsx('C3'), { to: 'csv' });
    expect(answer.status).toBe(200);
    expect(answer.bytes.toString('utf8')).toBe('first,,\r\n,,\r\n,,1\r\n');
  });
});

describe('pdf/from-text', () => {
  it('refuses "e" with 200,000 combining accents up front, naming the limit (422)', async () => {
    expectError(
      await postJson('/pdf/from-text', { text: `e${'\u0301'.repeat(200_000)}` }),
      422,
      'UNPROCESSABLE_FILE',
      'The text has a character carrying 200,000 combining marks or joiners; at most 100 can be drawn on one character.',
    );
  });

  it('typesets one unbroken word of 130,000 characters (past the old quadratic cliff)', async () => {
    const answer = await postJson('/pdf/from-text', { text: 'a'.repeat(130_000) });
    expect(answer.status).toBe(200);
    expect(answer.type).toBe('application/pdf');
    expect(answer.bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
  });
});
