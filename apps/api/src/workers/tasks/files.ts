import { convertDocument } from '../../operations/files/convert/document.js';
import type { DocumentJob } from '../../operations/files/convert/job.js';
import { analyseText, type TextProbe } from '../../operations/files/detect/detect.js';
import { type TaskTable, utf8Body } from '../task-table.js';

/**
 * File conversions that run in worker threads: mammoth, exceljs, turndown, html-to-text, marked
 * and the YAML library all block the thread they run on for as long as a document takes; even the
 * text analysis of detection (chardet, CSV and YAML shape checks) costs tens of milliseconds.
 */
export const filesTasks = {
  'files.convert-document': async (job: DocumentJob) => {
    const converted = await convertDocument(job);
    return typeof converted === 'string' ? utf8Body(converted) : converted;
  },
  'files.analyse-text': (probe: TextProbe) => analyseText(probe),
} satisfies TaskTable;
