import { describe, expect, it } from 'vitest';
import { errorPosition } from './api-errors';

describe('errorPosition', () => {
  it('finds the line and column a parse error names', () => {
    expect(errorPosition('Invalid JSON at line 3, column 14: unexpected token.')).toEqual({
      line: 3,
      column: 14,
    });
    expect(errorPosition('The XML is malformed (line 7 column 2): unclosed tag.')).toEqual({
      line: 7,
      column: 2,
    });
    expect(errorPosition('Invalid YAML on line 12.')).toEqual({ line: 12, column: undefined });
  });

  it('finds nothing in a sentence without a position', () => {
    expect(errorPosition('The image is larger than 10 MB.')).toBeUndefined();
    expect(errorPosition('Fix the pipeline first.')).toBeUndefined();
  });
});
