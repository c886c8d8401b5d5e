import { readFileSync } from 'node:fs';
import { basename } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Download, Locator, Page } from '@playwright/test';
import sharp from 'sharp';

/** Real files committed under fixtures/corpus (see its MANIFEST.md), resolved from this file. */
export function fixture(relativePath: string): string {
  return fileURLToPath(new URL(`../../fixtures/corpus/${relativePath}`, import.meta.url));
}

export const images = {
  /** 451x300 RGB PNG photo. */
  cat: fixture('images/chelsea_cat_451x300.png'),
  /** 720x1440 JPEG: an exact 1:2 ratio, so one side given fixes the other without rounding. */
  portrait: fixture('images/portrait_flow_720x1440.jpg'),
  /** 48x48 JPEG, 9.4 KiB: small enough for Base64 on screen. */
  tiny: fixture('images/icc_profile_48x48.jpeg'),
  /** 23x42 lossless WebP. */
  webp: fixture('images/webp_lossless_sample.webp'),
};

/** A real file that is not an image (an HTML page saved with a .pdf extension). */
export const notAnImage = fixture('bad/html_with_pdf_extension.pdf');

/** A JPEG that cannot be decoded: the server answers 422 for it. */
export const corruptJpeg = fixture('bad/truncated_skimage.jpg');

const mimeTypes: Record<string, string> = {
  png: 'image/png',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  webp: 'image/webp',
  pdf: 'application/pdf',
};

export function mimeTypeOf(path: string): string {
  const extension = path.split('.').pop()?.toLowerCase() ?? '';
  return mimeTypes[extension] ?? 'application/octet-stream';
}

/**
 * Drops files on a target the way a browser does: dragenter, dragover and drop events that carry
 * a DataTransfer holding the files. The events bubble, so any element inside the drop zone will do.
 */
export async function dropFile(page: Page, target: Locator, ...paths: string[]): Promise<void> {
  const files = paths.map((path) => ({
    name: basename(path),
    type: mimeTypeOf(path),
    base64: readFileSync(path).toString('base64'),
  }));
  const dataTransfer = await page.evaluateHandle((list) => {
    const transfer = new DataTransfer();
    for (const { name, type, base64 } of list) {
      const bytes = Uint8Array.from(atob(base64), (char) => char.charCodeAt(0));
      transfer.items.add(new File([bytes], name, { type }));
    }
    return transfer;
  }, files);
  for (const type of ['dragenter', 'dragover', 'drop']) {
    await target.dispatchEvent(type, { dataTransfer });
  }
  await dataTransfer.dispose();
}

export interface DecodedImage {
  width: number;
  height: number;
  format: string;
  bytes: number;
}

/** Decodes an image with sharp (libvips): the real dimensions, not what a header or the page claims. */
export async function decode(input: string | Buffer): Promise<DecodedImage> {
  const buffer = typeof input === 'string' ? readFileSync(input) : input;
  const { width, height, format } = await sharp(buffer).metadata();
  return { width, height, format, bytes: buffer.length };
}

/** Saves a download and decodes it. */
export async function decodeDownload(download: Download): Promise<DecodedImage & { filename: string }> {
  const path = await download.path();
  return { ...(await decode(path)), filename: download.suggestedFilename() };
}
