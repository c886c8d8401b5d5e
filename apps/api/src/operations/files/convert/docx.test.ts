import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import {
  hyperlink,
  hyperlinkRelationship,
  makeDocx,
  makeZip,
  paragraph,
  table,
} from '../test-support/fixtures.js';
import { docxTo } from './docx.js';
import { defaultDocumentLimits } from './job.js';

const limits = defaultDocumentLimits;

const imageRun = (id: string, name: string) =>
  `<w:p><w:r><w:drawing><wp:inline xmlns:wp="http://schemas.openxmlformats.org/drawingml/2006/wordprocessingDrawing"><wp:docPr id="1" name="${name}" descr="${name}"/><a:graphic xmlns:a="http://schemas.openxmlformats.org/drawingml/2006/main"><a:graphicData uri="http://schemas.openxmlformats.org/drawingml/2006/picture"><pic:pic xmlns:pic="http://schemas.openxmlformats.org/drawingml/2006/picture"><pic:blipFill><a:blip xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships" r:embed="${id}"/></pic:blipFill></pic:pic></a:graphicData></a:graphic></wp:inline></w:drawing></w:r></w:p>`;
const imageRelationship = (id: string, target: string) =>
  `<Relationship Id="${id}" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/image" Target="${target}"/>`;

async function richDocx(): Promise<Buffer> {
  const png = await sharp({ create: { width: 2, height: 2, channels: 3, background: '#ff0000' } })
    .png()
    .toBuffer();
  const body = [
    paragraph('Quarterly report', 'Heading1'),
    paragraph('Summary', 'Heading2'),
    paragraph('Plain paragraph with text.'),
    table([
      ['Item', 'Count'],
      ['Apples', '3'],
    ]),
    hyperlink('rIdLink', 'Example site'),
    hyperlink('rIdEvil', 'Evil link'),
    imageRun('rIdPng', 'red square'),
    imageRun('rIdEmf', 'vector chart'),
  ].join('');
  const rels = [
    hyperlinkRelationship('rIdLink', 'https://example.org/'),
    hyperlinkRelationship('rIdEvil', 'javascript:alert(1)'),
    imageRelationship('rIdPng', 'media/red.png'),
    imageRelationship('rIdEmf', 'media/chart.emf'),
  ].join('');
  return makeDocx(
    body,
    { 'word/media/red.png': png, 'word/media/chart.emf': Buffer.from('not a web image') },
    rels,
  );
}

describe('DOCX → HTML, Markdown, text', () => {
  it('keeps headings, tables, links and web images (as data), drops the rest with a note', async () => {
    const html = await docxTo(await richDocx(), 'html', 'report', limits);
    expect(html).toMatch(/^<!DOCTYPE html>/);
    expect(html).toContain('<h1>Quarterly report</h1>');
    expect(html).toContain('<h2>Summary</h2>');
    expect(html).toMatch(/<table>[\s\S]*<td><p>Item<\/p><\/td>[\s\S]*<td><p>3<\/p><\/td>[\s\S]*<\/table>/);
    expect(html).toContain('<a href="https://example.org/">Example site</a>');
    expect(html).toContain('Evil link');
    expect(html).not.toContain('javascript:');
    expect(html).toMatch(/<img alt="red square" src="data:image\/png;base64,[A-Za-z0-9+/=]+" \/>/);
    expect(html).toContain('[image omitted: unknown format]');
  });

  it('writes GitHub-flavoured Markdown and laid-out text', async () => {
    const docx = await richDocx();
    const md = await docxTo(docx, 'md', 'report', limits);
    expect(md).toContain('# Quarterly report');
    expect(md).toContain('## Summary');
    expect(md).toMatch(/\| Item \| Count \|\n\| --- \| --- \|\n\| Apples \| 3 +\|/);
    expect(md).toContain('[Example site](https://example.org/)');
    expect(md).toMatch(/!\[red square\]\(data:image\/png;base64,/);
    const text = await docxTo(docx, 'txt', 'report', limits);
    expect(text).toMatch(/^Quarterly report\n+Summary\n+Plain paragraph with text\./);
    expect(text).toMatch(/Item\s+Count\nApples\s+3/);
    expect(text).not.toContain('base64');
  });
});

describe('bad DOCX files', () => {
  it('refuses a zip bomb before mammoth reads it', async () => {
    const bomb = await makeDocx(paragraph('x'), { 'word/media/zeros.bin': Buffer.alloc(3 * 1024 * 1024) });
    expect(bomb.length).toBeLessThan(64 * 1024);
    await expect(
      docxTo(bomb, 'html', 'x', { ...limits, maxUnzippedBytes: 2 * 1024 * 1024 }),
    ).rejects.toMatchObject({
      code: 'PAYLOAD_TOO_LARGE',
      message: 'The DOCX file unpacks to more than 2 MB, more than the server reads.',
    });
  });

  it('says a renamed zip of something else is not a Word document', async () => {
    const zip = await makeZip({ 'photos/cat.txt': 'meow' });
    await expect(docxTo(zip, 'html', 'x', limits)).rejects.toMatchObject({
      code: 'UNPROCESSABLE_FILE',
      message: expect.stringContaining('not a Word document'),
    });
  });

  it('says a truncated or garbled DOCX is damaged', async () => {
    const docx = await richDocx();
    await expect(docxTo(docx.subarray(0, docx.length / 2), 'html', 'x', limits)).rejects.toMatchObject({
      code: 'UNPROCESSABLE_FILE',
      message: 'The DOCX file is damaged or truncated: its ZIP structure cannot be read.',
    });
    const broken = await makeDocx('<w:p><w:r><w:t>unclosed', {});
    await expect(docxTo(broken, 'html', 'x', limits)).rejects.toMatchObject({ code: 'UNPROCESSABLE_FILE' });
  });
});
