import type { Sharp } from 'sharp';
import type { ImageResult } from './encode.js';
import { outputFormat } from './formats.js';
import { mapFrames } from './frames.js';
import type { ImageLimits } from './limits.js';
import type { FlipDirection, FlipOptions } from './options.js';
import { type ImageInput, openImage, runPipeline, type Step } from './pipeline.js';

/**
 * Mirrors the picture: horizontal swaps left and right (a mirror image), vertical swaps top and
 * bottom, both does the two (a half turn). Every frame of an animation is flipped: libvips holds
 * the frames as one tall strip, which a mirror leaves in order but a vertical flip (or a half
 * turn) would turn upside down, reversing the frames, so those go frame by frame.
 */
export function flipStep(direction: FlipDirection): Step {
  return (image, context) => {
    if (direction === 'horizontal') return image.flop();
    const flipped = (frame: Sharp) => (direction === 'both' ? frame.flip().flop() : frame.flip());
    return context.animated ? mapFrames(image, context, flipped) : flipped(image);
  };
}

/**
 * Flips an image (see flipStep), written in its own format (PNG for SVG); an animation stays
 * animated.
 *
 * @example await flipImage({ data, name: 'cat.png' }, { direction: 'horizontal' }, limits)
 */
export async function flipImage(
  input: ImageInput,
  options: FlipOptions,
  limits: ImageLimits,
): Promise<ImageResult> {
  const source = await openImage(input, limits);
  return runPipeline(source, {
    format: outputFormat(source.probe.format, options.format),
    steps: [flipStep(options.direction)],
    encode: { quality: options.quality, keepMetadata: options.keep_metadata },
  });
}
