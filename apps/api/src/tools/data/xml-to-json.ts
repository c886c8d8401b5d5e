import { runTask } from '../../runtime/worker-pool.js';
import type { ToolHandler } from '../types.js';
import { documentSource, jsonType } from './document-source.js';

/** POST /data/xml-to-json */
export const xmlToJsonHandler: ToolHandler<'xml-to-json'> = async ({ fields, file }) => {
  const { xml, ...options } = fields;
  const json = await runTask('data.xml-to-json', { ...documentSource(xml, 'xml', file, 'XML'), options });
  return { kind: 'document', body: json, contentType: jsonType };
};
