import type { ToolExample, ToolSpec } from '../define-tool.js';
import type { Token, TokenKind } from './literals.js';
import { exampleInputs, exampleOutput } from './sample-inputs.js';

/* What the three sample generators share: the token writer and the example's request. */

export type CodeLine = readonly Token[];

/** The environment variable the samples read the API's base URL from. */
export const baseVariable = 'BASE';

/** The environment variable the samples read the API key from (never the key itself). */
export const apiKeyVariable = 'TOOLKIT_API_KEY';

export interface SampleOptions {
  /** Send `Authorization: Bearer $TOOLKIT_API_KEY` (the server asks for API keys). */
  auth?: boolean;
}

type Value = ToolExample['fields'][string];

/** Collects tokens; "\n" inside a plain token breaks the line. */
export class Writer {
  private readonly tokens: Token[] = [];

  add(kind: TokenKind, text: string): this {
    this.tokens.push({ kind, text });
    return this;
  }
  plain = (text: string) => this.add('plain', text);
  keyword = (text: string) => this.add('keyword', text);
  str = (text: string) => this.add('string', text);
  fn = (text: string) => this.add('function', text);
  comment = (text: string) => this.add('comment', text);
  prop = (text: string) => this.add('property', text);
  all(tokens: readonly Token[]): this {
    this.tokens.push(...tokens);
    return this;
  }

  lines(): CodeLine[] {
    const lines: Token[][] = [[]];
    for (const token of this.tokens) {
      token.text.split('\n').forEach((part, index) => {
        if (index > 0) lines.push([]);
        if (part) lines[lines.length - 1]?.push({ kind: token.kind, text: part });
      });
    }
    return lines;
  }
}

/** Form fields are text: numbers and booleans are sent as their words, lists as JSON. */
export const formText = (value: Value | readonly (string | number | boolean)[]) =>
  Array.isArray(value) ? JSON.stringify(value) : String(value);

/**
 * One request as the three generators write it: a docs example (exampleRequest) or the exact request
 * a try-it panel or the pipeline builder has just made (apps/web/app/lib/request-code.ts).
 */
export interface SampleRequest {
  /** The operation's path after the base URL, e.g. '/resize'. */
  path: string;
  /** The API's base URL written into the code; without it the code reads $BASE. */
  base?: string;
  /** A JSON body (inline data); when set, no form is sent. */
  json?: Readonly<Record<string, unknown>>;
  /** The form's text fields, in order, exactly as sent. */
  fields?: Readonly<Record<string, string>>;
  /** The uploaded files in order: the form field, and the file's name (read from where the code runs). */
  files?: readonly { field: string; name: string }[];
  /** Headers besides Content-Type and Authorization (e.g. Prefer). */
  headers?: Readonly<Record<string, string>>;
  /** Send `Authorization: Bearer $TOOLKIT_API_KEY`. */
  auth?: boolean;
  /** The file the answer is saved as; undefined prints an analysis's `data`. */
  output?: string;
}

/**
 * The JSON body of an inline example: its fields, the JSON document of a JSON-reading tool as the
 * value itself rather than text (the API takes both).
 */
export function exampleBody(tool: ToolSpec, example: ToolExample): Record<string, unknown> {
  const { input } = tool.api;
  const body: Record<string, unknown> = { ...example.fields };
  const json = body.json;
  if (input.kind === 'json-or-file' && input.textKey === 'json' && typeof json === 'string') {
    body.json = JSON.parse(json);
  }
  return body;
}

/** Whether an example sends a JSON body (inline data) rather than a multipart form of files. */
export const sendsJson = (tool: ToolSpec, example: ToolExample) => exampleInputs(tool, example).length === 0;

/** The request of a docs example: its sample files, or its inline data as JSON. */
export function exampleRequest(
  tool: ToolSpec,
  example: ToolExample,
  options: SampleOptions = {},
): SampleRequest {
  const common = { path: tool.api.path, auth: options.auth, output: exampleOutput(tool, example) };
  if (sendsJson(tool, example)) return { ...common, json: exampleBody(tool, example) };
  const fields = Object.fromEntries(
    Object.entries(example.fields).map(([name, value]) => [name, formText(value)]),
  );
  const files = exampleInputs(tool, example).map((name) => ({ field: tool.api.input.field, name }));
  return { ...common, fields, files };
}
