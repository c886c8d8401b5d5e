import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { decimal } from './fields.js';
import {
  breadcrumbName,
  findToolByPath,
  groupEntryPath,
  liveTools,
  resizeRequest,
  type ToolSpec,
  thumbnailRequest,
  toolGroups,
  toolReference,
  tools,
} from './index.js';

describe('catalog', () => {
  it('documents the 22 pages of the route table, each once', () => {
    expect(tools).toHaveLength(22);
    expect(new Set(tools.map((t) => t.path)).size).toBe(22);
    expect(new Set(tools.map((t) => t.id)).size).toBe(22);
    expect(new Set(tools.map((t) => t.api.path)).size).toBe(22);
    expect(tools[0]?.path).toBe('/docs/api');
    expect(tools.map((t) => t.path)).toContain('/docs/api/thumbnail-generator');
  });

  it('has the six sidebar groups with the specified counts', () => {
    expect(toolGroups.map((g) => [g.title, g.tools.length])).toEqual([
      ['Image Processing API', 8],
      ['Text Processing API', 1],
      ['File Management API', 3],
      ['Data Format API', 7],
      ['Media Processing API', 1],
      ['Document Processing API', 2],
    ]);
  });

  it('names pages as the specification does', () => {
    expect(findToolByPath('/docs/api')?.searchTitle).toBe('Resize Image');
    const base64 = findToolByPath('/docs/api/image-base64');
    expect(base64?.title).toBe('Image to Base64');
    expect(base64?.breadcrumb).toBe('Base64 Encode');
    expect(base64?.searchTitle).toBe('Image to Base64');
    expect(findToolByPath('/docs/api/json-to-csv')?.keywords).toContain('JSON to CVC');
    expect(breadcrumbName('/docs/api/thumbnail-generator/')).toBe('Thumbnail Generation');
    expect(breadcrumbName('/docs/api/no-such-page')).toBe('Documentation');
  });

  it('points the home cards at the first page of each group', () => {
    expect(
      ['image', 'text', 'file', 'data', 'media', 'document'].map((g) =>
        groupEntryPath(g as Parameters<typeof groupEntryPath>[0]),
      ),
    ).toEqual([
      '/docs/api',
      '/docs/api/word-counter',
      '/docs/api/file-conversion',
      '/docs/api/json-to-csv',
      '/docs/api/convert-audio',
      '/docs/api/pdf-to-text',
    ]);
  });

  it('gives every live tool what its shared tests run: a request schema, examples and result media types', () => {
    expect(liveTools.length).toBeGreaterThan(0);
    for (const t of liveTools) {
      const spec: ToolSpec = t;
      expect(spec.api.request, t.id).toBeDefined();
      expect(spec.api.examples?.length ?? 0, `${t.id}: api.examples`).toBeGreaterThan(0);
      expect(toolReference(spec).mediaTypes.length, `${t.id}: api.mediaTypes`).toBeGreaterThan(0);
    }
  });

  it('fills the defaults: slug from id, breadcrumb and search title from title, POST', () => {
    const flip = findToolByPath('/docs/api/flip-image');
    expect(flip).toMatchObject({
      id: 'flip-image',
      slug: 'flip-image',
      breadcrumb: 'Flip Image',
      searchTitle: 'Flip Image',
      api: { method: 'POST' },
    });
    expect(tools.filter((t) => t.slug === t.id)).toHaveLength(21);
    expect(tools.every((t) => t.api.method === 'POST')).toBe(true);
  });
});

describe('request schemas', () => {
  it('coerce multipart strings and apply defaults', () => {
    expect(resizeRequest.parse({ width: '800', maintain_aspect: 'false' })).toEqual({
      width: 800,
      maintain_aspect: false,
      quality: 85,
      keep_metadata: false,
    });
    expect(thumbnailRequest.parse({})).toMatchObject({ size: 'small', crop: 'centre', quality: 85 });
  });

  it('reject bad values with a sentence naming the field', () => {
    const r = resizeRequest.safeParse({ width: '0', quality: 'abc', format: 'bmp' });
    expect(r.success).toBe(false);
    const messages = Object.fromEntries((r.error?.issues ?? []).map((i) => [i.path.join('.'), i.message]));
    expect(messages).toEqual({
      width: 'width must be a whole number between 1 and 4096.',
      quality: 'quality must be a whole number between 1 and 100.',
      format: 'format must be one of: jpeg, png, webp, avif.',
    });
  });

  it('take integers as plain decimal digits only, and report a huge one once', () => {
    expect(resizeRequest.parse({ width: ' 120 ', height: 90 })).toMatchObject({ width: 120, height: 90 });
    for (const width of ['0x10', '1e2', '+100', '10.0', '1_000', 'Infinity', 12.5]) {
      const r = resizeRequest.safeParse({ width });
      expect(
        r.error?.issues.map((i) => [i.path.join('.'), i.message]),
        String(width),
      ).toEqual([['width', 'width must be a whole number between 1 and 4096.']]);
    }
    const huge = resizeRequest.safeParse({ width: '99999999999999999999' });
    expect(huge.error?.issues.map((i) => i.message)).toEqual([
      'width must be a whole number between 1 and 4096.',
    ]);
  });

  it('take decimals in plain decimal notation only', () => {
    const angle = z.object({ angle: decimal('angle', -360, 360) });
    for (const [text, value] of [
      [' 12.5 ', 12.5],
      ['-90', -90],
      ['.5', 0.5],
      ['360', 360],
    ] as const) {
      expect(angle.parse({ angle: text }), text).toEqual({ angle: value });
    }
    expect(angle.parse({ angle: -45.25 })).toEqual({ angle: -45.25 });
    for (const text of ['0x10', '1e2', '+5', 'Infinity', '1,5', '361', '']) {
      expect(
        angle.safeParse({ angle: text }).error?.issues.map((i) => i.message),
        text,
      ).toEqual(['angle must be a number between -360 and 360.']);
    }
  });

  it('require one of width, height or size', () => {
    const r = resizeRequest.safeParse({ quality: '80' });
    expect(r.error?.issues.map((i) => i.message)).toEqual(['Give at least one of width, height or size.']);
    expect(resizeRequest.safeParse({ size: 'medium' }).success).toBe(true);
    expect(resizeRequest.safeParse({ height: 4096 }).success).toBe(true);
    expect(resizeRequest.safeParse({ height: 4097 }).success).toBe(false);
  });
});
