/** Columns between tab stops when tabs are expanded to spaces. */
export const tabSize = 8;

// ANSI colour and cursor sequences (ESC [ … final byte) as shipped in some text files: removed
// whole, not left behind as "[1;31m" once their ESC is dropped.
// biome-ignore lint/suspicious/noControlCharactersInRegex: ESC starts the sequences removed here.
const ansiSequence = /\u001B\[[0-?]*[ -/]*[@-~]/g;
// Control characters other than line feed, tab and form feed (kept as a page break); a tab would
// extract as U+0000 from the PDF, so tabs become spaces below.
const controls = /(?![\n\t\f])\p{Cc}/gu;
const loneSurrogate = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

function expandTabs(line: string): string {
  if (!line.includes('\t')) return line;
  let out = '';
  let column = 0;
  for (const char of line) {
    if (char === '\t') {
      const spaces = tabSize - (column % tabSize);
      out += ' '.repeat(spaces);
      column += spaces;
    } else {
      out += char;
      column++;
    }
  }
  return out;
}

/**
 * The text as it will be typeset: BOM dropped, CRLF and CR made LF, ANSI escape sequences and
 * control characters removed, tabs expanded to the next multiple of 8 columns, lone surrogates
 * (which no font has) replaced by U+FFFD. A form feed stays: it starts a new page.
 */
export function sanitizeText(input: string): string {
  return input
    .replace(/^\uFEFF/, '')
    .replace(/\r\n?/g, '\n')
    .replace(ansiSequence, '')
    .replace(controls, '')
    .replace(loneSurrogate, '\uFFFD')
    .split('\n')
    .map(expandTabs)
    .join('\n');
}
