import { zipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { failure } from '../../../../test/helpers/operation-failure.js';
import { inspectZip } from './zip-guard.js';

const limits = { maxUnzippedBytes: 8 * 1024 * 1024, maxEntries: 100 };

/** A ZIP of one entry whose headers (local and central) say it holds `declared` bytes. */
function lyingZip(body: Buffer, declared: number, level: 0 | 6): Buffer {
  const zip = Buffer.from(zipSync({ 'xl/worksheets/sheet1.xml': body }, { level }));
  for (let at = 0; at < zip.length - 4; at++) {
    const signature = zip.readUInt32LE(at);
    if (signature === 0x04034b50) zip.writeUInt32LE(declared, at + 22);
    if (signature === 0x02014b50) zip.writeUInt32LE(declared, at + 24);
  }
  return zip;
}

describe('inspectZip', () => {
  it('inflates every entry once and counts the cells of those asked for', async () => {
    const sheet = Buffer.from(
      `<sheetData>${'<row><c r="A1"/><x:c r="B1">1</x:c></row>'.repeat(500)}</sheetData>`,
    );
    const zip = Buffer.from(
      zipSync({ 'xl/worksheets/sheet1.xml': sheet, 'docProps/app.xml': Buffer.from('<a/>') }),
    );
    const summary = await inspectZip(zip, limits, 'XLSX', /^xl\/worksheets\//);
    expect([...summary.names].sort()).toEqual(['docProps/app.xml', 'xl/worksheets/sheet1.xml']);
    expect(summary.unzippedBytes).toBe(sheet.length + 4);
    expect(summary.cells).toBe(1000);
  });

  it('refuses an entry that inflates past the size its headers declare, or short of it', async () => {
    const body = Buffer.alloc(64 * 1024, 0x20);
    for (const declared of [1000, body.length + 1000]) {
      for (const level of [0, 6] as const) {
        const error = await failure(inspectZip(lyingZip(body, declared, level), limits, 'XLSX'));
        expect([error.code, error.message], `declared ${declared}, level ${level}`).toEqual([
          'UNPROCESSABLE_FILE',
          'The XLSX file is damaged: a part of it cannot be unpacked.',
        ]);
      }
    }
  });

  it('refuses a bomb by its declared sizes before inflating it', async () => {
    const zip = Buffer.from(zipSync({ 'a.xml': Buffer.alloc(9 * 1024 * 1024, 0x20) }));
    const error = await failure(inspectZip(zip, limits, 'DOCX'));
    expect([error.code, error.message]).toEqual([
      'PAYLOAD_TOO_LARGE',
      'The DOCX file unpacks to more than 8 MB, more than the server reads.',
    ]);
  });
});
