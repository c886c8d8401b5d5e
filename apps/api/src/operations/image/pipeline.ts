/*
 * The image pipeline: open → steps → encode.
 *
 *   const source = await openImage({ data, name }, limits);      // probe, limits, pre-decode checks
 *   const result = await runPipeline(source, {
 *     format: outputFormat(source.probe.format, requested),      // what is written
 *     steps: [rotateStep(options)],                              // each (image, context) => image
 *     encode: { quality: 85, keepMetadata: false },              // see encode.ts
 *   });
 *
 * - openImage identifies the upload from its bytes, reads its header and refuses what must not be
 *   decoded (non-images, unreadable headers, decompression bombs). `openChecks` is the one place
 *   for checks on the undecoded upload (bounds on what an SVG, GIF or TIFF may cost):
 *   `beforeHeader` ones know the format only and run before libvips reads anything;
 *   `beforeDecode` ones know the header's size and frame count.
 * - runPipeline decodes with the pixel limit, a timeout and EXIF orientation applied. An animation
 *   is decoded whole when the output format can hold frames and the caller keeps animation
 *   (`animation: 'keep'`, the default); otherwise only its first frame, and the result says so
 *   (`firstFrameOnly`). Steps then run in order on one sharp pipeline; a step that needs what sharp
 *   cannot chain (a per-frame rotation of an animation) may return a new pipeline (see frames.ts).
 * - encodeImage (encode.ts) writes the format with the shared settings: quality, metadata kept or
 *   stripped, the colour profile kept or converted to sRGB (never dropped), transparency flattened
 *   for formats without alpha, and per-format encoder effort.
 *
 * - Operations (one file each, options in options.ts): resize, thumbnail, rotate, flip, convert,
 *   compress run one source through runPipeline; combine opens several sources, renders each with
 *   `decode` and composites them before encodeImage. Steps are exported for reuse and unit tests
 *   (resizeStep, rotateStep, flipStep).
 *
 * Operations are HTTP-free: every failure is an OperationError (a libvips failure becomes one in
 * failures.ts); the server's errors plugin turns it into the contract's response.
 */
import { defaultLimits } from '@toolkit/catalog';
import sharp, { type Sharp } from 'sharp';
import { OperationError } from '../errors.js';
import { type EncodeSettings, encodeImage, type ImageResult } from './encode.js';
import { decodeFailure } from './failures.js';
import { animatedFormats, type InputFormat, type WriteFormat } from './formats.js';
import type { ImageLimits } from './limits.js';
import { detectFormat, type ImageProbe, megapixels, probeImage } from './probe.js';

/** An uploaded image: its bytes and the file name it came with (for messages). */
export interface ImageInput {
  data: Buffer;
  name: string;
}

/** An upload that passed every check before decoding. */
export interface OpenedImage {
  input: ImageInput;
  probe: ImageProbe;
  limits: ImageLimits;
}

/**
 * A check on an upload before libvips reads it at all, knowing only its format (from the bytes);
 * throws an OperationError to refuse it. For what even reading a header may cost (an SVG's XML).
 */
export type FormatCheck = (
  input: ImageInput,
  format: InputFormat,
  limits: ImageLimits,
) => void | Promise<void>;

/**
 * A check after the header probe (size, frames) and before any pixel is decoded; throws an
 * OperationError to refuse it. For what decoding may cost (GIF frames, TIFF pages).
 */
export type PreDecodeCheck = (
  input: ImageInput,
  probe: ImageProbe,
  limits: ImageLimits,
) => void | Promise<void>;

/** The checks openImage runs, in order. */
export interface OpenChecks {
  beforeHeader: readonly FormatCheck[];
  beforeDecode: readonly PreDecodeCheck[];
}

/** Add cost bounds for risky formats here. */
export const openChecks: OpenChecks = {
  beforeHeader: [],
  beforeDecode: [],
};

/**
 * Identifies and probes an upload and runs the checks (see OpenChecks).
 *
 * @example const source = await openImage({ data, name: 'cat.png' }, limits); source.probe.width // 451
 */
export async function openImage(
  input: ImageInput,
  limits: ImageLimits,
  checks: OpenChecks = openChecks,
): Promise<OpenedImage> {
  if (checks.beforeHeader.length > 0) {
    const format = await detectFormat(input.data, input.name);
    for (const check of checks.beforeHeader) await check(input, format, limits);
  }
  const probe = await probeImage(input.data, input.name, limits);
  for (const check of checks.beforeDecode) await check(input, probe, limits);
  return { input, probe, limits };
}

/** What a step knows besides the pipeline it extends. */
export interface StepContext {
  source: OpenedImage;
  /** The format being written. */
  format: WriteFormat;
  /** Whether every frame of an animation is in the pipeline (else one still frame). */
  animated: boolean;
  /** Set by a step that rebuilt an animation from raw frames: the timing to write. */
  timing?: { delay?: number[]; loop?: number };
}

/** One operation on the decoded picture, e.g. `(image) => image.flop()`. */
export type Step = (image: Sharp, context: StepContext) => Sharp | Promise<Sharp>;

export interface PipelinePlan {
  format: WriteFormat;
  /** Pixels of the picture written, when the steps change them (default: the input's, one frame). */
  outputPixels?: number;
  /** 'keep' (default) decodes every frame when the format can hold them; 'first' takes frame one. */
  animation?: 'keep' | 'first';
  steps: readonly Step[];
  encode: Omit<EncodeSettings, 'format'>;
}

/**
 * A sharp pipeline over the upload: pixel limit, timeout, EXIF orientation applied.
 * `animated` decodes every frame (as one tall strip of pages).
 */
export function decode(source: OpenedImage, animated: boolean): Sharp {
  const { input, probe, limits } = source;
  if (animated && probe.width * probe.height * probe.pages > limits.maxInputPixels) {
    throw new OperationError(
      'IMAGE_TOO_LARGE',
      `The animation has ${probe.pages} frames of ${probe.width} × ${probe.height} pixels, ` +
        `more than the ${megapixels(limits.maxInputPixels)} we decode in total.`,
    );
  }
  return sharp(input.data, {
    animated,
    failOn: 'error',
    limitInputPixels: limits.maxInputPixels,
    sequentialRead: true,
  })
    .timeout({ seconds: Math.ceil(limits.timeoutMs / 1000) })
    .autoOrient();
}

/**
 * Decodes, runs the steps and encodes. `firstFrameOnly` in the result tells that an animation was
 * written as its first frame (the format cannot hold frames, or the plan asked for one).
 */
/**
 * AVIF's encoder costs an order of magnitude more per pixel than the others: what it could not
 * finish within the time limit is refused before anything is decoded, naming the limit.
 */
export function checkEncodeCost(source: OpenedImage, plan: PipelinePlan): void {
  if (plan.format !== 'avif') return;
  const budget = source.limits.maxAvifPixels ?? defaultLimits.maxAvifPixels;
  const pixels = plan.outputPixels ?? source.probe.width * source.probe.height;
  if (pixels <= budget) return;
  const mp = (n: number) => `${(n / 1e6).toFixed(1)} megapixels`;
  throw new OperationError(
    'IMAGE_TOO_LARGE',
    `The AVIF would be ${mp(pixels)}; AVIF is written up to ${mp(budget)} (${Math.floor(Math.sqrt(budget))} × ${Math.floor(Math.sqrt(budget))}), as its encoder is slow. Resize the image first, or choose WebP or JPEG.`,
  );
}

export async function runPipeline(source: OpenedImage, plan: PipelinePlan): Promise<ImageResult> {
  checkEncodeCost(source, plan);
  const multiFrame = source.probe.pages > 1;
  const animated = multiFrame && plan.animation !== 'first' && animatedFormats.has(plan.format);
  const context: StepContext = { source, format: plan.format, animated };
  try {
    let image = decode(source, animated);
    for (const step of plan.steps) image = await step(image, context);
    const result = await encodeImage(
      image,
      { ...plan.encode, format: plan.format },
      { paletteInput: source.probe.isPalette, timing: context.timing },
    );
    return { ...result, firstFrameOnly: multiFrame && !animated };
  } catch (cause) {
    throw decodeFailure(cause, source.limits);
  }
}
