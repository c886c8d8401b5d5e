import { rotateRequest } from '@toolkit/catalog';
import { rotateImage } from '../../../apps/api/src/operations/image/rotate.js';
import { limits } from './_image-runtime.js';

// The fields as the server reads them: the catalog's schema fills in its defaults.
const options = rotateRequest.parse({ angle: 90, quality: 85 });

/** The server's rotate operation, called directly (the same work as POST /images/rotate with angle=90, quality=85). */
export default async (data: Buffer) => (await rotateImage({ data, name: 'photo.jpg' }, options, limits)).data;
