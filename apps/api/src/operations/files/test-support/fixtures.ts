import { buffer } from 'node:stream/consumers';
import ExcelJS from 'exceljs';
import yazl from 'yazl';

/*
 * Small real documents for tests, built in memory: the corpus holds no DOCX or XLSX. A DOCX is
 * written as the few parts Word itself needs (content types, the package relationship, the body),
 * so mammoth, file-type and LibreOffice read it as they would a document from Word.
 */

export async function makeZip(entries: Record<string, string | Buffer>): Promise<Buffer> {
  const zip = new yazl.ZipFile();
  for (const [name, content] of Object.entries(entries)) {
    zip.addBuffer(Buffer.isBuffer(content) ? content : Buffer.from(content, 'utf8'), name);
  }
  zip.end();
  return buffer(zip.outputStream);
}

const w = 'http://schemas.openxmlformats.org/wordprocessingml/2006/main';
const r = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';

/** A DOCX whose body is `bodyXml` (w:p, w:tbl … elements); `parts` adds or replaces package parts. */
export function makeDocx(
  bodyXml: string,
  parts: Record<string, string | Buffer> = {},
  relationships = '',
): Promise<Buffer> {
  return makeZip({
    '[Content_Types].xml': `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">
<Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/>
<Default Extension="xml" ContentType="application/xml"/>
<Default Extension="png" ContentType="image/png"/>
<Override PartName="/word/document.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml"/>
</Types>`,
    '_rels/.rels': `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">
<Relationship Id="rId1" Type="${r}/officeDocument" Target="word/document.xml"/>
</Relationships>`,
    'word/_rels/document.xml.rels': `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">${relationships}</Relationships>`,
    'word/document.xml': `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<w:document xmlns:w="${w}" xmlns:r="${r}"><w:body>${bodyXml}</w:body></w:document>`,
    ...parts,
  });
}

const escapeXml = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** A paragraph, optionally in a built-in heading style (Heading1 … which mammoth maps to h1 …). */
export function paragraph(text: string, style?: string): string {
  const props = style ? `<w:pPr><w:pStyle w:val="${style}"/></w:pPr>` : '';
  return `<w:p>${props}<w:r><w:t xml:space="preserve">${escapeXml(text)}</w:t></w:r></w:p>`;
}

export function table(rows: readonly (readonly string[])[]): string {
  const cells = (row: readonly string[]) =>
    row.map((cell) => `<w:tc><w:p><w:r><w:t>${escapeXml(cell)}</w:t></w:r></w:p></w:tc>`).join('');
  return `<w:tbl>${rows.map((row) => `<w:tr>${cells(row)}</w:tr>`).join('')}</w:tbl>`;
}

/** An external hyperlink: its relationship must be passed to makeDocx too. */
export function hyperlink(id: string, text: string): string {
  return `<w:p><w:hyperlink r:id="${id}"><w:r><w:t>${escapeXml(text)}</w:t></w:r></w:hyperlink></w:p>`;
}

export function hyperlinkRelationship(id: string, target: string): string {
  return `<Relationship Id="${id}" Type="${r}/hyperlink" Target="${escapeXml(target)}" TargetMode="External"/>`;
}

/** A workbook from rows per sheet; cells are written as given (Date, number, string, formula object). */
export async function makeXlsx(sheets: Record<string, ExcelJS.CellValue[][]>): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  for (const [name, rows] of Object.entries(sheets)) {
    const sheet = workbook.addWorksheet(name);
    for (const row of rows) sheet.addRow(row);
  }
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

/** The start of a Compound File Binary with one directory entry named `stream` (how old Office files look). */
export function makeCfb(stream: string): Buffer {
  const header = Buffer.alloc(512);
  Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]).copy(header);
  const entry = Buffer.alloc(128);
  Buffer.from(`${stream}\0`, 'utf16le').copy(entry);
  entry.writeUInt16LE((stream.length + 1) * 2, 64);
  return Buffer.concat([header, entry, Buffer.alloc(384)]);
}

/** A minimal workbook around one raw worksheet XML (for cases exceljs would never write). */
export function makeRawXlsx(sheetData: string): Promise<Buffer> {
  const ns = 'http://schemas.openxmlformats.org/spreadsheetml/2006/main';
  return makeZip({
    '[Content_Types].xml': `<?xml version="1.0" encoding="UTF-8"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/><Override PartName="/xl/worksheets/sheet1.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/></Types>`,
    '_rels/.rels': `<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="${r}/officeDocument" Target="xl/workbook.xml"/></Relationships>`,
    'xl/workbook.xml': `<?xml version="1.0" encoding="UTF-8"?><workbook xmlns="${ns}" xmlns:r="${r}"><sheets><sheet name="Sheet1" sheetId="1" r:id="rId1"/></sheets></workbook>`,
    'xl/_rels/workbook.xml.rels': `<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="${r}/worksheet" Target="worksheets/sheet1.xml"/></Relationships>`,
    'xl/worksheets/sheet1.xml': `<?xml version="1.0" encoding="UTF-8"?><worksheet xmlns="${ns}"><sheetData>${sheetData}</sheetData></worksheet>`,
  });
}
