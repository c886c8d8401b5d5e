/*
 * Values written as source text in the three sample languages. Strings that hold a quote, a
 * backslash, a line break or a control character are written as JSON strings, which are valid
 * JavaScript and Python literals, so multi-line values stay valid code.
 */

export type TokenKind = 'plain' | 'keyword' | 'string' | 'number' | 'comment' | 'function' | 'property';
export interface Token {
  kind: TokenKind;
  text: string;
}

/** A single-quoted shell word ('it'\''s' for a quote inside). */
export function shellWord(text: string): string {
  return `'${text.replaceAll("'", `'\\''`)}'`;
}

/** A JavaScript or Python string literal: 'plain' when nothing needs escaping, else JSON's. */
export function stringLiteral(text: string): string {
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters need escapes
  return /['\\\u0000-\u001f\u007f\u2028\u2029]/.test(text) ? JSON.stringify(text) : `'${text}'`;
}

export interface Dialect {
  key: (name: string) => Token;
  string: (text: string) => string;
  true: string;
  false: string;
  null: string;
  indent: string;
}

const identifier = /^[A-Za-z_$][\w$]*$/;

export const dialects = {
  json: {
    key: (name) => ({ kind: 'property', text: JSON.stringify(name) }),
    string: (text) => JSON.stringify(text),
    true: 'true',
    false: 'false',
    null: 'null',
    indent: '  ',
  },
  javascript: {
    key: (name) => ({ kind: 'property', text: identifier.test(name) ? name : stringLiteral(name) }),
    string: stringLiteral,
    true: 'true',
    false: 'false',
    null: 'null',
    indent: '  ',
  },
  python: {
    key: (name) => ({ kind: 'string', text: stringLiteral(name) }),
    string: stringLiteral,
    true: 'True',
    false: 'False',
    null: 'None',
    indent: '    ',
  },
} as const satisfies Record<string, Dialect>;

function scalar(value: unknown, dialect: Dialect): Token {
  if (typeof value === 'string') return { kind: 'string', text: dialect.string(value) };
  if (typeof value === 'number') return { kind: 'number', text: JSON.stringify(value) };
  if (value === true) return { kind: 'keyword', text: dialect.true };
  if (value === false) return { kind: 'keyword', text: dialect.false };
  return { kind: 'keyword', text: dialect.null };
}

const isContainer = (value: unknown): value is object => typeof value === 'object' && value !== null;

/**
 * A JSON value as a literal, line breaks included as "\n" in plain tokens: containers of scalars on
 * one line when short, others one member a line, indented from `depth`.
 */
export function valueLiteral(value: unknown, dialect: Dialect, depth = 0): Token[] {
  if (!isContainer(value)) return [scalar(value, dialect)];
  const array = Array.isArray(value);
  const entries: [string | undefined, unknown][] = array
    ? value.map((item) => [undefined, item])
    : Object.entries(value);
  const [open, close] = array ? ['[', ']'] : ['{', '}'];
  if (entries.length === 0) return [{ kind: 'plain', text: `${open}${close}` }];
  const member = ([key, item]: [string | undefined, unknown], inner: number): Token[] => [
    ...(key === undefined ? [] : [dialect.key(key), { kind: 'plain', text: ': ' } as const]),
    ...valueLiteral(item, dialect, inner),
  ];
  const inline = entries.every(([, item]) => !isContainer(item));
  if (inline) {
    const tokens: Token[] = [{ kind: 'plain', text: open }];
    entries.forEach((entry, index) => {
      if (index > 0) tokens.push({ kind: 'plain', text: ', ' });
      tokens.push(...member(entry, depth));
    });
    tokens.push({ kind: 'plain', text: close });
    if (tokens.reduce((sum, token) => sum + token.text.length, 0) <= 72) return tokens;
  }
  const pad = dialect.indent.repeat(depth + 1);
  const tokens: Token[] = [{ kind: 'plain', text: open }];
  entries.forEach((entry, index) => {
    tokens.push({ kind: 'plain', text: `\n${pad}` }, ...member(entry, depth + 1));
    // JSON allows no trailing comma; JavaScript and Python do, and diffs read better with one.
    if (index < entries.length - 1 || dialect !== dialects.json) tokens.push({ kind: 'plain', text: ',' });
  });
  tokens.push({ kind: 'plain', text: `\n${dialect.indent.repeat(depth)}${close}` });
  return tokens;
}
