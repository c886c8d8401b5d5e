import type { ToolExample, ToolSpec } from '../define-tool.js';
import type { Token, TokenKind } from './literals.js';
import { exampleInputs } from './sample-inputs.js';

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

/** Form fields are text: numbers and booleans are sent as their words. */
export const formText = (value: Value) => String(value);

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
