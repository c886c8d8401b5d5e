import { describe, expect, it } from 'vitest';
import { liveTools } from './index.js';
import { laneOf } from './lanes.js';

describe('laneOf', () => {
  it('puts each live tool in the lane of its engine', () => {
    const byLane = (lane: string) =>
      liveTools
        .filter((tool) => laneOf(tool) === lane)
        .map((tool) => tool.api.path)
        .sort();
    expect(byLane('programs')).toEqual(['/audio/convert']);
    expect(byLane('workers')).toEqual([
      '/files/compress',
      '/files/convert',
      '/pdf/from-text',
      '/pdf/to-text',
    ]);
    expect(byLane('light')).toEqual([
      '/data/base64-decode',
      '/data/base64-encode',
      '/data/csv-to-json',
      '/data/json-to-csv',
      '/data/json-to-xml',
      '/data/xml-to-json',
      '/data/yaml-to-json',
      '/files/detect',
      '/text/word-count',
    ]);
    expect(byLane('images')).toHaveLength(liveTools.length - 14);
    expect(byLane('images').every((path) => path.startsWith('/images/'))).toBe(true);
  });
});
