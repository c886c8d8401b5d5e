import sharp from 'sharp';
import { OperationError } from '../errors.js';
import { checkOcrCost, ocrCost } from './cost.js';
import { cleanRecognisedText, type OcrEngine, type OcrSlots } from './engine.js';
import { denoiseFromDpi, enginePage, unreadableImage } from './prepare.js';
import { OcrClock, type OcrRunLimits } from './run.js';

/** Image formats (sharp's names) whose text can be recognised: scans and photos of pages. */
export const ocrImageFormats = ['png', 'jpeg', 'webp', 'tiff'] as const;

export interface ImageOcrServices {
  engine: OcrEngine;
  slots: OcrSlots;
}

export interface ImageOcrLimits extends OcrRunLimits {
  /** Largest decoded page, in pixels (the image tools' limit): a decompression bomb is 413 before decoding. */
  maxInputPixels: number;
}

export interface ImageText {
  /** The pages' texts, separated by a blank line. */
  text: string;
  /** One entry per page: a TIFF may hold many, the other formats one. */
  pages: { number: number; text: string }[];
}

/** Each page's pixel size and resolution, read from the headers only (nothing decoded). */
async function measurePages(data: Buffer, limits: ImageOcrLimits) {
  const first = await sharp(data)
    .metadata()
    .catch((error: unknown) => {
      throw unreadableImage(error);
    });
  if (!(ocrImageFormats as readonly string[]).includes(first.format)) {
    throw new OperationError(
      'UNSUPPORTED_MEDIA_TYPE',
      `Text can be recognised in ${ocrImageFormats.join(', ').toUpperCase()} images; this one is ${first.format.toUpperCase()}.`,
    );
  }
  const count = first.format === 'tiff' ? (first.pages ?? 1) : 1;
  const pages: { width: number; height: number; density: number | undefined }[] = [];
  for (let page = 0; page < count; page++) {
    const meta =
      page === 0
        ? first
        : await sharp(data, { page })
            .metadata()
            .catch((e: unknown) => {
              throw unreadableImage(e);
            });
    if (meta.width * meta.height > limits.maxInputPixels) {
      throw new OperationError(
        'PAYLOAD_TOO_LARGE',
        `${count > 1 ? `Page ${page + 1} of the image` : 'The image'} is ${meta.width}×${meta.height} pixels; ` +
          `the limit is ${(limits.maxInputPixels / 1e6).toLocaleString('en-US')} megapixels a page.`,
      );
    }
    pages.push({ width: meta.width, height: meta.height, density: meta.density });
  }
  return pages;
}

/**
 * The text in an image (PNG, JPEG, WebP, TIFF; every page of a multi-page TIFF), by OCR. The pages
 * are measured from their headers first and the work refused with 413 when it would take longer
 * than the time limit; then each page is decoded, prepared and recognised alone inside the OCR
 * lane's limiter, so memory is one page's whatever the page count.
 *
 * @example await imageToText(png, 'eng', { engine, slots }, limits)
 */
export async function imageToText(
  data: Buffer,
  languages: string,
  services: ImageOcrServices,
  limits: ImageOcrLimits,
): Promise<ImageText> {
  const sizes = await measurePages(data, limits);
  const clock = new OcrClock(limits);
  checkOcrCost(
    ocrCost(sizes, limits),
    { ...limits, timeoutMs: clock.remaining() },
    sizes.length > 1
      ? 'Split the TIFF into smaller files, or send it as an async job, which has more time.'
      : 'Send a smaller image, or send it as an async job, which has more time.',
  );
  const pages: ImageText['pages'] = [];
  for (const [index, size] of sizes.entries()) {
    clock.check(pages.length, sizes.length);
    try {
      const text = await services.slots.run(async () => {
        clock.check(pages.length, sizes.length);
        // A resolution the file states is worth passing on; 72 and the like are defaults, not facts.
        const dpi = size.density !== undefined && size.density >= 100 ? Math.round(size.density) : undefined;
        const page = await enginePage(data, {
          page: index,
          denoise: dpi !== undefined && dpi >= denoiseFromDpi,
          maxInputPixels: limits.maxInputPixels,
        });
        return services.engine.recognize(page, {
          languages,
          dpi,
          timeoutMs: clock.remaining(),
          signal: limits.signal,
        });
      });
      pages.push({ number: index + 1, text: cleanRecognisedText(text) });
    } catch (error) {
      throw clock.translate(error, pages.length, sizes.length);
    }
    limits.onPage?.(pages.length, sizes.length);
  }
  return { text: pages.map((page) => page.text).join('\n\n'), pages };
}
