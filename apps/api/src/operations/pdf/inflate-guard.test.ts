import { deflateRawSync, deflateSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { failure } from '../../../test/helpers/operation-failure.js';
import { checkInflatedSize } from './inflate-guard.js';
import { corpus } from './test-support.js';

const limits = { maxInflatedBytes: 8 * 1024 * 1024 };

/** One stream object with the given dictionary entries around `body`. */
const streamObject = (entries: string, body: Buffer) =>
  Buffer.concat([
    Buffer.from(`%PDF-1.4\n4 0 obj\n<</Length ${body.length}${entries}>>\nstream\n`),
    body,
    Buffer.from('\nendstream\nendobj\n'),
  ]);

const spaces = (megabytes: number) => Buffer.alloc(megabytes * 1024 * 1024, 0x20);

describe('checkInflatedSize', () => {
  it('lets the corpus PDFs through, the 1370-page manual included', () => {
    for (const name of [
      'pdf/lwarp_1370p.pdf',
      'pdf/debian-reference-zh-cn_251p.pdf',
      'pdf/ltnews18_1page.pdf',
    ]) {
      expect(() => checkInflatedSize(corpus(name), { maxInflatedBytes: 64 * 1024 * 1024 })).not.toThrow();
    }
  });

  it('refuses a stream that inflates past the budget, twice-deflated ones too', async () => {
    const once = streamObject('/Filter/FlateDecode', deflateSync(spaces(16)));
    const twice = streamObject('/Filter[/FlateDecode /FlateDecode]', deflateSync(deflateSync(spaces(16))));
    for (const pdf of [once, twice]) {
      const error = await failure(Promise.resolve().then(() => checkInflatedSize(pdf, limits)));
      expect([error.code, error.message]).toEqual([
        'PAYLOAD_TOO_LARGE',
        "The PDF's compressed content unpacks to more than 8 MB, more than the server reads.",
      ]);
    }
  });

  it('is not cut short by the word endstream inside the compressed data (pdf.js goes by /Length)', async () => {
    // A stored block holding "endstream", then 16 MB of spaces deflated: one valid zlib stream.
    const word = Buffer.from('\nendstream\n');
    const stored = Buffer.alloc(5);
    stored.writeUInt16LE(word.length, 1);
    stored.writeUInt16LE(~word.length & 0xffff, 3);
    const data = Buffer.concat([
      Buffer.from([0x78, 0x9c]),
      stored,
      word,
      deflateRawSync(spaces(16)),
      Buffer.alloc(4),
    ]);
    const error = await failure(
      Promise.resolve().then(() => checkInflatedSize(streamObject('/Filter/FlateDecode', data), limits)),
    );
    expect(error.code).toBe('PAYLOAD_TOO_LARGE');
  });

  it('leaves images (text extraction never inflates them) and streams zlib cannot read to pdf.js', () => {
    const image = streamObject(
      '/Subtype/Image/Width 4096/Height 4096/Filter/FlateDecode',
      deflateSync(spaces(16)),
    );
    expect(() => checkInflatedSize(image, limits)).not.toThrow();
    const junk = streamObject('/Filter/FlateDecode', Buffer.from('not zlib at all'));
    expect(() => checkInflatedSize(junk, limits)).not.toThrow();
  });
});
