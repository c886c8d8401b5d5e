import { defaultLimits } from '@toolkit/catalog';

/** What an image operation may spend; the server fills it from its configuration. */
export interface ImageLimits {
  /** Largest decoded input, in pixels (all frames of an animation together). */
  maxInputPixels: number;
  /** Largest side of an output image, in pixels. */
  maxImageSide: number;
  /** Processing time before the work is abandoned, in milliseconds. */
  timeoutMs: number;
  /** Largest image written as AVIF, in pixels (the catalog's default when absent). */
  maxAvifPixels?: number;
}

export const defaultImageLimits: ImageLimits = {
  maxInputPixels: defaultLimits.maxInputPixels,
  maxImageSide: defaultLimits.maxImageSide,
  timeoutMs: defaultLimits.requestTimeoutMs,
  maxAvifPixels: defaultLimits.maxAvifPixels,
};
