import { convertImage } from '../../operations/image/convert.js';
import type { ToolHandler } from '../types.js';
import { imageReply } from './image-result.js';

/** POST /images/convert */
export const convertImageHandler: ToolHandler<'convert-image'> = async (
  { fields, file },
  { imageLimits },
) => {
  const image = await convertImage({ data: file.data, name: file.filename }, fields, imageLimits);
  return imageReply(image, file.data.length);
};
