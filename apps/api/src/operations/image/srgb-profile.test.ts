import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { describesSrgb } from './srgb-profile.js';

/** The profile libvips embeds for one of its named spaces ('srgb', 'p3', 'cmyk'). */
async function profile(name: string, channels: 3 | 4 = 3): Promise<Buffer> {
  const image = sharp({ create: { width: 8, height: 8, channels: 3, background: '#808080' } });
  const jpeg = await (channels === 4 ? image.toColourspace('cmyk') : image)
    .withIccProfile(name)
    .jpeg()
    .toBuffer();
  const { icc } = await sharp(jpeg).metadata();
  if (!icc) throw new Error(`no ${name} profile`);
  return icc;
}

describe('describesSrgb', () => {
  it('recognises sRGB profiles by what they do, whatever their name', async () => {
    expect(await describesSrgb(await profile('srgb'))).toBe(true);
    // The photo's lcms-made "sRGB" (9,012 bytes), and a display profile named "Blue" in 16 languages
    // whose primaries and curves are sRGB's (its calibration curves are not part of a conversion).
    const corpus = new URL('../../../../../fixtures/corpus/images/', import.meta.url);
    for (const name of ['photo_after-the-rain_pentaxk7_3000x1993.jpg', 'icc_profile_48x48.jpeg']) {
      const { icc } = await sharp(new URL(name, corpus).pathname).metadata();
      expect(await describesSrgb(icc), name).toBe(true);
    }
  });

  it('refuses other RGB spaces, other colour spaces, damaged profiles and none', async () => {
    expect(await describesSrgb(await profile('p3'))).toBe(false);
    expect(await describesSrgb(await profile('cmyk', 4))).toBe(false);
    const damaged = Buffer.from(await profile('srgb'));
    damaged.fill(0x55, 128);
    expect(await describesSrgb(damaged)).toBe(false);
    expect(await describesSrgb(Buffer.alloc(0))).toBe(false);
    expect(await describesSrgb(undefined)).toBe(false);
  });
});
