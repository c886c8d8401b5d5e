import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeApp, postImage } from './helpers/app.js';
import { fixture } from './helpers/fixtures.js';

/* Damaged input of every kind gets a contract error, never a 500, a crash or a hang. */

let app: FastifyInstance;
beforeAll(async () => {
  app = await makeApp();
});
afterAll(() => app.close());

/** A small deterministic PRNG, so a failure can be replayed. */
function random(seed: number) {
  let state = seed;
  return () => {
    state = (state * 1103515245 + 12345) & 0x7fffffff;
    return state / 0x7fffffff;
  };
}

function damaged(source: Buffer, seed: number): Buffer {
  const next = random(seed);
  const copy = Buffer.from(source);
  const kind = seed % 3;
  if (kind === 0) {
    // Flip bytes anywhere (headers included).
    for (let i = 0; i < 20; i++) copy[Math.floor(next() * copy.length)] = Math.floor(next() * 256);
    return copy;
  }
  if (kind === 1) return copy.subarray(0, Math.floor(next() * copy.length));
  return Buffer.from(Array.from({ length: 2000 }, () => Math.floor(next() * 256)));
}

const sources = [
  fixture('images/chelsea_cat_451x300.png'),
  fixture('images/exif_orientation6_panasonic_640x428.jpg'),
  fixture('images/gif_animated_aero_350x189.gif'),
  fixture('images/webp_lossless_sample.webp'),
  fixture('images/avif_sample.avif'),
  fixture('images/tiff_gray16_bigendian.tif'),
  fixture('images/svg_gdal-logo.svg'),
];

describe('damaged uploads', () => {
  it('always get 200 or a 4xx contract error, and truncated ones always a 4xx', async () => {
    const seen = new Set<number>();
    for (let seed = 1; seed <= 42; seed++) {
      const source = sources[seed % sources.length] as Buffer;
      const path = ['/images/resize', '/images/thumbnail', '/images/base64'][seed % 3] as string;
      const res = await postImage(app, path, damaged(source, seed), { width: 64 }, `fuzz-${seed}`);
      seen.add(res.statusCode);
      // A cut-off file is never passed off as a whole one (frames or rows silently dropped).
      const allowed = seed % 3 === 1 ? [415, 422] : [200, 400, 413, 415, 422];
      expect(allowed, `seed ${seed} ${path}: ${res.body.slice(0, 200)}`).toContain(res.statusCode);
      if (res.statusCode !== 200) expect(res.json().success).toBe(false);
    }
    // The damage really was varied: some survive, some are refused as corrupt or unknown.
    expect(seen.has(422) || seen.has(415)).toBe(true);
    expect((await app.inject({ url: '/api/v1/health' })).statusCode).toBe(200);
  });
});
