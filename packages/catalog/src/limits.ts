/**
 * Default limits of the public contract (API.md). The server reads overrides from its environment;
 * these are the values documented and used when nothing overrides them.
 */
export const defaultLimits = {
  /** Largest image upload, in bytes (10 MB). */
  imageUploadBytes: 10 * 1024 * 1024,
  /** Largest upload of any other kind, in bytes (25 MB). */
  otherUploadBytes: 25 * 1024 * 1024,
  /** Largest JSON or text body, in bytes (10 MB). */
  textBodyBytes: 10 * 1024 * 1024,
  /** Output image sides, in pixels. */
  minImageSide: 1,
  maxImageSide: 4096,
  /** Largest decoded input image, in pixels (50 megapixels). */
  maxInputPixels: 50_000_000,
  /**
   * Largest image written as AVIF, in pixels (4096 × 4096). The AVIF encoder costs an order of
   * magnitude more than JPEG: about 0.7 CPU-seconds and 45 MB per megapixel on the reference
   * machine, so a 47 MP photo took over 30 s and 2.25 GB.
   */
  maxAvifPixels: 4096 * 4096,
  /**
   * What the streams of a PDF that text extraction reads (images aside) may inflate to together,
   * in bytes (128 MB): pdf.js holds each inflated stream whole, about 1 MB of memory and 25 ms per
   * MB, so a 765 KB file with a 500 MB stream held a worker for the whole time limit.
   */
  pdfMaxInflatedBytes: 128 * 1024 * 1024,
  /** Processing time per request, in milliseconds. */
  requestTimeoutMs: 30_000,
  /** Processing time per audio request, in milliseconds. */
  audioTimeoutMs: 60_000,
  /** Longest audio accepted, in seconds (20 minutes). */
  audioMaxDurationSeconds: 1200,
  /** Most characters typeset into one PDF (about 1,000 pages of 12 pt text). */
  textToPdfMaxCharacters: 2_000_000,
  /**
   * Most combining marks and joiners on one character in a PDF made from text: the font shaper's
   * time grows with the square of a cluster's length (e + 50,000 accents took 174 s). Zalgo text
   * stacks a few dozen; Unicode's stream-safe format allows 30.
   */
  textToPdfMaxJoinedMarks: 100,
} as const;

/** The limits a server runs with: the defaults above, or its configuration's overrides. */
export type Limits = { -readonly [K in keyof typeof defaultLimits]: number };

/** Thumbnail sizes, in pixels per side. */
export const thumbnailSizes = { small: 150, medium: 300, large: 450 } as const;
export type ThumbnailSize = keyof typeof thumbnailSizes;

/** Image formats the image operations write. */
export const outputImageFormats = ['jpeg', 'png', 'webp', 'avif'] as const;
export type OutputImageFormat = (typeof outputImageFormats)[number];

/**
 * Media types an image result can have: the formats a client may ask for, plus GIF and TIFF, which
 * are written back as they came when no format is asked for.
 */
export const resultImageTypes = [
  ...outputImageFormats.map((format) => `image/${format}` as const),
  'image/gif',
  'image/tiff',
] as const;

/** MIME types of the image formats the website advertises (JPEG, PNG, WebP). */
export const advertisedImageTypes = ['image/jpeg', 'image/png', 'image/webp'] as const;
