import type { OutputImageFormat, ThumbnailSize } from '@toolkit/catalog';

/*
 * The options each image operation takes, as the catalog's request schemas deliver them (field
 * names as in the API). They are plain interfaces in this one file until the catalog exports the
 * types derived from the schemas; then each becomes an alias of that type.
 */

/** The output fields resize and thumbnail share (written once here, once in the catalog). */
export interface ImageOutputFields {
  format?: OutputImageFormat;
  /** 1–100, for lossy encoders. */
  quality: number;
  keep_metadata: boolean;
}

export interface ResizeOptions extends ImageOutputFields {
  width?: number;
  height?: number;
  maintain_aspect: boolean;
  size?: ThumbnailSize;
}

export interface ThumbnailOptions extends ImageOutputFields {
  size: ThumbnailSize;
  crop: 'centre' | 'center' | 'attention' | 'entropy';
}

/** A CSS hex colour as the schema accepts it: #rgb, #rgba, #rrggbb or #rrggbbaa. */
export type HexColour = string;

export interface RotateOptions {
  /** Degrees, −360…360, decimals allowed; a positive angle turns clockwise. */
  angle: number;
  /** The new corners; default transparent where the output has alpha, else white. */
  background?: HexColour;
}

export type FlipDirection = 'horizontal' | 'vertical' | 'both';

export interface FlipOptions {
  direction: FlipDirection;
}

/** Every format convert writes. */
export type ConvertFormat = 'jpeg' | 'png' | 'webp' | 'avif' | 'gif' | 'tiff';

export interface ConvertOptions {
  format: ConvertFormat;
  quality: number;
  /** What transparency is flattened onto for JPEG; white by default. */
  background?: HexColour;
}

export interface CompressOptions {
  quality: number;
  format: 'same' | OutputImageFormat;
  lossless: boolean;
}

export type CombineDirection = 'horizontal' | 'vertical' | 'grid';
export type CombineAlign = 'start' | 'center' | 'end';

export interface CombineOptions {
  direction: CombineDirection;
  /** Pixels between images, 0–200. */
  gap: number;
  align: CombineAlign;
  background?: HexColour;
  format: OutputImageFormat;
  /** Encoder quality when the format is lossy; 85 when not given. */
  quality?: number;
}
