import { compressRequest } from '@toolkit/catalog';
import { compressImage } from '../../../apps/api/src/operations/image/compress.js';
import { limits } from './_image-runtime.js';

// The fields as the server reads them: the catalog's schema fills in its defaults.
const options = compressRequest.parse({ quality: 75 });

/** The server's compress operation, called directly (POST /images/compress with quality=75). */
export default async (data: Buffer) =>
  (await compressImage({ data, name: 'photo.jpg' }, options, limits)).data;
