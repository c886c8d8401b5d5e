import { runTask } from '../../runtime/worker-pool.js';
import { documentSource, handOver } from '../data/document-source.js';
import type { ToolHandler } from '../types.js';

/** POST /text/word-count: segmentation runs in the worker pool (megabytes take seconds of CPU). */
export const wordCounterHandler: ToolHandler<'word-counter'> = async ({ fields, file }) => {
  const source = documentSource(fields.text, 'text', file, 'text');
  const data = await runTask('text.word-count', source, handOver(source));
  return { kind: 'analysis', message: `Counted ${data.words} words.`, data };
};
