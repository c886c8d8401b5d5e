import { mimeTypes } from './formats.js';
import type { ImageLimits } from './limits.js';
import { probeImage } from './probe.js';
import { verifyDecodable } from './verify.js';

export interface Base64Result {
  base64: string;
  dataUri: string;
  cssUrl: string;
  mimeType: string;
  bytes: number;
  width: number;
  height: number;
}

/**
 * Encodes the uploaded file itself (not a re-encoded copy) as base64, a data URI and a CSS url().
 * The media type comes from the bytes, and the file must decode completely.
 *
 * @example (await imageToBase64(png, 'icon.png', limits)).dataUri // 'data:image/png;base64,iVBOR…'
 */
export async function imageToBase64(data: Buffer, name: string, limits: ImageLimits): Promise<Base64Result> {
  const probe = await probeImage(data, name, limits);
  await verifyDecodable(data, limits);
  const mimeType = mimeTypes[probe.format];
  const base64 = data.toString('base64');
  const dataUri = `data:${mimeType};base64,${base64}`;
  return {
    base64,
    dataUri,
    cssUrl: `url("${dataUri}")`,
    mimeType,
    bytes: data.length,
    width: probe.width,
    height: probe.height,
  };
}
