import { pdfToTextHandler } from './document/pdf-to-text.js';
import { textToPdfHandler } from './document/text-to-pdf.js';
import { imageBase64Handler } from './image/image-base64.js';
import { resizeImageHandler } from './image/resize-image.js';
import { thumbnailGeneratorHandler } from './image/thumbnail-generator.js';
import { convertAudioHandler } from './media/convert-audio.js';
import type { HandlerTable } from './types.js';

/** Every live tool of the catalog and its handler. */
export const handlers: HandlerTable = {
  'resize-image': resizeImageHandler,
  'thumbnail-generator': thumbnailGeneratorHandler,
  'image-base64': imageBase64Handler,
  'convert-audio': convertAudioHandler,
  'pdf-to-text': pdfToTextHandler,
  'text-to-pdf': textToPdfHandler,
};
