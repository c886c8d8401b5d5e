import { getTool } from '@toolkit/catalog';
import sharp from 'sharp';
import { OperationError } from '../errors.js';
import { opaque, parseHexColour, transparent, white } from './colour.js';
import { layoutCombine, type Placement } from './combine-layout.js';
import { encodeImage, type ImageResult } from './encode.js';
import { decodeFailure } from './failures.js';
import { opaqueFormats } from './formats.js';
import type { ImageLimits } from './limits.js';
import type { CombineOptions } from './options.js';
import { decode, type ImageInput, type OpenedImage, openImage } from './pipeline.js';
import { megapixels } from './probe.js';

/** How many images combine takes: the catalog's count for the upload field. */
export const combineCount = getTool('combine-images').api.input;

/** Runs `work` for image `index`, naming that image (position and file name) in any failure. */
async function forImage<T>(
  index: number,
  count: number,
  input: ImageInput,
  limits: ImageLimits,
  work: () => Promise<T>,
) {
  try {
    return await work();
  } catch (cause) {
    const failure = decodeFailure(cause, limits);
    // Most sentences of the probe name the file already.
    const named = failure.message.includes(`"${input.name}"`);
    const which = `Image ${index + 1} of ${count}${named ? '' : ` ("${input.name}")`}`;
    throw new OperationError(failure.code, `${which}: ${failure.message}`, { cause });
  }
}

/** One input at its place: oriented, scaled, in sRGB with alpha, as raw pixels. */
async function render(source: OpenedImage, place: Placement) {
  const { data, info } = await decode(source, false)
    .resize(place.width, place.height, { fit: 'fill' })
    .toColourspace('srgb')
    .ensureAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  return { input: data, raw: { width: info.width, height: info.height, channels: info.channels }, ...place };
}

/**
 * Combines 2 to 10 images into one: side by side, stacked or in a grid (see layoutCombine), `gap`
 * px apart on `background` (by default transparent where the format has alpha, else white). The
 * output never exceeds the largest side allowed: every input is scaled down by the same factor to
 * fit. Animated inputs contribute their first frame. A failing input is named by its position and
 * file name.
 *
 * @example await combineImages([a, b], { direction: 'grid', gap: 10, align: 'center', format: 'png' }, limits)
 */
export async function combineImages(
  inputs: readonly ImageInput[],
  options: CombineOptions,
  limits: ImageLimits,
): Promise<ImageResult> {
  const count = inputs.length;
  if (count < combineCount.min || count > combineCount.max) {
    throw new OperationError(
      'VALIDATION_ERROR',
      `Upload between ${combineCount.min} and ${combineCount.max} images to combine (got ${count}).`,
      { field: 'images' },
    );
  }
  const sources: OpenedImage[] = [];
  for (const [i, input] of inputs.entries()) {
    sources.push(await forImage(i, count, input, limits, () => openImage(input, limits)));
  }
  const pixels = sources.reduce((total, s) => total + s.probe.width * s.probe.height, 0);
  if (pixels > limits.maxInputPixels) {
    throw new OperationError(
      'IMAGE_TOO_LARGE',
      `The ${count} images have ${megapixels(pixels)} together; the most we combine is ${megapixels(limits.maxInputPixels)}.`,
    );
  }
  const layout = layoutCombine(
    sources.map((s) => s.probe),
    options,
    limits.maxImageSide,
  );
  // One input decoded at a time keeps memory to the canvas and one image.
  const layers = [];
  for (const [i, source] of sources.entries()) {
    const place = layout.placements[i] as Placement;
    layers.push(await forImage(i, count, source.input, limits, () => render(source, place)));
  }
  const noAlpha = opaqueFormats.has(options.format);
  const given = options.background ? parseHexColour(options.background) : undefined;
  const background = noAlpha ? opaque(given ?? white) : (given ?? transparent);
  try {
    const canvas = sharp({
      create: { width: layout.width, height: layout.height, channels: noAlpha ? 3 : 4, background },
    })
      .timeout({ seconds: Math.ceil(limits.timeoutMs / 1000) })
      .composite(layers);
    const result = await encodeImage(canvas, {
      format: options.format,
      quality: options.quality,
      keepMetadata: false,
    });
    return { ...result, firstFrameOnly: sources.some((s) => s.probe.pages > 1) };
  } catch (cause) {
    throw decodeFailure(cause, limits);
  }
}
