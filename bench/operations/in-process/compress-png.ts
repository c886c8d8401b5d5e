import { compressImage } from '../../../apps/api/src/operations/image/compress.js';
import { limits } from './_image-runtime.js';

/** The server's compress operation at its defaults, called directly (POST /images/compress of a PNG). */
export default async (data: Buffer) =>
  (await compressImage({ data, name: 'photo.png' }, { quality: 75, format: 'same', lossless: false }, limits))
    .data;
