import {
  extractPages,
  openPdf,
  type PdfInfo,
  type PdfPageText,
  readPdfInfo,
} from '../../operations/pdf/extract-text.js';
import { checkInflatedSize } from '../../operations/pdf/inflate-guard.js';
import { type PageRange, resolvePages } from '../../operations/pdf/page-ranges.js';
import {
  type TextToPdfLimits,
  type TextToPdfOptions,
  textToPdf,
} from '../../operations/pdf/text-to-pdf/index.js';
import type { TaskTable } from '../task-table.js';

interface OpenInput {
  data: Uint8Array;
  ranges: PageRange[] | undefined;
  /** Pages this task extracts itself when the selection is no longer; otherwise none. */
  extractUpTo: number;
  /** Checked once here, before pdf.js reads the file (the tasks that share out pages open it again). */
  maxInflatedBytes: number;
}

interface OpenOutput {
  pageCount: number;
  info: PdfInfo;
  selected: number[];
  pages: PdfPageText[];
}

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

async function extractSome({ data, pages }: { data: Uint8Array; pages: number[] }): Promise<PdfPageText[]> {
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
