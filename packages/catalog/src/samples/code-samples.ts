import type { ToolExample, ToolSpec } from '../define-tool.js';
import { curlSample } from './curl-sample.js';
import { javascriptSample } from './javascript-sample.js';
import { pythonSample } from './python-sample.js';
import { type CodeLine, exampleRequest, type SampleOptions, type SampleRequest } from './writer.js';

/*
 * The code samples of a catalog example, in curl, JavaScript (Node 20 or later, fetch) and Python 3
 * (standard library only). Each is a whole round trip: read the input (a sample file from /samples/
 * or inline data), send it, save the result or print it. They call "$BASE" + the tool's path, BASE
 * being the API's base URL (e.g. https://example.com/api/v1), so the text never depends on where the
 * page is served. They are built as tokens, so highlighting needs no parser and the copied text is
 * exactly what is shown; apps/api/test/samples.test.ts runs these very texts against a server.
 */

export type { Token, TokenKind } from './literals.js';
export type { CodeLine, SampleOptions, SampleRequest } from './writer.js';
export { apiKeyVariable, baseVariable, exampleBody, exampleRequest, formText } from './writer.js';

export const sampleLanguages = [
  { id: 'curl', label: 'curl', file: 'sample.sh' },
  { id: 'javascript', label: 'JavaScript', file: 'sample.mjs' },
  { id: 'python', label: 'Python', file: 'sample.py' },
] as const;
export type SampleLanguage = (typeof sampleLanguages)[number]['id'];

export interface CodeSample {
  language: SampleLanguage;
  lines: readonly CodeLine[];
  /** The sample as plain text, for the copy button. */
  text: string;
}

const generators: Record<SampleLanguage, (request: SampleRequest) => CodeLine[]> = {
  curl: curlSample,
  javascript: javascriptSample,
  python: pythonSample,
};

export function lineText(line: CodeLine): string {
  return line.map((token) => token.text).join('');
}

/** The code of one request in the three languages. */
export function requestSamples(request: SampleRequest): CodeSample[] {
  return sampleLanguages.map(({ id }) => {
    const lines = generators[id](request);
    return { language: id, lines, text: lines.map(lineText).join('\n') };
  });
}

/** The three samples of one example; with `auth`, each sends the API key from TOOLKIT_API_KEY. */
export function codeSamples(tool: ToolSpec, example: ToolExample, options: SampleOptions = {}): CodeSample[] {
  return requestSamples(exampleRequest(tool, example, options));
}

/** The tool's examples, or one without fields when the catalog gives none. */
export function toolExamples(tool: ToolSpec): readonly ToolExample[] {
  return tool.api.examples?.length ? tool.api.examples : [{ title: 'Basic request', fields: {} }];
}
