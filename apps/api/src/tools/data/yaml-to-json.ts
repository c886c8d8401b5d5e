import { runTask } from '../../runtime/worker-pool.js';
import type { ToolHandler } from '../types.js';
import { documentSource, handOver, jsonType } from './document-source.js';

/** POST /data/yaml-to-json */
export const yamlToJsonHandler: ToolHandler<'yaml-to-json'> = async ({ fields, file }) => {
  const { yaml, ...options } = fields;
  const source = documentSource(yaml, 'yaml', file, 'YAML');
  const json = await runTask('data.yaml-to-json', { ...source, options }, handOver(source));
  return { kind: 'document', body: json, contentType: jsonType };
};
