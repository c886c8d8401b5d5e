import { describe, expect, it } from 'vitest';
import { OperationError } from '../errors.js';
import { describePages, parsePageRanges, resolvePages } from './page-ranges.js';

function failure(fn: () => unknown): OperationError {
  try {
    fn();
  } catch (error) {
    if (error instanceof OperationError) return error;
    throw error;
  }
  throw new Error('expected an OperationError');
}

describe('page selections', () => {
  it('reads pages, ranges and open ranges, in any order, without repeats', () => {
    expect(resolvePages(parsePageRanges('1-3,7'), 10)).toEqual([1, 2, 3, 7]);
    expect(resolvePages(parsePageRanges(' 7 , 2-3 ,2'), 10)).toEqual([2, 3, 7]);
    expect(resolvePages(parsePageRanges('8-'), 10)).toEqual([8, 9, 10]);
    expect(resolvePages(undefined, 3)).toEqual([1, 2, 3]);
  });

  it.each([
    ['0', 'Pages are numbered from 1; there is no page 0.'],
    ['0-2', 'Pages are numbered from 1; there is no page 0.'],
    ['5-2', 'The range "5-2" runs backwards: write it as "2-5".'],
    ['abc', '"abc" is not a page or a range: write pages like "1-3,7" or "5-" (page 5 to the end).'],
    ['1,,2', '"" is not a page or a range: write pages like "1-3,7" or "5-" (page 5 to the end).'],
    ['-3', '"-3" is not a page or a range: write pages like "1-3,7" or "5-" (page 5 to the end).'],
    ['1.5', '"1.5" is not a page or a range: write pages like "1-3,7" or "5-" (page 5 to the end).'],
    [',', 'Give pages as numbers and ranges separated by commas, for example "1-3,7".'],
  ])('refuses %j with a 400 on pages', (spec, message) => {
    const error = failure(() => parsePageRanges(spec));
    expect(error.code).toBe('VALIDATION_ERROR');
    expect(error.field).toBe('pages');
    expect(error.message).toBe(message);
  });

  it('says how many pages there are when a page is past the end', () => {
    expect(failure(() => resolvePages(parsePageRanges('1-3,7'), 5)).message).toBe(
      'The document has 5 pages; page 7 does not exist.',
    );
    expect(failure(() => resolvePages(parsePageRanges('2'), 1)).message).toBe(
      'The document has 1 page; page 2 does not exist.',
    );
    expect(failure(() => resolvePages(parsePageRanges('4-'), 3)).field).toBe('pages');
  });

  it('writes selections back as ranges', () => {
    expect(describePages([1, 2, 3, 7, 9, 10])).toBe('1-3, 7, 9-10');
    expect(describePages([4])).toBe('4');
  });
});
