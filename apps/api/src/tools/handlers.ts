import { csvToJsonHandler } from './data/csv-to-json.js';
import { dataHandlers } from './data/handlers.js';
import { documentHandlers } from './document/handlers.js';
import { fileHandlers } from './file/handlers.js';
import { imageHandlers } from './image/handlers.js';
import { convertAudioHandler } from './media/convert-audio.js';
import { wordCounterHandler } from './text/word-counter.js';
import type { HandlerTable } from './types.js';

/** Every live tool of the catalog and its handler. */
export const handlers: HandlerTable = {
  ...imageHandlers,
  ...fileHandlers,
  ...documentHandlers,
  ...dataHandlers,
  'csv-to-json': csvToJsonHandler,
  'convert-audio': convertAudioHandler,
  'word-counter': wordCounterHandler,
};
