import { delimiterChar } from '@toolkit/catalog';
import { runTask } from '../../runtime/worker-pool.js';
import type { ToolHandler } from '../types.js';
import { documentSource, jsonType } from './document-source.js';

/** POST /data/csv-to-json */
export const csvToJsonHandler: ToolHandler<'csv-to-json'> = async ({ fields, file }) => {
  const { csv, delimiter, ...options } = fields;
  const result = await runTask('data.csv-to-json', {
    ...documentSource(csv, 'csv', file, 'CSV'),
    options: { ...options, delimiter: delimiter === undefined ? undefined : delimiterChar(delimiter) },
  });
  const headers: Record<string, string | number> = {
    'X-Row-Count': result.rows,
    'X-Delimiter': result.delimiter === '\t' ? 'tab' : result.delimiter,
  };
  if (result.ragged) {
    headers['X-Ragged-Rows'] = result.ragged.count;
    headers['X-Ragged-First-Row'] = result.ragged.first.row;
  }
  return { kind: 'document', body: result.json, contentType: jsonType, headers };
};
