import { delimiterChar } from '@toolkit/catalog';
import { runTask } from '../../runtime/worker-pool.js';
import type { ToolHandler } from '../types.js';
import { handOver, jsonSource } from './document-source.js';

/** POST /data/json-to-csv */
export const jsonToCsvHandler: ToolHandler<'json-to-csv'> = async ({ fields, file }) => {
  const { json, delimiter, ...options } = fields;
  const source = jsonSource(json, file);
  const result = await runTask(
    'data.json-to-csv',
    { ...source, options: { ...options, delimiter: delimiterChar(delimiter) } },
    handOver(source),
  );
  return {
    kind: 'document',
    body: result.csv,
    contentType: 'text/csv; charset=utf-8',
    headers: { 'X-Row-Count': result.rows },
  };
};
