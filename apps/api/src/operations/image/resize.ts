import { thumbnailSizes } from '@toolkit/catalog';
import sharp from 'sharp';
import { OperationError } from '../errors.js';
import type { ImageResult } from './encode.js';
import { outputFormat } from './formats.js';
import type { ImageLimits } from './limits.js';
import type { ResizeOptions } from './options.js';
import { type ImageInput, openImage, runPipeline, type Step } from './pipeline.js';
import type { ImageProbe } from './probe.js';
import { checkSvgRenderCost, svgRenderPixels } from './svg-cost.js';

/** How the picture is resized. */
export type ResizePlan =
  /** Fit inside a box (either side may be left out: it then follows the aspect ratio). */
  | { fit: 'inside'; width?: number; height?: number }
  /** Exactly width × height, distorting if need be. */
  | { fit: 'fill'; width: number; height: number }
  /** A square of `size` px, scaled to cover it and cropped around `position`. */
  | { fit: 'cover'; size: number; position: 'centre' | 'attention' | 'entropy' };

/**
 * The resize plan for a request: a thumbnail when `size` is given; with both sides, a box to fit
 * inside (or exactly, without maintain_aspect); with one side, the other follows the aspect ratio.
 * The schema bounds each given side and requires one of them; what it cannot know is a side that
 * only follows from this image's aspect ratio, refused here when it exceeds `maxSide`.
 */
export function planResize(options: ResizeOptions, probe: ImageProbe, maxSide: number): ResizePlan {
  if (options.size) return { fit: 'cover', size: thumbnailSizes[options.size], position: 'centre' };
  const { width, height } = options;
  if (width !== undefined && height !== undefined) {
    return { fit: options.maintain_aspect ? 'inside' : 'fill', width, height };
  }
  const [field, given, follows, other] =
    width !== undefined
      ? (['width', width, Math.round((probe.height * width) / probe.width), 'high'] as const)
      : (['height', height ?? 0, Math.round((probe.width * (height ?? 0)) / probe.height), 'wide'] as const);
  if (follows > maxSide) {
    throw new OperationError(
      'VALIDATION_ERROR',
      `At ${field} ${given} px this image would be ${follows} px ${other}. The largest side allowed is ${maxSide} px.`,
      { field, detail: `${field} must be at most ${maxSide} (got ${given}).` },
    );
  }
  return field === 'width' ? { fit: 'inside', width: given } : { fit: 'inside', height: given };
}

/** Pixels of the resized picture (one frame). */
export function resizedPixels(plan: ResizePlan, probe: { width: number; height: number }): number {
  if (plan.fit === 'cover') return plan.size * plan.size;
  if (plan.fit === 'fill') return plan.width * plan.height;
  const scale = Math.min(
    plan.width === undefined ? Number.POSITIVE_INFINITY : plan.width / probe.width,
    plan.height === undefined ? Number.POSITIVE_INFINITY : plan.height / probe.height,
  );
  return Math.round(probe.width * scale) * Math.round(probe.height * scale);
}

const positions = {
  centre: 'centre',
  attention: sharp.strategy.attention,
  entropy: sharp.strategy.entropy,
} as const;

/**
 * The resize step. libvips finds an attention or entropy crop on a single frame only, so for an
 * animation the window is found on the first frame and the same window is cut from every frame.
 */
export function resizeStep(plan: ResizePlan): Step {
  return async (image, { source, animated }) => {
    if (source.probe.format === 'svg')
      checkSvgRenderCost(source.input.data, svgRenderPixels(source.probe, plan));
    if (plan.fit !== 'cover') return image.resize({ width: plan.width, height: plan.height, fit: plan.fit });
    if (!animated || plan.position === 'centre') {
      return image.resize(plan.size, plan.size, { fit: 'cover', position: positions[plan.position] });
    }
    const { probe, input } = source;
    const scale = Math.max(plan.size / probe.width, plan.size / probe.height);
    const width = Math.max(plan.size, Math.round(probe.width * scale));
    const height = Math.max(plan.size, Math.round(probe.height * scale));
    const { info } = await sharp(input.data, { failOn: 'error' })
      .resize(plan.size, plan.size, { fit: 'cover', position: positions[plan.position] })
      .raw()
      .toBuffer({ resolveWithObject: true });
    const left = Math.min(Math.abs(info.cropOffsetLeft ?? 0), width - plan.size);
    const top = Math.min(Math.abs(info.cropOffsetTop ?? 0), height - plan.size);
    return image
      .resize(width, height, { fit: 'fill' })
      .extract({ left, top, width: plan.size, height: plan.size });
  };
}

/**
 * Resizes an image (see planResize for the rules) and encodes it in the requested format, else
 * the input's own.
 *
 * @example await resizeImage({ data, name: 'cat.png' }, { width: 200, maintain_aspect: true, quality: 85, keep_metadata: false }, limits)
 */
export async function resizeImage(
  input: ImageInput,
  options: ResizeOptions,
  limits: ImageLimits,
): Promise<ImageResult> {
  const source = await openImage(input, limits);
  const plan = planResize(options, source.probe, limits.maxImageSide);
  return runPipeline(source, {
    format: outputFormat(source.probe.format, options.format),
    outputPixels: resizedPixels(plan, source.probe),
    steps: [resizeStep(plan)],
    encode: { quality: options.quality, keepMetadata: options.keep_metadata },
  });
}
