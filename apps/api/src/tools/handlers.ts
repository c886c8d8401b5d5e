import { base64DecodeHandler } from './data/base64-decode.js';
import { base64EncodeHandler } from './data/base64-encode.js';
import { csvToJsonHandler } from './data/csv-to-json.js';
import { jsonToCsvHandler } from './data/json-to-csv.js';
import { jsonToXmlHandler } from './data/json-to-xml.js';
import { xmlToJsonHandler } from './data/xml-to-json.js';
import { yamlToJsonHandler } from './data/yaml-to-json.js';
import { pdfToTextHandler } from './document/pdf-to-text.js';
import { textToPdfHandler } from './document/text-to-pdf.js';
import { fileCompressionHandler } from './file/file-compression.js';
import { fileConversionHandler } from './file/file-conversion.js';
import { fileDetectionHandler } from './file/file-detection.js';
import { combineImagesHandler } from './image/combine-images.js';
import { compressImageHandler } from './image/compress-image.js';
import { convertImageHandler } from './image/convert-image.js';
import { flipImageHandler } from './image/flip-image.js';
import { imageBase64Handler } from './image/image-base64.js';
import { resizeImageHandler } from './image/resize-image.js';
import { rotateImageHandler } from './image/rotate-image.js';
import { thumbnailGeneratorHandler } from './image/thumbnail-generator.js';
import { convertAudioHandler } from './media/convert-audio.js';
import { wordCounterHandler } from './text/word-counter.js';
import type { HandlerTable } from './types.js';

/** Every live tool of the catalog and its handler. */
export const handlers: HandlerTable = {
  'resize-image': resizeImageHandler,
  'thumbnail-generator': thumbnailGeneratorHandler,
  'image-base64': imageBase64Handler,
  'file-detection': fileDetectionHandler,
  'file-compression': fileCompressionHandler,
  'file-conversion': fileConversionHandler,
  'rotate-image': rotateImageHandler,
  'flip-image': flipImageHandler,
  'convert-image': convertImageHandler,
  'compress-image': compressImageHandler,
  'combine-images': combineImagesHandler,
  'convert-audio': convertAudioHandler,
  'pdf-to-text': pdfToTextHandler,
  'text-to-pdf': textToPdfHandler,
  'word-counter': wordCounterHandler,
  'json-to-csv': jsonToCsvHandler,
  'csv-to-json': csvToJsonHandler,
  'xml-to-json': xmlToJsonHandler,
  'json-to-xml': jsonToXmlHandler,
  'yaml-to-json': yamlToJsonHandler,
  'base64-encode': base64EncodeHandler,
  'base64-decode': base64DecodeHandler,
};
