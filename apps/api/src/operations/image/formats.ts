import type { OutputImageFormat } from '@toolkit/catalog';

/** Formats we read (detected from the bytes, never from the name or the declared type). */
export type InputFormat = 'jpeg' | 'png' | 'webp' | 'gif' | 'avif' | 'tiff' | 'svg';

/** Formats we write: the requestable ones plus those an input is written back as. */
export type WriteFormat = OutputImageFormat | 'gif' | 'tiff';

export const mimeTypes: Record<InputFormat | WriteFormat, string> = {
  jpeg: 'image/jpeg',
  png: 'image/png',
  webp: 'image/webp',
  gif: 'image/gif',
  avif: 'image/avif',
  tiff: 'image/tiff',
  svg: 'image/svg+xml',
};

export const extensions: Record<WriteFormat, string> = {
  jpeg: 'jpg',
  png: 'png',
  webp: 'webp',
  gif: 'gif',
  avif: 'avif',
  tiff: 'tiff',
};

/** Formats that can hold several frames in our encoder (sharp writes animated GIF and WebP). */
export const animatedFormats: ReadonlySet<WriteFormat> = new Set(['gif', 'webp']);

/** Formats without an alpha channel: transparent areas are flattened onto white. */
export const opaqueFormats: ReadonlySet<WriteFormat> = new Set(['jpeg']);

/**
 * The output format: the requested one, else the input's own when we can write it, else PNG
 * (SVG is rasterised).
 *
 * @example outputFormat('svg', undefined) // 'png'
 */
export function outputFormat(input: InputFormat, requested: OutputImageFormat | undefined): WriteFormat {
  if (requested) return requested;
  return input === 'svg' ? 'png' : input;
}
