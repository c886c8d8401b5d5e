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

/**
 * Turns the picture clockwise by `angle` degrees (counter-clockwise when negative), after the EXIF
 * orientation is applied. Quarter turns move pixels without resampling (nothing lost but the
 * re-encode); any other angle grows the canvas to hold the whole picture and fills the new corners
 * with `background`: by default transparent where the output format has alpha, else white.
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
    return context.animated
      ? mapFrames(image, context, (frame) => frame.rotate(turn, { background }))
      : image.rotate(turn, { background });
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
  return runPipeline(source, {
    format,
    steps: [rotateStep(options)],
    encode: { quality: options.quality, keepMetadata: options.keep_metadata, background: opaque(background) },
  });
}
