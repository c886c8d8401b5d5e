import { csvToJsonHandler } from './data/csv-to-json.js';
import { dataHandlers } from './data/handlers.js';
import { pdfToTextHandler } from './document/pdf-to-text.js';
import { textToPdfHandler } from './document/text-to-pdf.js';
import { fileCompressionHandler } from './file/file-compression.js';
import { fileConversionHandler } from './file/file-conversion.js';
import { fileDetectionHandler } from './file/file-detection.js';
import { imageHandlers } from './image/handlers.js';
import { convertAudioHandler } from './media/convert-audio.js';
import { wordCounterHandler } from './text/word-counter.js';
import type { HandlerTable } from './types.js';

/** Every live tool of the catalog and its handler. */
export const handlers: HandlerTable = {
  ...imageHandlers,
  ...dataHandlers,
  'file-detection': fileDetectionHandler,
  'file-compression': fileCompressionHandler,
  'file-conversion': fileConversionHandler,
  'convert-audio': convertAudioHandler,
  'pdf-to-text': pdfToTextHandler,
  'text-to-pdf': textToPdfHandler,
  'word-counter': wordCounterHandler,
  'csv-to-json': csvToJsonHandler,
};
