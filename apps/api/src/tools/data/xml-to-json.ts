import { runTask } from '../../runtime/worker-pool.js';
import type { ToolHandler } from '../types.js';
import { documentSource, handOver, jsonType } from './document-source.js';

/** POST /data/xml-to-json */
export const xmlToJsonHandler: ToolHandler<'xml-to-json'> = async ({ fields, file }) => {
  const { xml, ...options } = fields;
  const source = documentSource(xml, 'xml', file, 'XML');
  const json = await runTask('data.xml-to-json', { ...source, options }, handOver(source));
  return { kind: 'document', body: json, contentType: jsonType };
};
