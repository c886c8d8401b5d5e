import type { ToolExample, ToolSpec } from '../define-tool.js';
import { dialects, shellWord, stringLiteral, type Token, type TokenKind, valueLiteral } from './literals.js';
import { exampleInputs, exampleOutput } from './sample-inputs.js';

/*
 * The code samples of a catalog example, in curl, JavaScript (Node 20 or later, fetch) and Python 3
 * (standard library only). Each is a whole round trip: read the input (a sample file from /samples/
 * or inline data), send it, save the result or print it. They call "$BASE" + the tool's path, BASE
 * being the API's base URL (e.g. https://example.com/api/v1), so the text never depends on where the
 * page is served. They are built as tokens, so highlighting needs no parser and the copied text is
 * exactly what is shown; apps/api/test/samples.test.ts runs these very texts against a server.
 */

export type { Token, TokenKind } from './literals.js';
export type CodeLine = readonly Token[];

export const sampleLanguages = [
  { id: 'curl', label: 'curl', file: 'sample.sh' },
  { id: 'javascript', label: 'JavaScript', file: 'sample.mjs' },
  { id: 'python', label: 'Python', file: 'sample.py' },
] as const;
export type SampleLanguage = (typeof sampleLanguages)[number]['id'];

/** The environment variable the samples read the API's base URL from. */
export const baseVariable = 'BASE';

export interface CodeSample {
  language: SampleLanguage;
  lines: readonly CodeLine[];
  /** The sample as plain text, for the copy button. */
  text: string;
}

type Value = ToolExample['fields'][string];

/** Collects tokens; "\n" inside a plain token breaks the line. */
class Writer {
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
const formText = (value: Value) => String(value);

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
const sendsJson = (tool: ToolSpec, example: ToolExample) => exampleInputs(tool, example).length === 0;

function curlSample(tool: ToolSpec, example: ToolExample): CodeLine[] {
  const out = new Writer();
  const output = exampleOutput(tool, example);
  const args: ((w: Writer) => void)[] = [];
  if (sendsJson(tool, example)) {
    args.push((w) => w.plain('-H ').str(shellWord('Content-Type: application/json')));
    // A JSON body: text starting with < or @ stays text (a form field would read a file).
    const json = valueLiteral(exampleBody(tool, example), dialects.json);
    const text = json.map((token) => token.text).join('');
    args.push((w) => w.plain('--data-binary ').str(shellWord(text)));
  } else {
    for (const name of exampleInputs(tool, example)) {
      args.push((w) => w.plain('-F ').str(shellWord(`${tool.api.input.field}=@${name}`)));
    }
    for (const [name, value] of Object.entries(example.fields)) {
      const text = formText(value);
      // -F reads a file for a value starting with < or @ and takes ;type= after a semicolon.
      const option = /^[<@]|;/.test(text) ? '--form-string ' : '-F ';
      args.push((w) => w.plain(option).str(shellWord(`${name}=${text}`)));
    }
  }
  args.push((w) => {
    w.plain('--fail-with-body');
    if (output) w.plain(' -o ').str(output);
  });
  out.fn('curl').plain(' -X POST ').str(`"$${baseVariable}${tool.api.path}"`);
  for (const arg of args) {
    out.plain(' \\\n  ');
    arg(out);
  }
  return out.lines();
}

function javascriptSample(tool: ToolSpec, example: ToolExample): CodeLine[] {
  const out = new Writer();
  const output = exampleOutput(tool, example);
  const inputs = exampleInputs(tool, example);
  const imports = [...(inputs.length > 0 ? ['readFile'] : []), ...(output ? ['writeFile'] : [])];
  out.comment('// Node 20 or later: save as sample.mjs, then run: node sample.mjs').plain('\n');
  if (imports.length > 0) {
    out
      .keyword('import')
      .plain(` { ${imports.join(', ')} } `)
      .keyword('from')
      .plain(' ')
      .str("'node:fs/promises'")
      .plain(';\n');
  }
  out.plain('\n');
  if (inputs.length > 0) {
    out.keyword('const').plain(' form = ').keyword('new').plain(' ').fn('FormData').plain('();\n');
    for (const name of inputs) {
      out
        .plain('form.')
        .fn('append')
        .plain('(')
        .str(stringLiteral(tool.api.input.field))
        .plain(', ')
        .keyword('new')
        .plain(' ')
        .fn('Blob')
        .plain('([')
        .keyword('await')
        .plain(' ')
        .fn('readFile')
        .plain('(')
        .str(stringLiteral(name))
        .plain(')]), ')
        .str(stringLiteral(name))
        .plain(');\n');
    }
    for (const [name, value] of Object.entries(example.fields)) {
      out
        .plain('form.')
        .fn('append')
        .plain('(')
        .str(stringLiteral(name))
        .plain(', ')
        .str(stringLiteral(formText(value)))
        .plain(');\n');
    }
    out.plain('\n');
  }
  out
    .keyword('const')
    .plain(' response = ')
    .keyword('await')
    .plain(' ')
    .fn('fetch')
    .plain('(')
    .str(`\`\${process.env.${baseVariable}}${tool.api.path}\``)
    .plain(', {\n  ')
    .prop('method')
    .plain(': ')
    .str("'POST'")
    .plain(',\n  ');
  if (inputs.length > 0) {
    out.prop('body').plain(': form,\n');
  } else {
    out
      .prop('headers')
      .plain(': { ')
      .str("'Content-Type'")
      .plain(': ')
      .str("'application/json'")
      .plain(' },\n  ')
      .prop('body')
      .plain(': JSON.')
      .fn('stringify')
      .plain('(')
      .all(valueLiteral(exampleBody(tool, example), dialects.javascript, 1))
      .plain('),\n');
  }
  out
    .plain('});\n')
    .keyword('if')
    .plain(' (!response.ok) ')
    .keyword('throw')
    .plain(' ')
    .keyword('new')
    .plain(' ')
    .fn('Error')
    .plain('((')
    .keyword('await')
    .plain(' response.')
    .fn('json')
    .plain('()).message);\n');
  if (output) {
    out
      .keyword('await')
      .plain(' ')
      .fn('writeFile')
      .plain('(')
      .str(stringLiteral(output))
      .plain(', Buffer.')
      .fn('from')
      .plain('(')
      .keyword('await')
      .plain(' response.')
      .fn('arrayBuffer')
      .plain('()));');
  } else {
    out
      .keyword('const')
      .plain(' { data } = ')
      .keyword('await')
      .plain(' response.')
      .fn('json')
      .plain('();\n')
      .plain('console.')
      .fn('log')
      .plain('(JSON.')
      .fn('stringify')
      .plain('(data, ')
      .keyword('null')
      .plain(', ')
      .add('number', '2')
      .plain('));');
  }
  return out.lines();
}

/** The helper of the Python samples that upload files: urllib has no multipart encoder. */
const pythonFormData = `def form_data(fields, files):
    """A multipart/form-data body: text fields, then (field, path) files."""
    boundary = uuid.uuid4().hex
    parts = []
    for name, value in fields.items():
        head = f'--{boundary}\\r\\nContent-Disposition: form-data; name="{name}"\\r\\n\\r\\n'
        parts.append(head.encode() + str(value).encode() + b'\\r\\n')
    for name, path in files:
        with open(path, 'rb') as file:
            head = (
                f'--{boundary}\\r\\nContent-Disposition: form-data; name="{name}"; '
                f'filename="{os.path.basename(path)}"\\r\\n\\r\\n'
            )
            parts.append(head.encode() + file.read() + b'\\r\\n')
    parts.append(f'--{boundary}--\\r\\n'.encode())
    return b''.join(parts), f'multipart/form-data; boundary={boundary}'
`;

function pythonSample(tool: ToolSpec, example: ToolExample): CodeLine[] {
  const out = new Writer();
  const output = exampleOutput(tool, example);
  const inputs = exampleInputs(tool, example);
  const imports = inputs.length > 0 ? ['json', 'os', 'uuid'] : ['json', 'os'];
  for (const name of imports) out.keyword('import').plain(` ${name}\n`);
  out
    .keyword('from')
    .plain(' urllib.error ')
    .keyword('import')
    .plain(' HTTPError\n')
    .keyword('from')
    .plain(' urllib.request ')
    .keyword('import')
    .plain(' Request, urlopen\n\n');
  const url = () =>
    out
      .plain('    os.environ[')
      .str(stringLiteral(baseVariable))
      .plain('] + ')
      .str(stringLiteral(tool.api.path))
      .plain(',\n');
  if (inputs.length > 0) {
    out.plain(`\n${pythonFormData}\n\n`).plain('body, content_type = ').fn('form_data').plain('(\n    ');
    const fields = Object.fromEntries(Object.entries(example.fields).map(([k, v]) => [k, formText(v)]));
    out.all(valueLiteral(fields, dialects.python, 1)).plain(',\n    [');
    inputs.forEach((name, index) => {
      if (index > 0) out.plain(', ');
      out.plain('(').str(stringLiteral(tool.api.input.field)).plain(', ').str(stringLiteral(name)).plain(')');
    });
    out.plain('],\n)\n').plain('request = ').fn('Request').plain('(\n');
    url();
    out
      .plain('    ')
      .prop('data')
      .plain('=body,\n    ')
      .prop('headers')
      .plain('={')
      .str("'Content-Type'")
      .plain(': content_type},\n)\n');
  } else {
    out
      .plain('body = ')
      .all(valueLiteral(exampleBody(tool, example), dialects.python))
      .plain('\nrequest = ')
      .fn('Request')
      .plain('(\n');
    url();
    out
      .plain('    ')
      .prop('data')
      .plain('=json.')
      .fn('dumps')
      .plain('(body).')
      .fn('encode')
      .plain('(),\n    ')
      .prop('headers')
      .plain('={')
      .str("'Content-Type'")
      .plain(': ')
      .str("'application/json'")
      .plain('},\n)\n');
  }
  out
    .keyword('try')
    .plain(':\n    ')
    .keyword('with')
    .plain(' ')
    .fn('urlopen')
    .plain('(request) ')
    .keyword('as')
    .plain(' response:\n        result = response.')
    .fn('read')
    .plain('()\n')
    .keyword('except')
    .plain(' HTTPError ')
    .keyword('as')
    .plain(' error:\n    ')
    .keyword('raise')
    .plain(' ')
    .fn('SystemExit')
    .plain('(json.')
    .fn('load')
    .plain('(error)[')
    .str("'message'")
    .plain('])\n\n');
  if (output) {
    out
      .keyword('with')
      .plain(' ')
      .fn('open')
      .plain('(')
      .str(stringLiteral(output))
      .plain(', ')
      .str("'wb'")
      .plain(') ')
      .keyword('as')
      .plain(' out:\n    out.')
      .fn('write')
      .plain('(result)');
  } else {
    out
      .fn('print')
      .plain('(json.')
      .fn('dumps')
      .plain('(json.')
      .fn('loads')
      .plain('(result)[')
      .str("'data'")
      .plain('], indent=')
      .add('number', '2')
      .plain(', ensure_ascii=')
      .keyword('False')
      .plain('))');
  }
  return out.lines();
}

const generators: Record<SampleLanguage, (tool: ToolSpec, example: ToolExample) => CodeLine[]> = {
  curl: curlSample,
  javascript: javascriptSample,
  python: pythonSample,
};

export function lineText(line: CodeLine): string {
  return line.map((token) => token.text).join('');
}

/** The three samples of one example. */
export function codeSamples(tool: ToolSpec, example: ToolExample): CodeSample[] {
  return sampleLanguages.map(({ id }) => {
    const lines = generators[id](tool, example);
    return { language: id, lines, text: lines.map(lineText).join('\n') };
  });
}

/** The tool's examples, or one without fields when the catalog gives none. */
export function toolExamples(tool: ToolSpec): readonly ToolExample[] {
  return tool.api.examples?.length ? tool.api.examples : [{ title: 'Basic request', fields: {} }];
}
