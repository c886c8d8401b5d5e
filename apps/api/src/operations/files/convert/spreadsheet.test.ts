import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { makeRawXlsx, makeXlsx, makeZip } from '../test-support/fixtures.js';
import { defaultDocumentLimits } from './job.js';
import { csvToXlsx, xlsxToCsv, xlsxToJson } from './spreadsheet.js';

const limits = defaultDocumentLimits;

async function workbook(): Promise<Buffer> {
  return makeXlsx({
    Sales: [
      ['Date', 'Item', 'Qty', 'Price', 'Total', 'Note'],
      [
        new Date(Date.UTC(2024, 2, 1)),
        'Apples',
        3,
        0.5,
        { formula: 'C2*D2', result: 1.5 },
        'a, "quoted" note',
      ],
      [new Date(Date.UTC(2024, 2, 2, 13, 45)), 'Pears', 12, 0.25, { formula: 'C3*D3', result: 3 }, null],
    ],
    Other: [['only'], ['here']],
  });
}

describe('XLSX → CSV and JSON', () => {
  it('writes the first sheet as CSV: dates ISO, formulas as cached results, quoting per RFC 4180', async () => {
    expect(await xlsxToCsv(await workbook(), undefined, limits)).toBe(
      'Date,Item,Qty,Price,Total,Note\r\n2024-03-01,Apples,3,0.5,1.5,"a, ""quoted"" note"\r\n2024-03-02T13:45:00,Pears,12,0.25,3,\r\n',
    );
  });

  it('picks a sheet by name or number, and names the sheets when asked for one that is not there', async () => {
    const data = await workbook();
    expect(await xlsxToCsv(data, 'Other', limits)).toBe('only\r\nhere\r\n');
    expect(await xlsxToCsv(data, '2', limits)).toBe('only\r\nhere\r\n');
    await expect(xlsxToCsv(data, 'Missing', limits)).rejects.toMatchObject({
      code: 'VALIDATION_ERROR',
      field: 'sheet',
      message: 'The workbook has no sheet "Missing"; its sheets are "Sales", "Other" (or 1–2).',
    });
  });

  it('writes JSON records keyed by the header row, with typed values', async () => {
    const records = JSON.parse(await xlsxToJson(await workbook(), 'Sales', limits));
    expect(records).toEqual([
      { Date: '2024-03-01', Item: 'Apples', Qty: 3, Price: 0.5, Total: 1.5, Note: 'a, "quoted" note' },
      { Date: '2024-03-02T13:45:00', Item: 'Pears', Qty: 12, Price: 0.25, Total: 3, Note: null },
    ]);
  });

  it('refuses a sheet of a million empty cells before exceljs reads it', async () => {
    const row = '<c r="A1"/>'.repeat(1000);
    const bomb = await makeRawXlsx(
      Array.from({ length: 1001 }, (_, i) => `<row r="${i + 1}">${row}</row>`).join(''),
    );
    await expect(xlsxToCsv(bomb, undefined, limits)).rejects.toMatchObject({
      code: 'PAYLOAD_TOO_LARGE',
      message: 'The workbook has 1,001,000 cells; at most 1,000,000 can be converted.',
    });
  });

  it('says a zip without a workbook, or a truncated one, cannot be processed', async () => {
    await expect(xlsxToCsv(await makeZip({ 'a.txt': 'x' }), undefined, limits)).rejects.toMatchObject({
      code: 'UNPROCESSABLE_FILE',
      message: expect.stringContaining('not an Excel workbook'),
    });
    const data = await workbook();
    await expect(xlsxToCsv(data.subarray(0, 200), undefined, limits)).rejects.toMatchObject({
      code: 'UNPROCESSABLE_FILE',
    });
  });
});

describe('CSV → XLSX', () => {
  it('writes a workbook exceljs reads back: numbers only when lossless, text kept as text', async () => {
    const csv = 'id;code;amount;formula\n1;01234;1.50;=SUM(A1)\n2;0x1F;-3.25;@cmd\n';
    const xlsx = await csvToXlsx(csv, limits.maxCells);
    const read = new ExcelJS.Workbook();
    await read.xlsx.load(xlsx as unknown as ArrayBuffer);
    const sheet = read.worksheets[0];
    const values = (sheet?.getSheetValues() ?? [])
      .slice(1)
      .map((row) => (row as ExcelJS.CellValue[]).slice(1));
    expect(values).toEqual([
      ['id', 'code', 'amount', 'formula'],
      [1, '01234', '1.50', '=SUM(A1)'],
      [2, '0x1F', -3.25, '@cmd'],
    ]);
    expect(sheet?.getCell('D2').formula).toBeUndefined();
  });
});
