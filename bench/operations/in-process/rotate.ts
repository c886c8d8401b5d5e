import { rotateImage } from '../../../apps/api/src/operations/image/rotate.js';
import { limits } from './_image-runtime.js';

/** The server's rotate operation, called directly (the same work as POST /images/rotate with angle=90, quality=85). */
export default async (data: Buffer) =>
  (await rotateImage({ data, name: 'photo.jpg' }, { angle: 90, quality: 85 }, limits)).data;
