import { runTask } from '../../runtime/worker-pool.js';
import type { ToolHandler } from '../types.js';
import { documentSource, handOver } from './document-source.js';

/** POST /data/base64-encode: any file's bytes, or the text's UTF-8. */
export const base64EncodeHandler: ToolHandler<'base64-encode'> = async ({ fields, file }) => {
  const { text, ...options } = fields;
  const source = documentSource(text, 'text', file, 'text');
  const base64 = await runTask('data.base64-encode', { ...source, options }, handOver(source));
  return { kind: 'document', body: base64, contentType: 'text/plain; charset=utf-8' };
};
