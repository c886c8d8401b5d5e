import { describe, expect, it } from 'vitest';
import { searchEntries } from './catalog';
import { searchScore } from './search-filter';

function search(query: string): string[] {
  return searchEntries
    .map((entry) => ({ title: entry.title, score: searchScore(entry.title, query, entry.keywords) }))
    .filter((result) => result.score > 0)
    .sort((a, b) => b.score - a.score)
    .map((result) => result.title);
}

describe('search dialog filter', () => {
  it('lists every entry for an empty search', () => {
    expect(search('')).toHaveLength(22);
  });

  it('matches titles by word, best first', () => {
    expect(search('csv')).toEqual(['CSV to JSON', 'JSON to CSV']);
    expect(search('resize')).toEqual(['Resize Image']);
    // Exact phrase first, then titles holding every word.
    expect(search('to json')).toEqual([
      'CSV to JSON',
      'XML to JSON',
      'YAML to JSON',
      'JSON to CSV',
      'JSON to XML',
    ]);
    expect(search('image')[0]).toBe('Image to Base64');
  });

  it("matches the catalog's keywords after titles", () => {
    expect(search('spreadsheet')).toContain('JSON to CSV');
    expect(search('spreadsheet')).not.toContain('Resize Image');
    expect(search('cvc')).toEqual(['JSON to CSV']);
    expect(search('aspect ratio')).toContain('Resize Image');
  });

  it('is case-insensitive and finds nothing for unknown words', () => {
    expect(search('BASE64')).toEqual(
      expect.arrayContaining(['Image to Base64', 'Base64 Encode', 'Base64 Decode']),
    );
    expect(search('qwertyuiop')).toEqual([]);
  });
});
