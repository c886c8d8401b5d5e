import { rotateImage } from '../../operations/image/rotate.js';
import type { ToolHandler } from '../types.js';
import { imageReply } from './image-result.js';

/** POST /images/rotate */
export const rotateImageHandler: ToolHandler<'rotate-image'> = async ({ fields, file }, { imageLimits }) => {
  const image = await rotateImage({ data: file.data, name: file.filename }, fields, imageLimits);
  return imageReply(image, file.data.length);
};
