import sharp from 'sharp';
import { settings } from './settings.js';

/**
 * The server's resize pipeline, called directly: auto-orient from EXIF, resize to the target width
 * (height follows the aspect ratio), JPEG at the target quality, metadata stripped (sharp's default)
 * but the colour profile kept, as API.md asks. It is the ceiling the HTTP figures are compared with.
 */
export function resizeInProcess(input: Buffer): Promise<Buffer> {
  return sharp(input, { limitInputPixels: 50_000_000, sequentialRead: true })
    .rotate()
    .resize({ width: settings.targetWidth })
    .keepIccProfile()
    .jpeg({ quality: settings.quality })
    .toBuffer();
}
