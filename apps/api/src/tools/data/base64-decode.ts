import { contentDisposition } from '../../http/result.js';
import { runTask } from '../../runtime/worker-pool.js';
import type { ToolHandler } from '../types.js';
import { documentSource, handOver } from './document-source.js';

/** POST /data/base64-decode: text comes back as text, anything else as a download of its type. */
export const base64DecodeHandler: ToolHandler<'base64-decode'> = async ({ fields, file }) => {
  const { base64, ...options } = fields;
  const source = documentSource(base64, 'base64', file, 'Base64');
  const decoded = await runTask('data.base64-decode', { ...source, options }, handOver(source));
  if (decoded.kind === 'text') {
    return { kind: 'document', body: decoded.text, contentType: 'text/plain; charset=utf-8' };
  }
  return {
    kind: 'document',
    body: decoded.data,
    contentType: decoded.mime,
    headers: { 'Content-Disposition': contentDisposition(file?.filename, 'decoded', decoded.extension) },
  };
};
