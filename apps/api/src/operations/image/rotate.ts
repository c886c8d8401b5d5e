import type { Sharp } from 'sharp';
import { opaque, parseHexColour, type Rgba, transparent, white } from './colour.js';
import type { ImageResult } from './encode.js';
import { opaqueFormats, outputFormat } from './formats.js';
import { mapFrames } from './frames.js';
import type { ImageLimits } from './limits.js';
import type { RotateOptions } from './options.js';
import { type ImageInput, openImage, runPipeline, type Step } from './pipeline.js';

/** The angle as a turn of 0 ≤ a < 360 degrees (−90 and 270 are the same turn). */
export function normaliseAngle(angle: number): number {
  const turn = angle % 360;
  return turn < 0 ? turn + 360 : turn + 0;
}

/** The canvas a picture of width × height needs to hold it turned by `turn` degrees. */
export function rotatedCanvas(
  width: number,
  height: number,
  turn: number,
): { width: number; height: number } {
  const radians = (turn * Math.PI) / 180;
  const cos = Math.abs(Math.cos(radians));
  const sin = Math.abs(Math.sin(radians));
  // libvips rounds the bounding box up; a hair of tolerance keeps exact sides exact.
  const side = (a: number, b: number) => Math.ceil(a * cos + b * sin - 1e-6);
  return { width: side(width, height), height: side(height, width) };
}

/**
 * The size to scale a picture to first so that, turned by `turn`, its canvas has no side over
 * `maxSide` (the output limit every operation keeps); undefined when it fits as it is.
 */
export function fitForRotation(
  width: number,
  height: number,
  turn: number,
  maxSide: number,
): { width: number; height: number } | undefined {
  const canvas = rotatedCanvas(width, height, turn);
  if (Math.max(canvas.width, canvas.height) <= maxSide) return undefined;
  let scale = maxSide / Math.max(canvas.width, canvas.height);
  for (;;) {
    const fitted = {
      width: Math.max(1, Math.floor(width * scale)),
      height: Math.max(1, Math.floor(height * scale)),
    };
    const turned = rotatedCanvas(fitted.width, fitted.height, turn);
    if (Math.max(turned.width, turned.height) <= maxSide) return fitted;
    scale *= 0.999;
  }
}

/**
 * Turns the picture clockwise by `angle` degrees (counter-clockwise when negative), after the EXIF
 * orientation is applied. Quarter turns move pixels without resampling (nothing lost but the
 * re-encode); any other angle grows the canvas to hold the whole picture and fills the new corners
 * with `background`: by default transparent where the output format has alpha, else white. A
 * canvas that would exceed the side limit (a 3840 × 2160 photo turned 45° needs 4243 × 4243) is
 * kept to it by scaling the picture down before it is turned, never by cropping.
 */
export function rotateStep(options: RotateOptions): Step {
  const turn = normaliseAngle(options.angle);
  return (image, context) => {
    if (turn === 0) return image;
    if (turn % 90 === 0) {
      // libvips would turn a multi-page strip as one picture (a half turn reverses the frames).
      return context.animated ? mapFrames(image, context, (frame) => frame.rotate(turn)) : image.rotate(turn);
    }
    const noAlpha = opaqueFormats.has(context.format);
    const given: Rgba | undefined = options.background ? parseHexColour(options.background) : undefined;
    const fill = noAlpha ? opaque(given ?? white) : (given ?? transparent);
    const background = { r: fill.r, g: fill.g, b: fill.b, alpha: fill.alpha };
    const { probe, limits } = context.source;
    const fitted = fitForRotation(probe.width, probe.height, turn, limits.maxImageSide);
    const turnFrame = (frame: Sharp) =>
      (fitted ? frame.resize(fitted.width, fitted.height, { fit: 'fill' }) : frame).rotate(turn, {
        background,
      });
    return context.animated ? mapFrames(image, context, turnFrame) : turnFrame(image);
  };
}

/**
 * Rotates an image (see rotateStep), written in its own format (PNG for SVG); an animation stays
 * animated.
 *
 * @example await rotateImage({ data, name: 'cat.png' }, { angle: 90 }, limits)
 */
export async function rotateImage(
  input: ImageInput,
  options: RotateOptions,
  limits: ImageLimits,
): Promise<ImageResult> {
  const source = await openImage(input, limits);
  const format = outputFormat(source.probe.format, options.format);
  const background = options.background ? parseHexColour(options.background) : white;
  const turn = normaliseAngle(options.angle);
  const { width, height } = source.probe;
  const fitted =
    turn % 90 === 0
      ? undefined
      : (fitForRotation(width, height, turn, limits.maxImageSide) ?? { width, height });
  const canvas = fitted ? rotatedCanvas(fitted.width, fitted.height, turn) : { width, height };
  return runPipeline(source, {
    format,
    outputPixels: canvas.width * canvas.height,
    steps: [rotateStep(options)],
    encode: { quality: options.quality, keepMetadata: options.keep_metadata, background: opaque(background) },
  });
}
