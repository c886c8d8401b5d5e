import { flipImage } from '../../operations/image/flip.js';
import type { ToolHandler } from '../types.js';
import { imageReply } from './image-result.js';

/** POST /images/flip */
export const flipImageHandler: ToolHandler<'flip-image'> = async ({ fields, file }, { imageLimits }) => {
  const image = await flipImage({ data: file.data, name: file.filename }, fields, imageLimits);
  return imageReply(image, file.data.length);
};
