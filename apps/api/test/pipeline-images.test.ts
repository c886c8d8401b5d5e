import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { fixture } from './helpers/fixtures.js';
import { type FormPart, form } from './helpers/form.js';
import { servePerFile } from './helpers/listen.js';

/*
 * Image steps of a pipeline: each step is a call of the execution core on the result of the step
 * before, so a chain answers exactly as the operations called one after the other would.
 */

// Images up to 1 MB: the photo turned (5.8 MB of pixels) is more than an image step may take.
// AVIF up to 1 MP: the photo (1.9 MP) is refused by a convert step.
const server = servePerFile({
  JOBS_CONCURRENCY: '1',
  IMAGE_MAX_UPLOAD_BYTES: '1000000',
  IMAGE_MAX_AVIF_PIXELS: '1000000',
});

const photo = fixture('images/photo_freshflower_progressive_1600x1203.jpg');

function post(path: string, parts: FormPart[], headers: Record<string, string> = {}) {
  const { payload, headers: formHeaders } = form(parts);
  return fetch(`${server.base}/api/v1/${path}`, {
    method: 'POST',
    headers: { ...formHeaders, ...headers },
    body: payload,
  });
}

const pipeline = (steps: Record<string, unknown>[], file: { name: string; data: Buffer }) =>
  post('pipeline', [
    { name: 'pipeline', value: JSON.stringify({ steps }) },
    { name: 'files', filename: file.name, data: file.data },
  ]);

const bytes = async (response: Response) => Buffer.from(await response.arrayBuffer());

describe('resize → webp as one pipeline', () => {
  it('answers byte for byte as the two operations called one after the other', async () => {
    const response = await pipeline(
      [
        { op: 'images/resize', width: 400 },
        { op: 'images/convert', format: 'webp', quality: 80 },
      ],
      { name: 'flower.jpg', data: photo },
    );
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('image/webp');
    expect(response.headers.get('content-disposition')).toBe('attachment; filename="flower-convert.webp"');
    // The pipeline's input, not the one handed to the last step.
    expect(response.headers.get('x-original-size')).toBe(String(photo.length));
    expect(response.headers.get('server-timing') ?? '').toMatch(
      /^step1;dur=\d+\.\d;desc="images\/resize", step2;dur=\d+\.\d;desc="images\/convert"$/,
    );
    const result = await bytes(response);
    expect(await sharp(result).metadata()).toMatchObject({ format: 'webp', width: 400, height: 301 });

    const resized = await post('images/resize', [
      { name: 'width', value: '400' },
      { name: 'image', filename: 'flower.jpg', data: photo },
    ]);
    expect(resized.headers.get('content-type')).toBe('image/jpeg');
    const converted = await post('images/convert', [
      { name: 'format', value: 'webp' },
      { name: 'quality', value: '80' },
      { name: 'image', filename: 'flower.jpg', data: await bytes(resized) },
    ]);
    expect((await bytes(converted)).equals(result)).toBe(true);
  });

  it('the last step writes the format the chain started in when none is asked for', async () => {
    const cat = fixture('images/chelsea_cat_451x300.png');
    const response = await pipeline(
      [{ op: 'images/rotate', angle: 90 }, { op: 'images/flip' }, { op: 'images/resize', width: 150 }],
      { name: 'cat.png', data: cat },
    );
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('image/png');
    expect(response.headers.get('content-disposition')).toBe('attachment; filename="cat-resize.png"');
    expect(await sharp(await bytes(response)).metadata()).toMatchObject({
      format: 'png',
      width: 150,
      height: Math.round((451 * 150) / 300),
    });
    const descs = (response.headers.get('server-timing') ?? '').match(/desc="[^"]*"/g);
    expect(descs).toEqual(['desc="images/rotate"', 'desc="images/flip"', 'desc="images/resize"']);
  });

  it('compress after resize writes a JPEG of the resized picture', async () => {
    const response = await pipeline([{ op: 'images/resize', width: 300 }, { op: 'images/compress' }], {
      name: 'flower.jpg',
      data: photo,
    });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('image/jpeg');
    expect(await sharp(await bytes(response)).metadata()).toMatchObject({ format: 'jpeg', width: 300 });
  });
});

describe("the pipeline's upload", () => {
  it('compress that cannot shrink it gives back the very bytes uploaded', async () => {
    const tiny = await sharp({ create: { width: 4, height: 4, channels: 3, background: '#808080' } })
      .png()
      .toBuffer();
    const response = await pipeline([{ op: 'images/compress' }], { name: 'tiny.png', data: tiny });
    expect(response.status).toBe(200);
    expect(response.headers.get('x-compression')).toBe('none');
    expect((await bytes(response)).equals(tiny)).toBe(true);
  });

  it("an upload over the first step's own limit is refused by that step", async () => {
    const noise = Buffer.alloc(700 * 700 * 3);
    for (let i = 0; i < noise.length; i++) noise[i] = (i * 7919) % 251;
    const big = await sharp(noise, { raw: { width: 700, height: 700, channels: 3 } })
      .png({ compressionLevel: 0 })
      .toBuffer();
    expect(big.length).toBeGreaterThan(1_000_000);
    const response = await pipeline([{ op: 'images/flip' }], { name: 'big.png', data: big });
    expect(response.status).toBe(413);
    const body = (await response.json()) as { code: string; message: string };
    expect(body.code).toBe('PAYLOAD_TOO_LARGE');
    expect(body.message).toMatch(/^Step 1 \(images\/flip\): /);
  });
});

describe('images/combine as the first step', () => {
  const block = (width: number, colour: string) =>
    sharp({ create: { width, height: 100, channels: 3, background: colour } })
      .png()
      .toBuffer();

  it('takes the uploaded files together; the combined image goes on', async () => {
    const { payload, headers } = form([
      {
        name: 'pipeline',
        value: JSON.stringify({
          steps: [{ op: 'images/combine' }, { op: 'images/resize', width: 250 }],
        }),
      },
      { name: 'files', filename: 'red.png', data: await block(200, '#ff0000') },
      { name: 'files', filename: 'blue.png', data: await block(300, '#0000ff') },
    ]);
    const response = await fetch(`${server.base}/api/v1/pipeline`, {
      method: 'POST',
      headers,
      body: payload,
    });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('image/png');
    expect(response.headers.get('content-disposition')).toBe('attachment; filename="red-resize.png"');
    expect(response.headers.get('server-timing')).toMatch(
      /^step1;dur=[\d.]+;desc="images\/combine", step2;dur=[\d.]+;desc="images\/resize"$/,
    );
    const { data, info } = await sharp(await bytes(response))
      .removeAlpha()
      .raw()
      .toBuffer({ resolveWithObject: true });
    expect(info).toMatchObject({ width: 250, height: 50 });
    // Red on the left two fifths, blue on the right three.
    const pixel = (x: number) => [...data.subarray((25 * 250 + x) * 3, (25 * 250 + x) * 3 + 3)];
    expect(pixel(50)).toEqual([255, 0, 0]);
    expect(pixel(200)).toEqual([0, 0, 255]);
  });

  it('one file cannot be combined: 400 before any work', async () => {
    const response = await pipeline([{ op: 'images/combine' }], { name: 'flower.jpg', data: photo });
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({
      code: 'PIPELINE_INVALID',
      message: "Step 1 (images/combine) takes several files at once; the pipeline's input is one file.",
    });
  });
});

describe('a step that refuses what the step before gave', () => {
  it('fails the pipeline with its own error, named after it', async () => {
    const done = await pipeline(
      [
        { op: 'images/resize', width: 400 },
        { op: 'images/flip', direction: 'horizontal' },
        { op: 'images/convert', format: 'png' },
      ],
      { name: 'flower.jpg', data: photo },
    );
    expect(done.status).toBe(200);
    expect(await sharp(await bytes(done)).metadata()).toMatchObject({ format: 'png', width: 400 });

    // Step 2 refuses step 1's picture: larger than AVIF is written up to here.
    const failed = await pipeline(
      [
        { op: 'images/resize', width: 1500 },
        { op: 'images/convert', format: 'avif' },
      ],
      { name: 'flower.jpg', data: photo },
    );
    expect(failed.status).toBe(413);
    const body = (await failed.json()) as { code: string; message: string };
    expect(body.code).toBe('IMAGE_TOO_LARGE');
    expect(body.message).toMatch(/^Step 2 \(images\/convert\): /);
  });
});
