import { resizeRequest } from '@toolkit/catalog';
import { describe, expect, it } from 'vitest';
import { ApiError } from '../errors.js';
import { stripEmpty, validateFields } from './fields.js';

describe('stripEmpty', () => {
  it('drops empty, blank, null and undefined values and keeps the rest', () => {
    expect(stripEmpty({ a: '', b: '  ', c: null, d: undefined, e: 0, f: false, g: 'x' })).toEqual({
      e: 0,
      f: false,
      g: 'x',
    });
  });

  it('keeps a tab (a delimiter) and the named content field, blank or not', () => {
    expect(stripEmpty({ delimiter: '\t', text: '  ', other: ' ' }, 'text')).toEqual({
      delimiter: '\t',
      text: '  ',
    });
  });
});

describe('validateFields', () => {
  it('applies the catalog defaults to what was left empty, and drops unknown fields', () => {
    expect(validateFields(resizeRequest, { width: '300', height: '', quality: null, extra: 'x' })).toEqual({
      width: 300,
      maintain_aspect: true,
      quality: 85,
      keep_metadata: false,
    });
  });

  it('accepts JSON values as well as form strings', () => {
    expect(validateFields(resizeRequest, { width: 10, maintain_aspect: false })).toMatchObject({
      width: 10,
      maintain_aspect: false,
    });
  });

  it('throws one VALIDATION_ERROR listing each field', () => {
    try {
      validateFields(resizeRequest, { width: 'wide', size: 'xl' });
      expect.unreachable();
    } catch (error) {
      expect(error).toBeInstanceOf(ApiError);
      const e = error as ApiError;
      expect([e.statusCode, e.code]).toEqual([400, 'VALIDATION_ERROR']);
      expect(e.details?.map((d) => d.field)).toEqual(['width', 'size']);
    }
  });
});
