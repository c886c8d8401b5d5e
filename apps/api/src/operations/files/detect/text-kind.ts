import Papa from 'papaparse';
import { isCollection, isPair, parseDocument } from 'yaml';
import { scoreSourceCode } from './source-code.js';

/**
 * Which kind of text a decoded sample is: file-type recognises none of these, so they are told
 * apart by their shape. Each check is cheap and works on a sample (the first 64 KB); `complete`
 * says whether the sample is the whole file, which allows exact checks (JSON.parse) for small files.
 */
export interface TextFacts {
  text: string;
  complete: boolean;
  /** The last non-whitespace character of the whole file (JSON must end with } or ]). */
  lastChar: string;
}

const shebangs: readonly [RegExp, string][] = [
  [/^#!.*\b(ba|z|k|da|a)?sh\b/, 'text/x-shellscript'],
  [/^#!.*\bpython[\d.]*\b/, 'text/x-python'],
  [/^#!.*\b(node|deno|bun)\b/, 'text/javascript'],
  [/^#!.*\bperl\b/, 'text/x-perl'],
  [/^#!.*\bruby\b/, 'text/x-ruby'],
];

function fromShebang(text: string): string | undefined {
  if (!text.startsWith('#!')) return undefined;
  const firstLine = text.slice(0, text.indexOf('\n') >>> 0);
  return shebangs.find(([pattern]) => pattern.test(firstLine))?.[1] ?? 'text/x-shellscript';
}

function isJson(facts: TextFacts, trimmed: string): boolean {
  const first = trimmed[0];
  if (first !== '{' && first !== '[') return false;
  if (facts.complete) {
    try {
      JSON.parse(trimmed);
      return true;
    } catch {
      return false;
    }
  }
  // Too large to parse here: JSON-shaped start and a closing bracket at the very end.
  const closing = first === '{' ? '}' : ']';
  return facts.lastChar === closing && /^[{[]\s*(["{[\]}\-\d]|true|false|null)/.test(trimmed);
}

const htmlTags =
  /^(html|head|body|div|p|span|a|h[1-6]|table|ul|ol|li|script|style|meta|link|title|section|article|header|footer|nav|main|form|img|br|!--)\b/i;

/** The first element's name, after any XML declaration, comments, processing instructions and DOCTYPE. */
function rootElement(text: string): { name: string; doctype: string } | undefined {
  let rest = text;
  let doctype = '';
  for (let guard = 0; guard < 50; guard++) {
    rest = rest.trimStart();
    if (rest.startsWith('<?')) rest = rest.slice((rest.indexOf('?>') >>> 0) + 2);
    else if (rest.startsWith('<!--')) rest = rest.slice((rest.indexOf('-->') >>> 0) + 3);
    else if (/^<!doctype/i.test(rest)) {
      doctype =
        rest
          .slice(9, 200)
          .trim()
          .split(/[\s>[]/)[0]
          ?.toLowerCase() ?? '';
      // An internal subset ([ … ]) may hold '>' characters: skip to the ']>' that closes it.
      const subset = rest.indexOf('[');
      const close = rest.indexOf('>');
      rest = rest.slice(subset !== -1 && subset < close ? (rest.indexOf(']>') >>> 0) + 2 : close + 1);
    } else break;
  }
  const match = /^<([A-Za-z_][\w.:-]*)/.exec(rest);
  if (!match?.[1]) return doctype ? { name: '', doctype } : undefined;
  return { name: match[1].toLowerCase(), doctype };
}

function markupKind(trimmed: string): string | undefined {
  if (!trimmed.startsWith('<')) return undefined;
  const root = rootElement(trimmed);
  if (!root) return undefined;
  const local = root.name.split(':').pop() ?? '';
  if (root.doctype === 'html' || local === 'html') return 'text/html';
  if (local === 'svg' || root.doctype === 'svg') return 'image/svg+xml';
  if (trimmed.startsWith('<?xml') || root.doctype) return 'application/xml';
  if (htmlTags.test(trimmed.slice(1))) return 'text/html';
  return root.name ? 'application/xml' : undefined;
}

/**
 * The first `bytes` characters cut at a line end (or the whole text when shorter): the shape checks
 * read a window, not the sample, since YAML and CSV parsing cost far more per byte than detection
 * deserves (64 KB of YAML takes the yaml package hundreds of milliseconds).
 */
function window(text: string, complete: boolean, size: number): { text: string; complete: boolean } {
  if (complete && text.length <= size) return { text, complete };
  const end = text.lastIndexOf('\n', size);
  return { text: end > 0 ? text.slice(0, end) : text.slice(0, size), complete: false };
}

function delimitedKind(text: string): string | undefined {
  const parsed = Papa.parse<string[]>(text, {
    delimitersToGuess: [',', '\t', ';', '|'],
    comments: '#',
    skipEmptyLines: true,
    preview: 200,
  });
  const rows = parsed.data;
  if (rows.length < 2) return undefined;
  // Tabs are rare in prose: rows of two or more fields are enough (a last column may be optional).
  if (parsed.meta.delimiter === '\t') {
    // Leading tabs are indentation (a tab-indented YAML or Makefile), not an empty first column.
    const indented = rows.filter((row) => row[0] === '').length;
    const tabular = rows.filter((row) => row.length >= 2).length;
    return tabular / rows.length >= 0.9 && indented / rows.length < 0.5
      ? 'text/tab-separated-values'
      : undefined;
  }
  const counts = new Map<number, number>();
  for (const row of rows) counts.set(row.length, (counts.get(row.length) ?? 0) + 1);
  const [fields, rowsWithIt] = [...counts].sort((a, b) => b[1] - a[1])[0] ?? [0, 0];
  if (fields < 2) return undefined;
  // One delimiter per line is common in prose: ask for more agreement then.
  const needed = fields === 2 ? 0.95 : 0.8;
  if (rowsWithIt / rows.length < needed) return undefined;
  // Prose split at commas gives long fields full of spaces; tables rarely do.
  const cells = rows.flat();
  const wordy = cells.filter((c) => c.trim().split(/\s+/).length > 8).length;
  if (wordy / cells.length > 0.3) return undefined;
  return parsed.meta.delimiter === '\t' ? 'text/tab-separated-values' : 'text/csv';
}

/** A sample cut just before its last top-level line, so a block cut mid-way does not fail to parse. */
function lastTopLevelCut(text: string): string {
  const matches = [...text.matchAll(/\n(?=[^\s#-])/g)];
  const last = matches.at(-1);
  return last?.index !== undefined && last.index > 0 ? text.slice(0, last.index) : text;
}

function isYaml(text: string, complete: boolean): boolean {
  if (/^%YAML[\s:]/.test(text)) return true;
  try {
    // Aliases are never expanded here (parseDocument builds the tree only), so bombs cost nothing.
    const doc = parseDocument(complete ? text : lastTopLevelCut(text), { uniqueKeys: false });
    const contents = doc.contents;
    if (doc.errors.length > 0 || !isCollection(contents)) return false;
    const first = contents.items[0];
    const nested = isPair(first) ? isCollection(first.value) : isCollection(first);
    return contents.items.length >= 2 || nested;
  } catch {
    return false;
  }
}

const markdownFeatures: readonly RegExp[] = [
  /^#{1,6}\s+\S/m, // ATX heading
  /^[^\n]+\n(=+|-+)[ \t]*$/m, // setext heading
  /^(```|~~~)/m, // fenced code
  /\[[^\]\n]+\]\([^)\s]+\)/, // inline link
  /^\s{0,3}([-*+]|\d+\.)\s+\S/m, // list item
  /(\*\*|__)[^*_\n]+\1/, // strong emphasis
  /^\|?.*\|.*\n\|?\s*:?-{3,}/m, // table with a delimiter row
  /^>\s/m, // block quote
  /`[^`\n]+`/, // inline code
];

function isMarkdown(text: string): boolean {
  return markdownFeatures.filter((pattern) => pattern.test(text)).length >= 3;
}

/**
 * The media type of a text, judged by its content.
 *
 * @example textKind({ text: '{"a":1}', complete: true, lastChar: '}' }) // 'application/json'
 */
export function textKind(facts: TextFacts): string {
  const trimmed = facts.text.trimStart();
  if (trimmed.length === 0) return 'text/plain';
  const script = fromShebang(trimmed);
  if (script) return script;
  if (trimmed.startsWith('<?php')) return 'application/x-httpd-php';
  if (isJson(facts, trimmed)) return 'application/json';
  const markup = markupKind(trimmed);
  if (markup) return markup;

  const { text: lines, complete } = window(facts.text, facts.complete, 16 * 1024);
  // Code samples inside Markdown must not make it source code: judge code outside fences.
  const withoutFences = lines.replace(/^(```|~~~)[^\n]*\n[\s\S]*?^\1[ \t]*$/gm, '');
  const code = scoreSourceCode(withoutFences);
  if (code) return code;
  // Something that starts like JSON but is not (truncated, invalid) is not YAML either.
  const yamlWindow = window(lines, complete, 4 * 1024);
  if (!/^[{[]/.test(trimmed) && isYaml(yamlWindow.text, yamlWindow.complete)) return 'application/yaml';
  if (isMarkdown(lines)) return 'text/markdown';
  return delimitedKind(lines) ?? 'text/plain';
}
