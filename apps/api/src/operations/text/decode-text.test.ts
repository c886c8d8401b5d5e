import { describe, expect, it } from 'vitest';
import { fixture } from '../../../test/helpers/fixtures.js';
import { OperationError } from '../errors.js';
import { decodeText } from './decode-text.js';

function failure(run: () => unknown): OperationError {
  try {
    run();
  } catch (error) {
    if (error instanceof OperationError) return error;
    throw error;
  }
  throw new Error('expected an OperationError');
}

describe('decodeText', () => {
  it('returns a JSON string as sent, without a leading BOM', () => {
    expect(decodeText('\ufeffa,b', 'csv')).toBe('a,b');
    expect(decodeText('a\ufeffb', 'csv')).toBe('a\ufeffb');
  });

  it('decodes UTF-8 and drops its BOM', () => {
    expect(decodeText(Buffer.from('\ufeffzażółć 😀', 'utf8'), 'file')).toBe('zażółć 😀');
    const bom = fixture('bad/json_utf8_bom.json');
    expect(bom.subarray(0, 3)).toEqual(Buffer.from([0xef, 0xbb, 0xbf]));
    expect(decodeText(bom, 'file')).toBe(fixture('data/json/iso_4217.json').toString('utf8'));
  });

  it('decodes UTF-16 LE and BE with a BOM', () => {
    const text = 'name;Ωμέγα 😀\r\n';
    const le = Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(text, 'utf16le')]);
    expect(decodeText(le, 'file')).toBe(text);
    const be = Buffer.from(le);
    be.swap16();
    expect(decodeText(be, 'file')).toBe(text);
    const csv = decodeText(fixture('bad/csv_utf16le_bom.csv'), 'file');
    expect(csv.split('\n')[0]).toContain(',');
    expect(csv).not.toContain('\u0000');
  });

  it('refuses Latin-1 naming the encoding and asking for UTF-8', () => {
    const error = failure(() => decodeText(fixture('bad/csv_latin1_oui_sample.csv'), 'file'));
    expect(error.code).toBe('UNPROCESSABLE_FILE');
    expect(error.field).toBe('file');
    expect(error.message).toBe(
      'The text is not UTF-8: it looks like ISO-8859-1. Save it as UTF-8 (or UTF-16 with a byte order mark) and send it again.',
    );
  });

  it('refuses UTF-16 without a BOM instead of returning text full of NULs', () => {
    const le = failure(() => decodeText(Buffer.from('a,b\n1,2\n', 'utf16le'), 'file'));
    expect(le.message).toContain('UTF-16LE without a byte order mark');
    const be = Buffer.from('a,b\n1,2\n', 'utf16le');
    be.swap16();
    expect(failure(() => decodeText(be, 'file')).message).toContain('UTF-16BE without a byte order mark');
  });

  it('refuses invalid UTF-8, UTF-32 and odd-length UTF-16', () => {
    expect(failure(() => decodeText(Buffer.from([0x61, 0xc3, 0x28, 0x62]), 'file')).code).toBe(
      'UNPROCESSABLE_FILE',
    );
    expect(
      failure(() => decodeText(Buffer.from([0xff, 0xfe, 0, 0, 0x61, 0, 0, 0]), 'file')).message,
    ).toContain('UTF-32LE');
    expect(failure(() => decodeText(Buffer.from([0xff, 0xfe, 0x61]), 'file')).message).toContain(
      'cut off in the middle of a character',
    );
  });

  it('gives empty text for an empty file', () => {
    expect(decodeText(new Uint8Array(0), 'file')).toBe('');
  });
});
