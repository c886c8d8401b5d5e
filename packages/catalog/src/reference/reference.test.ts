import { describe, expect, it } from 'vitest';
import { defineTool } from '../define-tool.js';
import { getTool, tools } from '../index.js';
import { defaultLimits, type Limits } from '../limits.js';
import { exposedHeaderNames, formatBytes, toolReference } from './index.js';

const when = (id: Parameters<typeof getTool>[0], code: string, limits: Limits = defaultLimits) =>
  toolReference(getTool(id), limits).errors.find((e) => e.code === code)?.when;

describe('tool reference', () => {
  it('states the live limits, not fixed numbers', () => {
    expect(when('resize-image', 'IMAGE_TOO_LARGE')).toBe('The decoded image has more than 50 megapixels.');
    const tight = { ...defaultLimits, maxInputPixels: 20_000_000, imageUploadBytes: 2 * 1024 * 1024 };
    expect(when('resize-image', 'IMAGE_TOO_LARGE', tight)).toBe(
      'The decoded image has more than 20 megapixels.',
    );
    expect(when('resize-image', 'PAYLOAD_TOO_LARGE', tight)).toBe(
      'The file is over 2 MB, or the whole form over 3 MB.',
    );
    expect(when('resize-image', 'TIMEOUT', { ...defaultLimits, requestTimeoutMs: 5000 })).toContain('5 s');
  });

  it('derives the facts of a new tool from its input and output kinds alone', () => {
    const pdf = defineTool({
      id: 'x-pdf',
      group: 'document',
      icon: 'FileType',
      title: 'X',
      description: 'x',
      keywords: [],
      status: 'planned',
      api: {
        path: '/x',
        input: { kind: 'json-or-file', field: 'file', textKey: 'text' },
        output: 'pdf',
        response: 'A PDF.',
        headers: [{ name: 'X-Missing-Glyphs', description: 'Characters no font can draw.', type: 'string' }],
        errors: [{ code: 'UNPROCESSABLE_FILE', when: 'The PDF is encrypted.' }],
      },
    });
    const reference = toolReference(pdf);
    expect(reference.mediaTypes).toEqual(['application/pdf']);
    expect(reference.headers.map((h) => h.name)).toEqual([
      'Content-Disposition',
      'Server-Timing',
      'X-Request-Id',
      'X-Missing-Glyphs',
    ]);
    const codes = reference.errors.map((e) => e.code);
    expect(reference.errors.find((e) => e.code === 'MISSING_FILE')?.when).toBe('The uploaded file is empty.');
    expect(codes).not.toContain('IMAGE_TOO_LARGE');
    expect(codes).not.toContain('VALIDATION_ERROR');
    expect(reference.errors.filter((e) => e.code === 'UNPROCESSABLE_FILE').map((e) => e.when)).toContain(
      'The PDF is encrypted.',
    );
    expect(reference.errors.map((e) => e.status)).toEqual([...reference.errors.map((e) => e.status)].sort());
  });

  it('exposes every documented result and error header to browser scripts', () => {
    const names = exposedHeaderNames(tools);
    for (const name of [
      'x-image-width',
      'x-output-size',
      'content-disposition',
      'retry-after',
      'x-request-id',
    ]) {
      expect(names).toContain(name);
    }
    expect(new Set(names).size).toBe(names.length);
  });

  it('writes sizes as people read them', () => {
    expect(formatBytes(10 * 1024 * 1024)).toBe('10 MB');
    expect(formatBytes(1536)).toBe('1.5 KB');
    expect(formatBytes(512)).toBe('512 B');
  });
});
