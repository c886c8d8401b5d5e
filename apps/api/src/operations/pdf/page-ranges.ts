import { OperationError } from '../errors.js';

/** One part of a page selection: `first` to `last` inclusive; `last` undefined means "to the end". */
export interface PageRange {
  first: number;
  last: number | undefined;
}

const partPattern = /^(\d{1,9})(?:\s*(-)\s*(\d{1,9})?)?$/;

function invalid(message: string): OperationError {
  return new OperationError('VALIDATION_ERROR', message, { field: 'pages' });
}

/**
 * Parses a page selection such as "1-3,7" or "5-" (page 5 to the end). Pages count from 1 and a
 * range must not run backwards; anything else is a 400 on `pages` that shows the expected form.
 * The page count is not known here: resolvePages checks the selection against the document.
 */
export function parsePageRanges(spec: string): PageRange[] {
  const parts = spec.split(',').map((part) => part.trim());
  if (parts.every((part) => part === '')) {
    throw invalid('Give pages as numbers and ranges separated by commas, for example "1-3,7".');
  }
  return parts.map((part) => {
    const match = partPattern.exec(part);
    if (!match) {
      throw invalid(
        `"${part}" is not a page or a range: write pages like "1-3,7" or "5-" (page 5 to the end).`,
      );
    }
    const first = Number(match[1]);
    const last = match[2] ? (match[3] === undefined ? undefined : Number(match[3])) : first;
    if (first === 0 || last === 0) throw invalid('Pages are numbered from 1; there is no page 0.');
    if (last !== undefined && last < first) {
      throw invalid(`The range "${part}" runs backwards: write it as "${last}-${first}".`);
    }
    return { first, last };
  });
}

/**
 * The page numbers a selection names in a document of `pageCount` pages, ascending and without
 * repeats. A page past the end is a 400 that says how many pages there are.
 */
export function resolvePages(ranges: readonly PageRange[] | undefined, pageCount: number): number[] {
  if (!ranges) return Array.from({ length: pageCount }, (_, i) => i + 1);
  const selected = new Set<number>();
  for (const { first, last } of ranges) {
    const end = last ?? pageCount;
    if (first > pageCount || end > pageCount) {
      const wanted = first > pageCount ? first : end;
      throw invalid(
        `The document has ${pageCount} ${pageCount === 1 ? 'page' : 'pages'}; page ${wanted} does not exist.`,
      );
    }
    for (let page = first; page <= end; page++) selected.add(page);
  }
  return [...selected].sort((a, b) => a - b);
}

/** Writes page numbers back as the shortest range text, e.g. [1,2,3,7] → "1-3, 7" (for messages). */
export function describePages(pages: readonly number[]): string {
  const parts: string[] = [];
  let start = pages[0];
  for (let i = 0; i < pages.length; i++) {
    const page = pages[i] as number;
    const next = pages[i + 1];
    if (next !== page + 1) {
      parts.push(start === page ? `${page}` : `${start}-${page}`);
      start = next;
    }
  }
  return parts.join(', ');
}
