import { resizeImage } from '../../operations/image/resize.js';
import type { ToolHandler } from '../types.js';
import { imageReply } from './image-result.js';

/** POST /images/resize */
export const resizeImageHandler: ToolHandler<'resize-image'> = async ({ fields, file }, { imageLimits }) => {
  const image = await resizeImage({ data: file.data, name: file.filename }, fields, imageLimits);
  return imageReply(image, file.data.length);
};
