import ExcelJS from 'exceljs';
import Papa from 'papaparse';
import { OperationError } from '../../errors.js';
import { inspectZip, type ZipLimits } from './zip-guard.js';

export interface SpreadsheetLimits extends ZipLimits {
  /** Cell elements in all sheets together, counted before exceljs reads anything. */
  maxCells: number;
}

type Scalar = string | number | boolean | null;

/** Excel stores wall-clock times without a zone; exceljs hands them over as UTC. */
function isoDate(date: Date): string {
  const iso = date.toISOString();
  if (iso.endsWith('T00:00:00.000Z')) return iso.slice(0, 10);
  return iso.replace(/\.000Z$|Z$/, '');
}

/** A cell's value as data: formulas give their cached result, rich text its text, dates ISO text. */
function cellValue(value: ExcelJS.CellValue): Scalar {
  if (value === null || value === undefined) return null;
  if (value instanceof Date) return isoDate(value);
  if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean') return value;
  if ('error' in value) return value.error;
  if ('richText' in value) return value.richText.map((run) => run.text).join('');
  if ('formula' in value || 'sharedFormula' in value) {
    return cellValue((value as ExcelJS.CellFormulaValue).result as ExcelJS.CellValue);
  }
  if ('hyperlink' in value) return cellValue(value.text as ExcelJS.CellValue);
  return null;
}

function pickSheet(workbook: ExcelJS.Workbook, wanted: string | undefined): ExcelJS.Worksheet {
  const sheets = workbook.worksheets;
  const names = sheets.map((s) => `"${s.name}"`).join(', ');
  if (sheets.length === 0) throw new OperationError('UNPROCESSABLE_FILE', 'The workbook has no worksheets.');
  if (wanted === undefined || wanted === '') return sheets[0] as ExcelJS.Worksheet;
  const byName =
    sheets.find((s) => s.name === wanted) ??
    sheets.find((s) => s.name.toLowerCase() === wanted.toLowerCase());
  if (byName) return byName;
  if (/^\d+$/.test(wanted)) {
    const byNumber = sheets[Number(wanted) - 1];
    if (byNumber) return byNumber;
  }
  throw new OperationError(
    'VALIDATION_ERROR',
    `The workbook has no sheet "${wanted}"; its sheets are ${names} (or 1–${sheets.length}).`,
    {
      field: 'sheet',
    },
  );
}

/**
 * The sheet is written as a full grid, every empty cell between its cells included: two cells, A1
 * and XFD1048576, make 17 billion. The grid's size (last row × last column with a value, as
 * exceljs counts them from the cells it read) is checked before a row is built.
 */
function refuseWideSheet(worksheet: ExcelJS.Worksheet, maxCells: number): void {
  const rows = worksheet.rowCount;
  const columns = worksheet.columnCount;
  if (rows * columns <= maxCells) return;
  const n = (value: number) => value.toLocaleString('en');
  throw new OperationError(
    'PAYLOAD_TOO_LARGE',
    `The sheet "${worksheet.name}" spans ${n(rows)} rows × ${n(columns)} columns, ${n(rows * columns)} cells with the empty ones between; at most ${n(maxCells)} can be converted.`,
  );
}

async function readRows(
  data: Buffer,
  sheet: string | undefined,
  limits: SpreadsheetLimits,
): Promise<Scalar[][]> {
  const summary = await inspectZip(data, limits, 'XLSX', /^xl\/worksheets\/[^/]+\.xml$/);
  if (!summary.names.has('xl/workbook.xml')) {
    throw new OperationError(
      'UNPROCESSABLE_FILE',
      'This file is a ZIP archive but not an Excel workbook: it has no xl/workbook.xml inside.',
    );
  }
  if (summary.cells > limits.maxCells) {
    throw new OperationError(
      'PAYLOAD_TOO_LARGE',
      `The workbook has ${summary.cells.toLocaleString('en')} cells; at most ${limits.maxCells.toLocaleString('en')} can be converted.`,
    );
  }
  const workbook = new ExcelJS.Workbook();
  try {
    await workbook.xlsx.load(data as unknown as ArrayBuffer);
  } catch (error) {
    throw new OperationError(
      'UNPROCESSABLE_FILE',
      'The workbook could not be read: it is damaged or not an XLSX file.',
      {
        cause: error,
      },
    );
  }
  const worksheet = pickSheet(workbook, sheet);
  refuseWideSheet(worksheet, limits.maxCells);
  const rows: Scalar[][] = [];
  let width = 0;
  worksheet.eachRow({ includeEmpty: true }, (row, rowNumber) => {
    const values: Scalar[] = [];
    row.eachCell({ includeEmpty: true }, (cell, column) => {
      values[column - 1] = cellValue(cell.value);
    });
    rows[rowNumber - 1] = values;
    width = Math.max(width, values.length);
  });
  // Trailing empty rows and cells carry no data; holes in between are kept as empty cells.
  while (rows.length > 0 && (rows.at(-1) ?? []).every((v) => v === null || v === undefined)) rows.pop();
  return Array.from(rows, (row = []) => Array.from({ length: width }, (_, i) => row[i] ?? null));
}

/** One sheet as RFC 4180 CSV (first sheet unless `sheet` names one by name or number). */
export async function xlsxToCsv(
  data: Buffer,
  sheet: string | undefined,
  limits: SpreadsheetLimits,
): Promise<string> {
  const rows = await readRows(data, sheet, limits);
  return `${Papa.unparse(rows, { newline: '\r\n' })}\r\n`;
}

/** One sheet as a JSON array of objects keyed by its first row (empty or repeated headings get a column name). */
export async function xlsxToJson(
  data: Buffer,
  sheet: string | undefined,
  limits: SpreadsheetLimits,
): Promise<string> {
  const [header = [], ...body] = await readRows(data, sheet, limits);
  const keys: string[] = [];
  header.forEach((cell, i) => {
    const base = cell === null || cell === '' ? `column${i + 1}` : String(cell);
    let key = base;
    for (let n = 2; keys.includes(key); n++) key = `${base}_${n}`;
    keys.push(key);
  });
  const records = body.map((row) => Object.fromEntries(keys.map((key, i) => [key, row[i] ?? null])));
  return `${JSON.stringify(records, null, 2)}\n`;
}

// Numbers whose text comes back unchanged; "01234", "1.50", "1e5", "0x1F" and long digit runs stay text.
const plainNumber = /^-?(0|[1-9]\d{0,14})(\.\d{0,14}[1-9])?$/;

/** CSV (delimiter detected) → a one-sheet workbook; numbers become numbers only when lossless. */
export async function csvToXlsx(text: string, maxCells: number): Promise<Buffer> {
  const body = text.replace(/^\uFEFF/, '');
  // Papaparse guesses the delimiter wrongly when the text ends with a newline unless empty lines are skipped.
  const guess = Papa.parse<string[]>(body, { skipEmptyLines: true, preview: 50 });
  const parsed = Papa.parse<string[]>(body, { delimiter: guess.meta.delimiter, skipEmptyLines: 'greedy' });
  const cells = parsed.data.reduce((sum, row) => sum + row.length, 0);
  if (cells > maxCells) {
    throw new OperationError(
      'PAYLOAD_TOO_LARGE',
      `The CSV has ${cells} cells; at most ${maxCells} fit a converted workbook.`,
    );
  }
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('Sheet1');
  for (const row of parsed.data) {
    sheet.addRow(row.map((cell) => (plainNumber.test(cell) ? Number(cell) : cell)));
  }
  return Buffer.from(await workbook.xlsx.writeBuffer());
}
