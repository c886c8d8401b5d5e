import { pdfToTextHandler } from './document/pdf-to-text.js';
import { textToPdfHandler } from './document/text-to-pdf.js';
import { combineImagesHandler } from './image/combine-images.js';
import { compressImageHandler } from './image/compress-image.js';
import { convertImageHandler } from './image/convert-image.js';
import { flipImageHandler } from './image/flip-image.js';
import { imageBase64Handler } from './image/image-base64.js';
import { resizeImageHandler } from './image/resize-image.js';
import { rotateImageHandler } from './image/rotate-image.js';
import { thumbnailGeneratorHandler } from './image/thumbnail-generator.js';
import { convertAudioHandler } from './media/convert-audio.js';
import type { HandlerTable } from './types.js';

/** Every live tool of the catalog and its handler. */
export const handlers: HandlerTable = {
  'resize-image': resizeImageHandler,
  'thumbnail-generator': thumbnailGeneratorHandler,
  'image-base64': imageBase64Handler,
  'rotate-image': rotateImageHandler,
  'flip-image': flipImageHandler,
  'convert-image': convertImageHandler,
  'compress-image': compressImageHandler,
  'combine-images': combineImagesHandler,
  'convert-audio': convertAudioHandler,
  'pdf-to-text': pdfToTextHandler,
  'text-to-pdf': textToPdfHandler,
};
