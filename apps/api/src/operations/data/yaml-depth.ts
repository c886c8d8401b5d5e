import { tooDeep } from './limits.js';

/**
 * How deeply a YAML document (or a JSON one, which is YAML flow) may nest before the YAML library
 * sees it. The library recurses: on the main thread's stack about 700 levels overflow it, and a
 * second parse after such an overflow killed Node with "RegExpCompiler Allocation failed" (the
 * worker threads' larger stack only moves that depth). Far more than real documents use.
 */
export const MAX_YAML_NESTING = 200;

/** A block indicator that opens a nested node on the same line: "- ", "? ", ": ". */
const COMPACT = /^[-?:](?:[ \t]+|$)/;

/**
 * An upper bound of a YAML text's nesting, without parsing it: a line's content column (a level of
 * block nesting takes at least one column of indentation or a "- " marker) plus the depth of open
 * flow collections ([ and {; quotes are not told apart, so brackets inside text only overcount).
 */
export function yamlNestingBound(text: string): number {
  let flow = 0;
  /** The block column a flow collection opened at: inside one, indentation is layout, not nesting. */
  let base = 0;
  let deepest = 0;
  let lineStart = 0;
  while (lineStart <= text.length) {
    let lineEnd = text.indexOf('\n', lineStart);
    if (lineEnd === -1) lineEnd = text.length;
    let column = 0;
    while (text.charCodeAt(lineStart + column) === 32) column++;
    let rest = text.slice(
      lineStart + column,
      Math.min(lineEnd, lineStart + column + 2 * MAX_YAML_NESTING + 2),
    );
    for (let match = COMPACT.exec(rest); match && match[0].length > 0; match = COMPACT.exec(rest)) {
      column += match[0].length;
      rest = rest.slice(match[0].length);
    }
    if (flow === 0) base = column;
    deepest = Math.max(deepest, base + flow);
    for (let i = lineStart; i < lineEnd; i++) {
      const code = text.charCodeAt(i);
      // [ { open a flow collection, ] } close one.
      if (code === 91 || code === 123) deepest = Math.max(deepest, base + ++flow);
      else if ((code === 93 || code === 125) && flow > 0) flow--;
    }
    if (deepest > MAX_YAML_NESTING) return deepest;
    lineStart = lineEnd + 1;
  }
  return deepest;
}

/** Refuses, before parsing, a YAML or JSON text nested deeper than the YAML library can take. */
export function assertYamlNesting(text: string, what: string, field: string | undefined): void {
  if (yamlNestingBound(text) > MAX_YAML_NESTING) throw tooDeep(what, field, MAX_YAML_NESTING);
}
