import { compressImage } from '../../../apps/api/src/operations/image/compress.js';
import { limits } from './_image-runtime.js';

/** The server's compress operation, called directly (POST /images/compress with quality=75). */
export default async (data: Buffer) =>
  (await compressImage({ data, name: 'photo.jpg' }, { quality: 75, format: 'same', lossless: false }, limits))
    .data;
