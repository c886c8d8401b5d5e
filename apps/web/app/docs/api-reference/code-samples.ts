import type { ToolExample, ToolSpec } from '@toolkit/catalog';

/*
 * Code samples for a catalog example, in curl, JavaScript (fetch + FormData) and Python (requests).
 * They are generated as tokens rather than text, so highlighting needs no parser and no library, and
 * the copied text is exactly what is shown.
 */

export type TokenKind = 'plain' | 'keyword' | 'string' | 'number' | 'comment' | 'function' | 'property';
export interface Token {
  kind: TokenKind;
  text: string;
}
export type CodeLine = readonly Token[];

export const sampleLanguages = [
  { id: 'curl', label: 'curl' },
  { id: 'javascript', label: 'JavaScript' },
  { id: 'python', label: 'Python' },
] as const;
export type SampleLanguage = (typeof sampleLanguages)[number]['id'];

export interface CodeSample {
  language: SampleLanguage;
  lines: readonly CodeLine[];
  /** The sample as plain text, for the copy button. */
  text: string;
}

const t =
  (kind: TokenKind) =>
  (text: string): Token => ({ kind, text });
const plain = t('plain');
const keyword = t('keyword');
const str = t('string');
const num = t('number');
const comment = t('comment');
const fn = t('function');
const prop = t('property');

type Value = ToolExample['fields'][string];

/** Names of the files in the samples: an input that looks like the tool's input, and the output. */
export function sampleFiles(tool: ToolSpec, example: ToolExample): { input: string; output: string } {
  const { input } = tool.api;
  const inputName =
    input.kind === 'json-or-file' ? 'input.txt' : input.field === 'image' ? 'photo.jpg' : 'input.bin';
  const operation = tool.api.path.split('/').pop() ?? tool.id;
  const format = example.fields.format;
  const imageExtension = typeof format === 'string' ? (format === 'jpeg' ? 'jpg' : format) : 'jpg';
  const extension = tool.api.output === 'image' ? imageExtension : 'bin';
  return { input: inputName, output: `photo-${operation}.${extension}` };
}

/** Form fields are text: numbers and booleans are sent as their words. */
function formText(value: Value): string {
  return String(value);
}

function quoted(text: string, quote: "'" | '"'): string {
  return `${quote}${text.replaceAll('\\', '\\\\').replaceAll(quote, `\\${quote}`)}${quote}`;
}

/** A single-quoted shell word ('it'\''s' for a quote inside). */
function shellWord(text: string): string {
  return `'${text.replaceAll("'", `'\\''`)}'`;
}

function curlSample(tool: ToolSpec, example: ToolExample, url: string): CodeLine[] {
  const files = sampleFiles(tool, example);
  const lines: CodeLine[] = [[fn('curl'), plain(' -X POST '), str(shellWord(url)), plain(' \\')]];
  const fieldLines: CodeLine[] = [
    [plain('  -F '), str(shellWord(`${tool.api.input.field}=@${files.input}`))],
  ];
  for (const [name, value] of Object.entries(example.fields)) {
    fieldLines.push([plain('  -F '), str(shellWord(`${name}=${formText(value)}`))]);
  }
  if (tool.api.output !== 'analysis') fieldLines.push([plain('  -o '), str(files.output)]);
  fieldLines.forEach((line, index) => {
    lines.push(index < fieldLines.length - 1 ? [...line, plain(' \\')] : line);
  });
  return lines;
}

function javascriptSample(tool: ToolSpec, example: ToolExample, url: string): CodeLine[] {
  const lines: CodeLine[] = [
    [keyword('const'), plain(' form = '), keyword('new'), plain(' '), fn('FormData'), plain('();')],
    [
      plain('form.'),
      fn('append'),
      plain('('),
      str(quoted(tool.api.input.field, "'")),
      plain(', file); '),
      comment('// a File from <input type="file"> or a drop'),
    ],
  ];
  for (const [name, value] of Object.entries(example.fields)) {
    lines.push([
      plain('form.'),
      fn('append'),
      plain('('),
      str(quoted(name, "'")),
      plain(', '),
      str(quoted(formText(value), "'")),
      plain(');'),
    ]);
  }
  lines.push(
    [],
    [
      keyword('const'),
      plain(' response = '),
      keyword('await'),
      plain(' '),
      fn('fetch'),
      plain('('),
      str(quoted(url, "'")),
      plain(', {'),
    ],
    [plain('  '), prop('method'), plain(': '), str("'POST'"), plain(',')],
    [plain('  '), prop('body'), plain(': form,')],
    [plain('});')],
    [keyword('if'), plain(' (!response.ok) {')],
    [
      plain('  '),
      keyword('const'),
      plain(' { message } = '),
      keyword('await'),
      plain(' response.'),
      fn('json'),
      plain('();'),
    ],
    [plain('  '), keyword('throw'), plain(' '), keyword('new'), plain(' '), fn('Error'), plain('(message);')],
    [plain('}')],
  );
  if (tool.api.output === 'analysis') {
    const keys = Object.keys(tool.api.responseData?.shape ?? {});
    lines.push([
      keyword('const'),
      plain(' { data } = '),
      keyword('await'),
      plain(' response.'),
      fn('json'),
      plain('();'),
      ...(keys.length > 0 ? [plain(' '), comment(`// ${keys.join(', ')}`)] : []),
    ]);
  } else {
    lines.push([
      keyword('const'),
      plain(' result = '),
      keyword('await'),
      plain(' response.'),
      fn('blob'),
      plain('(); '),
      comment(`// save it as ${sampleFiles(tool, example).output}, or show it`),
    ]);
  }
  return lines;
}

/** A Python literal: numbers as numbers, everything else as a string the server reads. */
function pythonValue(value: Value): Token {
  return typeof value === 'number' ? num(String(value)) : str(quoted(formText(value), "'"));
}

function pythonSample(tool: ToolSpec, example: ToolExample, url: string): CodeLine[] {
  const files = sampleFiles(tool, example);
  const entries = Object.entries(example.fields);
  const lines: CodeLine[] = [
    [keyword('import'), plain(' requests')],
    [],
    [
      keyword('with'),
      plain(' '),
      fn('open'),
      plain('('),
      str(quoted(files.input, "'")),
      plain(', '),
      str("'rb'"),
      plain(') '),
      keyword('as'),
      plain(' upload:'),
    ],
    [plain('    response = requests.'), fn('post'), plain('(')],
    [plain('        '), str(quoted(url, "'")), plain(',')],
    [
      plain('        '),
      prop('files'),
      plain('={'),
      str(quoted(tool.api.input.field, "'")),
      plain(': upload},'),
    ],
  ];
  if (entries.length > 0) {
    const data: Token[] = [plain('        '), prop('data'), plain('={')];
    entries.forEach(([name, value], index) => {
      if (index > 0) data.push(plain(', '));
      data.push(str(quoted(name, "'")), plain(': '), pythonValue(value));
    });
    lines.push([...data, plain('},')]);
  }
  lines.push(
    [plain('    )')],
    [keyword('if'), plain(' '), keyword('not'), plain(' response.ok:')],
    [
      plain('    '),
      keyword('raise'),
      plain(' '),
      fn('RuntimeError'),
      plain('(response.'),
      fn('json'),
      plain('()['),
      str("'message'"),
      plain('])'),
    ],
    [],
  );
  if (tool.api.output === 'analysis') {
    lines.push(
      [plain('data = response.'), fn('json'), plain('()['), str("'data'"), plain(']')],
      [fn('print'), plain('(data.'), fn('keys'), plain('())')],
    );
  } else {
    lines.push(
      [
        keyword('with'),
        plain(' '),
        fn('open'),
        plain('('),
        str(quoted(files.output, "'")),
        plain(', '),
        str("'wb'"),
        plain(') '),
        keyword('as'),
        plain(' out:'),
      ],
      [plain('    out.'), fn('write'), plain('(response.content)')],
    );
  }
  return lines;
}

const generators: Record<SampleLanguage, (tool: ToolSpec, example: ToolExample, url: string) => CodeLine[]> =
  {
    curl: curlSample,
    javascript: javascriptSample,
    python: pythonSample,
  };

export function lineText(line: CodeLine): string {
  return line.map((token) => token.text).join('');
}

/** The three samples of one example, calling `url` (the tool's full API URL). */
export function codeSamples(tool: ToolSpec, example: ToolExample, url: string): CodeSample[] {
  return sampleLanguages.map(({ id }) => {
    const lines = generators[id](tool, example, url);
    return { language: id, lines, text: lines.map(lineText).join('\n') };
  });
}

/** The tool's examples, or one without fields when the catalog gives none. */
export function toolExamples(tool: ToolSpec): readonly ToolExample[] {
  return tool.api.examples?.length ? tool.api.examples : [{ title: 'Basic request', fields: {} }];
}
