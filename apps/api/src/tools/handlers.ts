import { fileCompressionHandler } from './file/file-compression.js';
import { fileConversionHandler } from './file/file-conversion.js';
import { fileDetectionHandler } from './file/file-detection.js';
import { imageBase64Handler } from './image/image-base64.js';
import { resizeImageHandler } from './image/resize-image.js';
import { thumbnailGeneratorHandler } from './image/thumbnail-generator.js';
import type { HandlerTable } from './types.js';

/** Every live tool of the catalog and its handler. */
export const handlers: HandlerTable = {
  'resize-image': resizeImageHandler,
  'thumbnail-generator': thumbnailGeneratorHandler,
  'image-base64': imageBase64Handler,
  'file-detection': fileDetectionHandler,
  'file-compression': fileCompressionHandler,
  'file-conversion': fileConversionHandler,
};
