import { describe, expect, it } from 'vitest';
import type { InputFile } from '../../core/fields.js';
import { documentSource, handOver } from './document-source.js';

const upload = (data: Buffer) => ({ filename: 'a.csv', data }) as InputFile;

describe('handOver', () => {
  it('moves an upload that owns its buffer to the worker', () => {
    const data = Buffer.allocUnsafe(1 << 20);
    const source = documentSource(undefined, 'csv', upload(data.subarray(0, 1000)), 'CSV');
    expect(handOver(source)).toEqual({ transfer: [data.buffer] });
  });

  it('copies a small upload from the shared pool, and text from a JSON body', () => {
    const small = documentSource(undefined, 'csv', upload(Buffer.from('a,b\n1,2\n')), 'CSV');
    expect(small.input).toBeInstanceOf(Uint8Array);
    expect(handOver(small)).toEqual({});
    expect(handOver(documentSource('a,b\n1,2\n', 'csv', undefined, 'CSV'))).toEqual({});
  });
});
