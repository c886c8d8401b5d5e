import sharp from 'sharp';
import { OperationError } from '../errors.js';

export const unreadableImage = (cause: unknown) =>
  new OperationError('UNPROCESSABLE_FILE', 'The image could not be read: it is damaged or truncated.', {
    cause,
  });

/**
 * One page as the engine reads it best, decoded alone (a TIFF's other pages stay undecoded):
 *
 * - turned upright by its EXIF orientation, transparency laid on white (text drawn on a
 *   transparent background would otherwise read as black on black), grey;
 * - at 250 DPI and more, a 3×3 median: scanner and JPEG specks are what tesseract's layout
 *   analysis chokes on. A noisy generated page took 65 s of CPU without it and 1.8 s with it, and
 *   was read word for word. Below 250 DPI strokes are 1–2 pixels and the median eats them
 *   (7 pt text at 200 DPI: 99% → 86% of words), so it is left out;
 * - written as a binary PGM: it has no resolution field, so the engine uses the resolution it is
 *   told or estimates it from the text. A PNG or JPEG often says 72 DPI whatever the truth (the
 *   JPEG default), and tesseract believed it: 6% of the words of a 300-DPI page instead of 74%.
 */
export async function enginePage(
  data: Buffer,
  options: { page?: number; denoise: boolean; maxInputPixels: number },
): Promise<Buffer> {
  const pgm = readPgm(data);
  if (pgm && !options.denoise) return data;
  let image = pgm
    ? sharp(pgm.pixels, {
        raw: { width: pgm.width, height: pgm.height, channels: 1 },
        limitInputPixels: options.maxInputPixels,
      })
    : sharp(data, { page: options.page ?? 0, limitInputPixels: options.maxInputPixels })
        .autoOrient()
        .flatten({ background: '#ffffff' })
        .greyscale();
  if (options.denoise) image = image.median(3);
  const { data: pixels, info } = await image
    .extractChannel(0)
    .raw()
    .toBuffer({ resolveWithObject: true })
    .catch((cause: unknown) => {
      throw unreadableImage(cause);
    });
  const header = Buffer.from(`P5\n${info.width} ${info.height}\n255\n`, 'ascii');
  return Buffer.concat([header, pixels]);
}

/**
 * A binary 8-bit PGM (what pdftoppm -gray writes: "P5", width, height, 255, then the pixels), or
 * undefined for anything else. libvips as sharp ships it reads no PGM, so its pixels go in raw.
 */
export function readPgm(data: Buffer): { width: number; height: number; pixels: Buffer } | undefined {
  const header = /^P5\s+(\d+)\s+(\d+)\s+255\s/.exec(data.subarray(0, 64).toString('latin1'));
  if (!header) return undefined;
  const width = Number(header[1]);
  const height = Number(header[2]);
  const pixels = data.subarray(header[0].length);
  return pixels.length === width * height ? { width, height, pixels } : undefined;
}

/** Resolution from which pages are denoised (see enginePage). */
export const denoiseFromDpi = 250;
