import { getTool } from '@toolkit/catalog';
import { compressImage } from '../../operations/image/compress.js';
import type { ToolHandler } from '../types.js';
import { imageReply } from './image-result.js';

const [compressionHeader] = getTool('compress-image').api.headers;

/** POST /images/compress */
export const compressImageHandler: ToolHandler<'compress-image'> = async (
  { fields, file },
  { imageLimits },
) => {
  const image = await compressImage({ data: file.data, name: file.filename }, fields, imageLimits);
  return imageReply(image, file.data.length, image.compressed ? {} : { [compressionHeader.name]: 'none' });
};
