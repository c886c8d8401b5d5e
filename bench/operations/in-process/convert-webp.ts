import { convertRequest } from '@toolkit/catalog';
import { convertImage } from '../../../apps/api/src/operations/image/convert.js';
import { limits } from './_image-runtime.js';

// The fields as the server reads them: the catalog's schema fills in its defaults.
const options = convertRequest.parse({ format: 'webp', quality: 80 });

/** The server's convert operation, called directly (POST /images/convert with format=webp, quality=80). */
export default async (data: Buffer) =>
  (await convertImage({ data, name: 'photo.jpg' }, options, limits)).data;
