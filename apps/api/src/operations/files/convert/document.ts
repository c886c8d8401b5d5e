import { bufferView } from '../../../bytes.js';
import { OperationError } from '../../errors.js';
import { decodeText } from '../detect/encoding.js';
import { docxTo } from './docx.js';
import type { DocumentJob } from './job.js';
import { jsonToYaml, yamlToJson } from './json-yaml.js';
import { htmlToMarkdown, htmlToPlainText, markdownToHtml } from './markup.js';
import { csvToXlsx, xlsxToCsv, xlsxToJson } from './spreadsheet.js';

/**
 * Runs one document conversion (DOCX, HTML, Markdown, XLSX, CSV, JSON, YAML) and returns the
 * result: text for text formats, bytes for XLSX. CPU-heavy; meant for the worker pool.
 *
 * @example await convertDocument({ data, from: 'md', to: 'html', title: 'notes', limits })
 */
export async function convertDocument(job: DocumentJob): Promise<string | Uint8Array> {
  if (job.data.byteLength === 0)
    throw new OperationError('UNPROCESSABLE_FILE', 'The file is empty: there is nothing to convert.');
  const pair = `${job.from}>${job.to}`;
  const data = bufferView(job.data);
  switch (pair) {
    case 'docx>html':
      return docxTo(data, 'html', job.title, job.limits);
    case 'docx>md':
      return docxTo(data, 'md', job.title, job.limits);
    case 'docx>txt':
      return docxTo(data, 'txt', job.title, job.limits);
    case 'xlsx>csv':
      return xlsxToCsv(data, job.sheet, job.limits);
    case 'xlsx>json':
      return xlsxToJson(data, job.sheet, job.limits);
    case 'html>md':
      return htmlToMarkdown(decodeText(data));
    case 'html>txt':
      return htmlToPlainText(decodeText(data));
    case 'md>html':
      return markdownToHtml(decodeText(data), job.title);
    case 'csv>xlsx':
      return csvToXlsx(decodeText(data), job.limits.maxCells);
    case 'json>yaml':
      return jsonToYaml(decodeText(data));
    case 'yaml>json':
      return yamlToJson(decodeText(data));
    default:
      throw new OperationError(
        'UNSUPPORTED_MEDIA_TYPE',
        `Converting ${job.from} to ${job.to} is not supported.`,
      );
  }
}
