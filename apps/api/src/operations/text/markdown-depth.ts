import { OperationError } from '../errors.js';

/**
 * How deeply Markdown may nest block quotes and lists. marked recurses once per level (10,000 ">"
 * overflow the stack) and an indented list takes time that grows far faster than its depth (300
 * levels: 2 s, 600: 10 s); real documents stay under ten.
 */
export const MAX_MARKDOWN_NESTING = 100;

/** A container marker at the start of what is left of a line: ">", or a list item's "-", "+", "*", "1." or "1)". */
const CONTAINER = /^(?:>[ \t]?|[-+*](?:[ \t]+|$)|\d{1,9}[.)](?:[ \t]+|$))/;
/** The longest run of emphasis delimiters: each pair of "**" opens a level of strong emphasis. */
const DELIMITER_RUN = new RegExp(`[*_~]{${2 * MAX_MARKDOWN_NESTING + 1}}`);

function tooDeep(field: string | undefined): OperationError {
  return new OperationError(
    'UNPROCESSABLE_FILE',
    `The Markdown nests quotes, lists or emphasis more than ${MAX_MARKDOWN_NESTING} levels deep; at most ${MAX_MARKDOWN_NESTING} levels can be converted.`,
    field === undefined ? {} : { field },
  );
}

/**
 * An upper bound of one line's block nesting: the quote and list markers it starts with, plus its
 * indentation (a nested list item is indented by at least two columns a level) when it starts
 * with one. Lines without a marker open nothing.
 */
function lineDepth(line: string): number {
  let column = 0;
  let i = 0;
  for (; i < line.length; i++) {
    const char = line.charAt(i);
    if (char === ' ') column++;
    else if (char === '\t') column += 4 - (column % 4);
    else break;
  }
  let rest = line.slice(i, i + 4 * MAX_MARKDOWN_NESTING);
  let markers = 0;
  for (let match = CONTAINER.exec(rest); match; match = CONTAINER.exec(rest)) {
    markers++;
    rest = rest.slice(match[0].length).replace(/^[ \t]+/, '');
  }
  return markers === 0 ? 0 : Math.floor(column / 2) + markers;
}

/**
 * Refuses, before marked sees it, Markdown nested deeper than MAX_MARKDOWN_NESTING (a cheap scan of
 * each line's markers and indentation, and of emphasis delimiter runs).
 */
export function assertMarkdownNesting(markdown: string, field?: string): void {
  if (DELIMITER_RUN.test(markdown)) throw tooDeep(field);
  let start = 0;
  while (start < markdown.length) {
    let end = markdown.indexOf('\n', start);
    if (end === -1) end = markdown.length;
    if (lineDepth(markdown.slice(start, end)) > MAX_MARKDOWN_NESTING) throw tooDeep(field);
    start = end + 1;
  }
}

/**
 * Runs a marked call, answering a stack overflow (inline nesting the scan above does not bound) as
 * too deep a document rather than as our failure.
 */
export function withinMarkdownDepth<T>(parse: () => T, field?: string): T {
  try {
    return parse();
  } catch (error) {
    if (error instanceof RangeError) throw tooDeep(field);
    throw error;
  }
}
