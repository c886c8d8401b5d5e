import { resizeRequest } from '@toolkit/catalog';
import { resizeImage } from '../../../apps/api/src/operations/image/resize.js';
import { limits } from './_image-runtime.js';

// The fields as the server reads them: the catalog's schema fills in its defaults.
const options = resizeRequest.parse({ width: 1024, quality: 85 });

/**
 * The server's whole resize operation (header probe, pre-decode checks, pipeline), called directly:
 * beside the resize benchmark's plain sharp pipeline it separates what the operation adds from what
 * HTTP adds.
 */
export default async (data: Buffer) => (await resizeImage({ data, name: 'photo.jpg' }, options, limits)).data;
