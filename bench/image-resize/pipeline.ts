import sharp from 'sharp';
import { settings } from './settings.js';

// The in-process ceiling may be run with the server's libvips threads per image (SHARP_CONCURRENCY
// there), to tell the cost of HTTP from the cost of that setting; by default it is sharp's own default.
const threads = process.env.BENCH_SHARP_CONCURRENCY;
if (threads !== undefined && threads !== '') sharp.concurrency(Number(threads));
// The server turns libvips' operation cache off (every upload is new); the tuned variant does too.
if (process.env.BENCH_SHARP_CACHE === '0') sharp.cache(false);

/**
 * The server's resize pipeline (apps/api/src/operations/image/pipeline.ts with resize.ts), called directly:
 * auto-orient from EXIF, fit inside the target width (height follows the aspect ratio), metadata
 * dropped but the colour profile kept, JPEG at the target quality. The server's header probe before
 * it (file-type and metadata) is left out: it is part of what HTTP costs on top of this ceiling.
 */
export function resizeInProcess(input: Buffer): Promise<Buffer> {
  return sharp(input, { failOn: 'error', limitInputPixels: 50_000_000, sequentialRead: true })
    .timeout({ seconds: 30 })
    .autoOrient()
    .resize({ width: settings.targetWidth, fit: 'inside' })
    .keepIccProfile()
    .jpeg({ quality: settings.quality })
    .toBuffer();
}
