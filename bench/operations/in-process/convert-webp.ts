import { convertImage } from '../../../apps/api/src/operations/image/convert.js';
import { limits } from './_image-runtime.js';

/** The server's convert operation, called directly (POST /images/convert with format=webp, quality=80). */
export default async (data: Buffer) =>
  (await convertImage({ data, name: 'photo.jpg' }, { format: 'webp', quality: 80 }, limits)).data;
