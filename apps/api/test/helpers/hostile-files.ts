import { createDeflate } from 'node:zlib';
import PDFDocument from 'pdfkit';
import yazl from 'yazl';

/*
 * Hostile documents built in the test (issue 28's probe): small files whose cost or damage their
 * size does not show. Each is made here from scratch, never read from outside the repository.
 */

/** A PDF of numbered objects, with a cross-reference table at the byte offsets they landed at. */
function pdfOf(objects: (string | Buffer)[], trailer = ''): Buffer {
  const parts: Buffer[] = [Buffer.from('%PDF-1.4\n')];
  let at = parts[0]?.length ?? 0;
  const offsets: number[] = [];
  objects.forEach((body, index) => {
    offsets.push(at);
    const part = Buffer.concat([
      Buffer.from(`${index + 1} 0 obj\n`),
      Buffer.isBuffer(body) ? body : Buffer.from(body),
      Buffer.from('\nendobj\n'),
    ]);
    parts.push(part);
    at += part.length;
  });
  const xref = [
    `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`,
    ...offsets.map((offset) => `${String(offset).padStart(10, '0')} 00000 n \n`),
    `trailer\n<</Size ${objects.length + 1}/Root 1 0 R${trailer}>>\nstartxref\n${at}\n%%EOF\n`,
  ].join('');
  return Buffer.concat([...parts, Buffer.from(xref)]);
}

/** A page tree whose /Pages node lists itself among its kids, and claims a million pages. */
export function cyclicPagesPdf(): Buffer {
  return pdfOf([
    '<</Type/Catalog/Pages 2 0 R>>',
    '<</Type/Pages/Kids[2 0 R 3 0 R]/Count 1000000>>',
    '<</Type/Page/Parent 2 0 R/MediaBox[0 0 612 792]>>',
  ]);
}

/** `megabytes` MB of spaces, deflated a megabyte at a time (never held whole). */
async function deflatedSpaces(megabytes: number): Promise<Buffer> {
  const deflate = createDeflate({ level: 9 });
  const chunks: Buffer[] = [];
  deflate.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<void>((resolve, reject) => {
    deflate.on('end', resolve);
    deflate.on('error', reject);
  });
  const megabyte = Buffer.alloc(1024 * 1024, 0x20);
  for (let i = 0; i < megabytes; i++) {
    if (!deflate.write(megabyte)) await new Promise((resolve) => deflate.once('drain', resolve));
  }
  deflate.end();
  await done;
  return Buffer.concat(chunks);
}

/**
 * One page whose content stream inflates to `megabytes` MB (of spaces: a valid, empty content
 * stream) from about a thousandth of that.
 */
export async function flateBombPdf(megabytes: number): Promise<Buffer> {
  const content = await deflatedSpaces(megabytes);
  return pdfOf([
    '<</Type/Catalog/Pages 2 0 R>>',
    '<</Type/Pages/Kids[3 0 R]/Count 1>>',
    '<</Type/Page/Parent 2 0 R/MediaBox[0 0 612 792]/Contents 4 0 R>>',
    Buffer.concat([
      Buffer.from(`<</Length ${content.length}/Filter/FlateDecode>>\nstream\n`),
      content,
      Buffer.from('\nendstream'),
    ]),
  ]);
}

/** A one-page PDF with text, encrypted with AES-256 and an owner password that forbids copying. */
export function copyProtectedPdf(text = 'Secret minutes of the meeting'): Promise<Buffer> {
  const doc = new PDFDocument({
    pdfVersion: '1.7ext3',
    ownerPassword: 'owner-secret',
    permissions: { copying: false, printing: 'highResolution' },
  });
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve) => doc.on('end', () => resolve(Buffer.concat(chunks))));
  doc.text(text);
  doc.end();
  return done;
}

/** An SVG whose internal DTD subset declares an entity, used as a fill colour. */
export function entitySvg(): Buffer {
  return Buffer.from(
    '<?xml version="1.0"?>\n<!DOCTYPE svg [<!ENTITY c "red">]>\n' +
      '<svg xmlns="http://www.w3.org/2000/svg" width="40" height="40"><rect width="40" height="40" fill="&c;"/></svg>\n',
  );
}

/** A canonical 44-byte WAV header (16-bit PCM) announcing no samples at all. */
export function emptyWav(sampleRate = 44_100, channels = 1): Buffer {
  const header = Buffer.alloc(44);
  header.write('RIFF', 0, 'latin1');
  header.writeUInt32LE(36, 4);
  header.write('WAVEfmt ', 8, 'latin1');
  header.writeUInt32LE(16, 16);
  header.writeUInt16LE(1, 20);
  header.writeUInt16LE(channels, 22);
  header.writeUInt32LE(sampleRate, 24);
  header.writeUInt32LE(sampleRate * channels * 2, 28);
  header.writeUInt16LE(channels * 2, 32);
  header.writeUInt16LE(16, 34);
  header.write('data', 36, 'latin1');
  header.writeUInt32LE(0, 40);
  return header;
}

/** The first `fraction` of a file's bytes. */
export const truncated = (data: Buffer, fraction: number) =>
  data.subarray(0, Math.floor(data.length * fraction));

/**
 * An XLSX workbook whose one sheet holds two cells, A1 and XFD1048576 (the last cell Excel has):
 * 1.4 KB that spans every row and column.
 */
export function sparseXlsx(last = 'XFD1048576'): Promise<Buffer> {
  const row = Number(last.replace(/^[A-Z]+/, ''));
  const parts: Record<string, string> = {
    '[Content_Types].xml':
      '<?xml version="1.0" encoding="UTF-8"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">' +
      '<Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/>' +
      '<Default Extension="xml" ContentType="application/xml"/>' +
      '<Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/>' +
      '<Override PartName="/xl/worksheets/sheet1.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/>' +
      '</Types>',
    '_rels/.rels':
      '<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">' +
      '<Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="xl/workbook.xml"/>' +
      '</Relationships>',
    'xl/workbook.xml':
      '<?xml version="1.0" encoding="UTF-8"?><workbook xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" ' +
      'xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships"><sheets><sheet name="Sheet1" sheetId="1" r:id="rId1"/></sheets></workbook>',
    'xl/_rels/workbook.xml.rels':
      '<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">' +
      '<Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/worksheet" Target="worksheets/sheet1.xml"/>' +
      '</Relationships>',
    'xl/worksheets/sheet1.xml':
      '<?xml version="1.0" encoding="UTF-8"?><worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main">' +
      `<dimension ref="A1:${last}"/><sheetData>` +
      '<row r="1"><c r="A1" t="inlineStr"><is><t>first</t></is></c></row>' +
      `<row r="${row}"><c r="${last}"><v>1</v></c></row>` +
      '</sheetData></worksheet>',
  };
  const zip = new yazl.ZipFile();
  for (const [name, text] of Object.entries(parts)) zip.addBuffer(Buffer.from(text), name);
  zip.end();
  const chunks: Buffer[] = [];
  return new Promise((resolve, reject) => {
    zip.outputStream.on('data', (chunk: Buffer) => chunks.push(chunk));
    zip.outputStream.on('error', reject);
    zip.outputStream.on('end', () => resolve(Buffer.concat(chunks)));
  });
}
