import { extractPages, openPdf, type PdfPageText, readPdfInfo } from '../../operations/pdf/extract-text.js';
import { checkInflatedSize } from '../../operations/pdf/inflate-guard.js';
import { resolvePages } from '../../operations/pdf/page-ranges.js';
import {
  type TextToPdfLimits,
  type TextToPdfOptions,
  textToPdf,
} from '../../operations/pdf/text-to-pdf/index.js';
import type { OpenInput, OpenOutput, PagesInput } from '../../operations/pdf/to-text.js';
import type { TaskTable } from '../task-table.js';

/** Opens the PDF, checks the selection against its page count, and reads a short selection at once. */
async function openAndExtract({
  data,
  ranges,
  extractUpTo,
  maxInflatedBytes,
}: OpenInput): Promise<OpenOutput> {
  checkInflatedSize(data, { maxInflatedBytes });
  const doc = await openPdf(data);
  try {
    const selected = resolvePages(ranges, doc.numPages);
    const info = await readPdfInfo(doc);
    const pages = selected.length <= extractUpTo ? await extractPages(doc, selected) : [];
    return { pageCount: doc.numPages, info, selected, pages };
  } finally {
    await doc.destroy();
  }
}

async function extractSome({ data, pages }: PagesInput): Promise<PdfPageText[]> {
  const doc = await openPdf(data);
  try {
    return await extractPages(doc, pages);
  } finally {
    await doc.destroy();
  }
}

function fromText({ options, limits }: { options: TextToPdfOptions; limits: TextToPdfLimits }) {
  return textToPdf(options, limits);
}

export const pdfTasks = {
  'pdf.open-and-extract': openAndExtract,
  'pdf.extract-pages': extractSome,
  'pdf.from-text': fromText,
} satisfies TaskTable;
