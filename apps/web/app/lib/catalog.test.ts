import { apiVersion as catalogVersion, toolGroups, tools } from '@toolkit/catalog';
import { describe, expect, it } from 'vitest';
import {
  apiVersion,
  breadcrumbName,
  docsGroups,
  findNavTool,
  isDocsPath,
  navTools,
  searchEntries,
} from './catalog';

describe('catalog navigation data', () => {
  it('holds every catalog tool with its titles and path', () => {
    expect(navTools.map((t) => [t.id, t.path, t.title, t.breadcrumb, t.searchTitle])).toEqual(
      tools.map((t) => [t.id, t.path, t.title, t.breadcrumb, t.searchTitle]),
    );
    expect(apiVersion).toBe(catalogVersion);
  });

  it("groups the pages as the catalog does (the catalog's own tests pin the spec's counts)", () => {
    expect(docsGroups.map((g) => [g.title, g.tools.map((t) => t.id)])).toEqual(
      toolGroups.map((g) => [g.title, g.tools.map((t) => t.id)]),
    );
    expect(docsGroups.map((g) => g.tools.length)).toEqual([8, 1, 3, 7, 1, 2]);
  });
});

describe('breadcrumbName', () => {
  it('names each docs page from the catalog', () => {
    expect(breadcrumbName('/docs/api')).toBe('Resize Image');
    expect(breadcrumbName('/docs/api/image-base64')).toBe('Base64 Encode');
    expect(breadcrumbName('/docs/api/thumbnail-generator')).toBe('Thumbnail Generation');
    expect(breadcrumbName('/docs/api/base64-decode')).toBe('Base64 Decode');
  });

  it('ignores a trailing slash', () => {
    expect(breadcrumbName('/docs/api/')).toBe('Resize Image');
    expect(breadcrumbName('/docs/api/rotate-image/')).toBe('Rotate Image');
  });

  it("says 'Documentation' for unknown docs paths", () => {
    expect(breadcrumbName('/docs/api/does-not-exist')).toBe('Documentation');
    expect(breadcrumbName('/docs/api/rotate-image/extra')).toBe('Documentation');
  });

  it('finds tools only at their exact path', () => {
    expect(findNavTool('/docs/api/word-counter')?.id).toBe('word-counter');
    expect(findNavTool('/docs/api/word')).toBeUndefined();
  });

  it('knows what is under /docs/api', () => {
    expect(isDocsPath('/docs/api')).toBe(true);
    expect(isDocsPath('/docs/api/flip-image')).toBe(true);
    expect(isDocsPath('/docs/apis')).toBe(false);
    expect(isDocsPath('/about')).toBe(false);
  });
});

describe('search entries', () => {
  it('lists 22 entries, one per docs page, named by searchTitle', () => {
    expect(searchEntries).toHaveLength(22);
    expect(new Set(searchEntries.map((e) => e.path))).toEqual(new Set(tools.map((t) => t.path)));
    for (const tool of tools) {
      expect(searchEntries.find((e) => e.path === tool.path)?.title).toBe(tool.searchTitle);
    }
  });

  it("names /docs/api 'Resize Image' and the base64 page 'Image to Base64'", () => {
    expect(searchEntries.find((e) => e.path === '/docs/api')?.title).toBe('Resize Image');
    expect(searchEntries.find((e) => e.path === '/docs/api/image-base64')?.title).toBe('Image to Base64');
  });

  it('matches the catalog keywords too', () => {
    for (const tool of tools) {
      const entry = searchEntries.find((e) => e.id === tool.id);
      expect(entry?.keywords).toEqual(expect.arrayContaining([...tool.keywords]));
    }
    expect(searchEntries.find((e) => e.id === 'json-to-csv')?.keywords).toContain('JSON to CVC');
  });
});
