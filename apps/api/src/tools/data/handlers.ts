import { delimiterChar } from '@toolkit/catalog';
import { contentDisposition } from '../../core/result.js';
import { runTask } from '../../runtime/worker-pool.js';
import type { HandlerTable } from '../types.js';
import { documentSource, handOver, jsonSource, jsonType } from './document-source.js';

const plainText = 'text/plain; charset=utf-8';

/**
 * The data tools whose document goes through one worker task, by tool id (csv-to-json, which may
 * split its document in two, has a file of its own).
 */
export const dataHandlers = {
  'json-to-csv': async ({ fields, file }) => {
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
  },
  'json-to-xml': async ({ fields, file }) => {
    const { json, ...options } = fields;
    const source = jsonSource(json, file);
    const xml = await runTask('data.json-to-xml', { ...source, options }, handOver(source));
    return { kind: 'document', body: xml, contentType: 'application/xml; charset=utf-8' };
  },
  'xml-to-json': async ({ fields, file }) => {
    const { xml, ...options } = fields;
    const source = documentSource(xml, 'xml', file, 'XML');
    const json = await runTask('data.xml-to-json', { ...source, options }, handOver(source));
    return { kind: 'document', body: json, contentType: jsonType };
  },
  'yaml-to-json': async ({ fields, file }) => {
    const { yaml, ...options } = fields;
    const source = documentSource(yaml, 'yaml', file, 'YAML');
    const json = await runTask('data.yaml-to-json', { ...source, options }, handOver(source));
    return { kind: 'document', body: json, contentType: jsonType };
  },
  // Any file's bytes, or the text's UTF-8.
  'base64-encode': async ({ fields, file }) => {
    const { text, ...options } = fields;
    const source = documentSource(text, 'text', file, 'text');
    const base64 = await runTask('data.base64-encode', { ...source, options }, handOver(source));
    return { kind: 'document', body: base64, contentType: plainText };
  },
  // Text comes back as text, anything else as a download of its type.
  'base64-decode': async ({ fields, file }) => {
    const { base64, ...options } = fields;
    const source = documentSource(base64, 'base64', file, 'Base64');
    const decoded = await runTask('data.base64-decode', { ...source, options }, handOver(source));
    if (decoded.kind === 'text') return { kind: 'document', body: decoded.text, contentType: plainText };
    return {
      kind: 'document',
      body: decoded.data,
      contentType: decoded.mime,
      headers: { 'Content-Disposition': contentDisposition(file?.filename, 'decoded', decoded.extension) },
    };
  },
} satisfies Partial<HandlerTable>;
