import { runTask } from '../../runtime/worker-pool.js';
import type { ToolHandler } from '../types.js';
import { handOver, jsonSource } from './document-source.js';

/** POST /data/json-to-xml */
export const jsonToXmlHandler: ToolHandler<'json-to-xml'> = async ({ fields, file }) => {
  const { json, ...options } = fields;
  const source = jsonSource(json, file);
  const xml = await runTask('data.json-to-xml', { ...source, options }, handOver(source));
  return { kind: 'document', body: xml, contentType: 'application/xml; charset=utf-8' };
};
