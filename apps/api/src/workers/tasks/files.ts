import { convertDocument, type DocumentJob } from '../../operations/files/convert/document.js';
import type { TaskTable } from '../task-table.js';

/**
 * File conversions that run in worker threads: mammoth, exceljs, turndown, html-to-text, marked
 * and the YAML library all block the thread they run on for as long as a document takes.
 */
export const filesTasks = {
  'files.convert-document': (job: DocumentJob) => convertDocument(job),
} satisfies TaskTable;
