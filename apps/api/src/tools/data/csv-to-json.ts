import { delimiterChar } from '@toolkit/catalog';
import {
  type CsvPart,
  csvPartsAgree,
  joinCsvParts,
  MIN_SPLIT_BYTES,
} from '../../operations/data/csv-split.js';
import type { CsvToJsonOptions } from '../../operations/data/csv-to-json.js';
import { OperationError } from '../../operations/errors.js';
import { idleWorkerThreads, runTask } from '../../runtime/worker-pool.js';
import type { ToolHandler } from '../types.js';
import { type DocumentSource, documentSource, handOver, jsonType } from './document-source.js';

/** A part that failed on the document itself: converting it whole names the failure and its place. */
const documentFailure = (error: unknown) =>
  error instanceof OperationError &&
  (error.code === 'VALIDATION_ERROR' || error.code === 'UNPROCESSABLE_FILE');

/**
 * A large upload is converted in two halves on two threads at once (operations/data/csv-split.ts),
 * from one copy of its bytes both threads share, when two threads are free (under load, splitting
 * only adds work). The whole document is converted instead when it is small, when the halves
 * disagree on how to read it, or when one fails on the document itself.
 */
async function convert(source: DocumentSource<string>, options: CsvToJsonOptions) {
  const { input, field } = source;
  if (!(input instanceof Uint8Array) || input.byteLength < MIN_SPLIT_BYTES || idleWorkerThreads() < 2) {
    return runTask('data.csv-to-json', { ...source, options }, handOver(source));
  }
  const shared = new Uint8Array(new SharedArrayBuffer(input.byteLength));
  shared.set(input);
  const parts = await Promise.allSettled(
    ([0, 1] as const).map((index) =>
      runTask('data.csv-to-json-part', { input: shared, field, options, index }),
    ),
  );
  const failed = parts.find((part) => part.status === 'rejected' && !documentFailure(part.reason));
  if (failed?.status === 'rejected') throw failed.reason;
  const [first, second] = parts.map((part) => (part.status === 'fulfilled' ? part.value : null)) as [
    CsvPart | null,
    CsvPart | null,
  ];
  if (first && second && csvPartsAgree(first, second)) return joinCsvParts(first, second);
  return runTask('data.csv-to-json', { input: shared, field, options });
}

/** POST /data/csv-to-json */
export const csvToJsonHandler: ToolHandler<'csv-to-json'> = async ({ fields, file }) => {
  const { csv, delimiter, ...options } = fields;
  const result = await convert(documentSource(csv, 'csv', file, 'CSV'), {
    ...options,
    delimiter: delimiter === undefined ? undefined : delimiterChar(delimiter),
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
