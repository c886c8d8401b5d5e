/** A 1-based line and column (in UTF-16 code units, as editors count) of an offset in a text. */
export interface TextPosition {
  line: number;
  column: number;
}

/**
 * Where an offset lies in a text; "\r\n", "\r" and "\n" each end a line.
 *
 * @example positionAt('ab\ncd', 4) // { line: 2, column: 2 }
 */
export function positionAt(text: string, offset: number): TextPosition {
  const end = Math.max(0, Math.min(offset, text.length));
  let line = 1;
  let lineStart = 0;
  for (let i = 0; i < end; i++) {
    const c = text.charCodeAt(i);
    if (c === 0x0a || (c === 0x0d && text.charCodeAt(i + 1) !== 0x0a)) {
      line++;
      lineStart = i + 1;
    }
  }
  return { line, column: end - lineStart + 1 };
}

/** "line 3, column 7", the way every parse error names its place. */
export function describePosition({ line, column }: TextPosition): string {
  return `line ${line}, column ${column}`;
}
