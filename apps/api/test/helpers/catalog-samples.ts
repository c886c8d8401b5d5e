import { exampleInputs, liveTools, type ToolExample, type ToolSpec } from '@toolkit/catalog';
import { fixture } from './fixtures.js';
import { form } from './form.js';
import { sampleFileData } from './sample-files.js';

/*
 * Inputs for the catalog-driven tests: a real sample of whatever a tool reads, chosen from its input
 * kind and accept list, so a tool made live gets its shared tests without writing any of this.
 */

export interface Sample {
  filename: string;
  type: string;
  data: Buffer;
}

const text = (filename: string, type: string, content: string): Sample => ({
  filename,
  type,
  data: Buffer.from(content, 'utf8'),
});

/** Small documents of each kind a JSON-or-file tool reads, by the JSON member it reads them from. */
const documents = {
  json: text(
    'sample.json',
    'application/json',
    JSON.stringify([
      { name: 'Ada Lovelace', born: 1815, fields: { primary: 'mathematics' } },
      { name: 'Alan Turing', born: 1912, fields: { primary: 'computing' } },
    ]),
  ),
  csv: text('sample.csv', 'text/csv', 'name,born\r\nAda Lovelace,1815\r\nAlan Turing,1912\r\n'),
  xml: text(
    'sample.xml',
    'application/xml',
    '<?xml version="1.0" encoding="UTF-8"?>\n<people><person id="1"><name>Ada Lovelace</name></person>' +
      '<person id="2"><name>Alan Turing</name></person></people>\n',
  ),
  yaml: text('sample.yaml', 'application/yaml', 'people:\n  - name: Ada Lovelace\n    born: 1815\n'),
  base64: text('sample.txt', 'text/plain', 'SGVsbG8sIHdvcmxkISBUaGlzIGlzIGEgc2FtcGxlLg=='),
  text: text(
    'sample.txt',
    'text/plain',
    'The quick brown fox jumps over the lazy dog. It was not amused.\n\nA second paragraph follows here.\n',
  ),
} satisfies Record<string, Sample>;

function documentFor(textKey: string): Sample {
  return (documents as Record<string, Sample | undefined>)[textKey] ?? documents.text;
}

/** Real files from fixtures/corpus, by a media type they stand for. */
const corpusFiles: readonly { type: string; path: string }[] = [
  { type: 'image/png', path: 'images/chelsea_cat_451x300.png' },
  { type: 'application/pdf', path: 'pdf/ltnews18_1page.pdf' },
  { type: 'audio/ogg', path: 'audio/complete_vorbis_stereo.oga' },
];

function accepts(accept: readonly string[], type: string): boolean {
  return accept.some((a) => a === type || (a.endsWith('/*') && type.startsWith(a.slice(0, -1))));
}

function fromCorpus(path: string, type = 'application/octet-stream'): Sample {
  return { filename: path.split('/').pop() ?? path, type, data: fixture(path) };
}

/**
 * The file a tool's tests upload: the example's own file when it names one, else a sample of what
 * the tool reads. Fails naming the tool when nothing here suits it.
 */
export function sampleFile(tool: ToolSpec, example?: ToolExample): Sample {
  const named = example?.files?.[0];
  if (named) return { filename: named, type: 'application/octet-stream', data: sampleFileData(named) };
  const { input } = tool.api;
  if (input.kind === 'json-or-file') return documentFor(input.textKey);
  if (input.accept.length === 0) return documents.text;
  const match = corpusFiles.find((file) => accepts(input.accept, file.type));
  if (!match) {
    throw new Error(
      `No sample input for ${tool.id} (accepts ${input.accept.join(', ')}): add a corpus file for one of ` +
        'those types to corpusFiles in apps/api/test/helpers/catalog-samples.ts.',
    );
  }
  return fromCorpus(match.path, match.type);
}

/** A real file of a type the tool does not read, or undefined when it reads anything. */
export function wrongTypeFile(tool: ToolSpec): Sample | undefined {
  const { input } = tool.api;
  if (input.kind === 'json-or-file' || input.accept.length === 0) return undefined;
  const candidates = [
    ...corpusFiles.map((file) => ({ ...fromCorpus(file.path, file.type), type: file.type })),
    documents.text,
  ];
  return candidates.find((file) => !accepts(input.accept, file.type));
}

/** How many files a request carries: one, or the fewest a several-files tool takes. */
function fileCount(tool: ToolSpec): number {
  return tool.api.input.kind === 'files' ? Math.max(tool.api.input.min, 1) : 1;
}

export interface HttpRequest {
  body: Buffer | string | undefined;
  headers: Record<string, string>;
}

type Fields = Record<string, string | number | boolean>;

/** A multipart request: the tool's file field holding `files`, plus the fields as text. */
export function multipartRequest(tool: ToolSpec, fields: Fields, files: readonly Sample[]): HttpRequest {
  const { payload, headers } = form([
    ...files.map((file) => ({ name: tool.api.input.field, ...file })),
    ...Object.entries(fields).map(([name, value]) => ({ name, value: String(value) })),
  ]);
  return { body: payload, headers };
}

export function jsonRequest(body: unknown): HttpRequest {
  return { body: JSON.stringify(body), headers: { 'content-type': 'application/json' } };
}

/**
 * The request an example makes: a JSON-or-file tool sends its fields as the JSON body (the text is
 * one of them); a file tool uploads its sample file(s) with the fields.
 */
export function exampleRequest(tool: ToolSpec, example: ToolExample, extra: Fields = {}): HttpRequest {
  const names = exampleInputs(tool, example);
  if (names.length === 0) return jsonRequest({ ...example.fields, ...extra });
  // The files the docs' samples upload, at least as many as the tool needs.
  const files = Array.from({ length: Math.max(fileCount(tool), names.length) }, (_, i) => {
    const name = names[i % names.length] as string;
    return {
      filename: i < names.length ? name : `${i + 1}-${name}`,
      type: 'application/octet-stream',
      data: sampleFileData(name),
    };
  });
  return multipartRequest(tool, { ...example.fields, ...extra }, files);
}

/** The live tools that take their input as JSON text or an uploaded file, with their JSON member. */
export const textTools = (liveTools as readonly ToolSpec[]).flatMap((tool) =>
  tool.api.input.kind === 'json-or-file' ? [{ tool, textKey: tool.api.input.textKey }] : [],
);
