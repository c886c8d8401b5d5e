import sharp, { type Sharp } from 'sharp';
import { ssim } from 'ssim.js';

/** Decoded RGBA pixels, the shape ssim.js reads. */
export interface Pixels {
  data: Uint8ClampedArray;
  width: number;
  height: number;
}

async function rgba(image: Sharp): Promise<Pixels> {
  const { data, info } = await image.ensureAlpha().raw().toBuffer({ resolveWithObject: true });
  return {
    data: new Uint8ClampedArray(data.buffer, data.byteOffset, data.length),
    width: info.width,
    height: info.height,
  };
}

/**
 * The reference every tool's output is scored against: the photo decoded at full resolution (no
 * shrink-on-load, which some of the tools compared use and others do not), oriented, then resized
 * with Lanczos-3 to `width` and kept as exact pixels, never re-encoded.
 */
export async function referencePixels(input: Buffer | string, width: number): Promise<Pixels> {
  const { data, info } = await sharp(input).autoOrient().raw().toBuffer({ resolveWithObject: true });
  const full = sharp(data, { raw: { width: info.width, height: info.height, channels: info.channels } });
  return rgba(full.resize({ width, kernel: 'lanczos3' }));
}

/**
 * Mean structural similarity (0–1, 1 = identical) of an encoded output against the reference. An
 * output a pixel off in height (rounding) is resized to the reference's size first.
 */
export async function ssimAgainst(output: Buffer, reference: Pixels): Promise<number> {
  const pixels = await rgba(sharp(output).resize(reference.width, reference.height, { fit: 'fill' }));
  return ssim(pixels, reference).mssim;
}
