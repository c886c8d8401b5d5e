import { OperationError } from '../errors.js';
import type { InputFormat } from './formats.js';

/**
 * Frames of an animation (GIF, WebP, PNG) or pages of a TIFF that one request may process. Each
 * frame is decoded, resized and encoded on its own, so the work grows with their number even
 * when every frame is small, and the pixel limit alone does not bound it (a million 1 × 1 frames
 * are one megapixel). Real animations have tens to a few hundred frames.
 */
export const maxFrames = 1000;

/** Refuses an input with more frames or pages than one request may process (413 IMAGE_TOO_LARGE). */
export function checkFrameCount(format: InputFormat, pages: number): void {
  if (pages <= maxFrames) return;
  const what = format === 'tiff' ? 'pages' : 'frames';
  throw new OperationError(
    'IMAGE_TOO_LARGE',
    `The ${format === 'tiff' ? 'TIFF' : 'animation'} has ${pages} ${what}; the most we process is ${maxFrames}.`,
  );
}
