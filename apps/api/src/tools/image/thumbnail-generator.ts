import { thumbnailImage } from '../../operations/image/thumbnail.js';
import type { ToolHandler } from '../types.js';
import { imageReply } from './image-result.js';

/** POST /images/thumbnail */
export const thumbnailGeneratorHandler: ToolHandler<'thumbnail-generator'> = async (
  { fields, file },
  { imageLimits },
) => {
  const image = await thumbnailImage({ data: file.data, name: file.filename }, fields, imageLimits);
  return imageReply(image, file.data.length);
};
