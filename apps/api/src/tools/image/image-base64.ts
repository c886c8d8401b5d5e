import { imageToBase64 } from '../../operations/image/base64.js';
import type { ToolHandler } from '../types.js';

/** POST /images/base64 */
export const imageBase64Handler: ToolHandler<'image-base64'> = async ({ file }, { imageLimits }) => ({
  kind: 'analysis',
  message: 'Image successfully converted.',
  data: await imageToBase64(file.data, file.filename, imageLimits),
});
