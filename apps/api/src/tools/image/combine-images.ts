import { combineImages } from '../../operations/image/combine.js';
import type { ToolHandler } from '../types.js';
import { imageReply } from './image-result.js';

/** POST /images/combine */
export const combineImagesHandler: ToolHandler<'combine-images'> = async (
  { fields, files },
  { imageLimits },
) => {
  const inputs = files.map((file) => ({ data: file.data, name: file.filename }));
  const image = await combineImages(inputs, fields, imageLimits);
  const uploaded = files.reduce((total, file) => total + file.data.length, 0);
  return imageReply(image, uploaded);
};
