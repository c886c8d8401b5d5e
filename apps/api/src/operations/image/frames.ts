import sharp, { type Sharp } from 'sharp';
import type { StepContext } from './pipeline.js';

/**
 * Applies `each` to every frame of an animation separately, for the operations libvips refuses on
 * a multi-page image (a rotation other than 180°). The frames are rendered to sRGB RGBA pixels,
 * transformed one by one, and stacked again into a new pipeline; the input's frame timing is put
 * in the context for the encoder. Every frame must come out the same size.
 *
 * @example image = await mapFrames(image, context, (frame) => frame.rotate(30, { background }))
 */
export async function mapFrames(
  image: Sharp,
  context: StepContext,
  each: (frame: Sharp) => Sharp,
): Promise<Sharp> {
  const { delay, loop } = await image.metadata();
  const seconds = Math.ceil(context.source.limits.timeoutMs / 1000);
  const strip = await image.toColourspace('srgb').ensureAlpha().raw().toBuffer({ resolveWithObject: true });
  const { width, channels } = strip.info;
  const pageHeight = strip.info.pageHeight ?? strip.info.height;
  const frameBytes = width * pageHeight * channels;
  const frames: Buffer[] = [];
  let size = { width: 0, height: 0 };
  for (let at = 0; at + frameBytes <= strip.data.length; at += frameBytes) {
    const frame = sharp(strip.data.subarray(at, at + frameBytes), {
      raw: { width, height: pageHeight, channels },
    });
    const out = await each(frame.timeout({ seconds }))
      .ensureAlpha()
      .raw()
      .toBuffer({ resolveWithObject: true });
    size = { width: out.info.width, height: out.info.height };
    frames.push(out.data);
  }
  context.timing = { delay, loop };
  return sharp(Buffer.concat(frames), {
    raw: { width: size.width, height: size.height * frames.length, channels: 4, pageHeight: size.height },
  }).timeout({ seconds });
}
