import { runTask } from '../../runtime/worker-pool.js';
import type { ToolHandler } from '../types.js';
import { documentSource, jsonType } from './document-source.js';

/** POST /data/yaml-to-json */
export const yamlToJsonHandler: ToolHandler<'yaml-to-json'> = async ({ fields, file }) => {
  const { yaml, ...options } = fields;
  const json = await runTask('data.yaml-to-json', { ...documentSource(yaml, 'yaml', file, 'YAML'), options });
  return { kind: 'document', body: json, contentType: jsonType };
};
