import {
  type CodeSample,
  formText,
  type InputKind,
  type OutputKind,
  requestSamples,
  type SampleRequest,
} from '@toolkit/catalog';
import { type ToolFields, type ToolInput, toJsonMembers } from './tool-request';

/*
 * "Copy as cURL / JavaScript / Python" of a request just made (issue 32). The code comes from the
 * generator of the docs pages' samples (packages/catalog/src/samples), given the exact request
 * instead of a catalog example, so the two never disagree on quoting or on how a body is sent.
 */

/**
 * A request as it was sent, whoever sent it (a try-it panel, the pipeline builder).
 *
 * @example
 * requestCode({ path: '/resize', fields: { width: 300 }, files: { field: 'image', names: ['cat.png'] },
 *   base: 'https://example.com/api/v1', auth: true, output: 'cat-resize.png' }).curl
 */
export interface SentRequest {
  /** The operation's path after the API base, e.g. '/resize' or '/pipeline'. */
  path: string;
  /** The fields besides the input (empty ones are left out, as the client leaves them out). */
  fields?: ToolFields;
  /** Inline text: the body is then JSON, `{[key]: value, ...fields}` with the fields typed as given. */
  text?: { key: string; value: string };
  /** A JSON body exactly as sent (the pipeline's `{steps, input}`); then fields, text and files are unused. */
  json?: Readonly<Record<string, unknown>>;
  /** Uploaded files under their form field, by name: the code reads each from a file of that name. */
  files?: { field: string; names: readonly string[] };
  /** Headers besides Content-Type and Authorization (e.g. `Prefer`). */
  headers?: Readonly<Record<string, string>>;
  /** An API key was sent: the code sends `Authorization: Bearer $TOOLKIT_API_KEY` (never the key). */
  auth?: boolean;
  /** The API base URL written into the code (e.g. https://example.com/api/v1); without it, $BASE. */
  base?: string;
  /** The file the answer is saved as; omitted, the code prints an analysis's `data`. */
  output?: string;
}

export type RequestCode = Record<CodeSample['language'], string>;

/** The generator's request: a JSON body for text, else a form whose values are text as sent. */
export function sampleRequest(request: SentRequest): SampleRequest {
  const members = toJsonMembers(request.fields ?? {});
  const { path, base, headers, auth, output } = request;
  const common = { path, base, headers, auth, output };
  if (request.json) return { ...common, json: { ...request.json } };
  if (request.text) return { ...common, json: { [request.text.key]: request.text.value, ...members } };
  const fields = Object.fromEntries(Object.entries(members).map(([name, value]) => [name, formText(value)]));
  const files = (request.files?.names ?? []).map((name) => ({ field: request.files?.field ?? 'file', name }));
  return { ...common, fields, files };
}

/** The request as cURL, JavaScript (Node 20+) and Python 3 (standard library) code. */
export function requestCode(request: SentRequest): RequestCode {
  const samples = requestSamples(sampleRequest(request));
  return Object.fromEntries(samples.map((sample) => [sample.language, sample.text])) as RequestCode;
}

/** What a panel knows of its tool. */
export interface PanelApi {
  path: string;
  input: InputKind;
  output: OutputKind;
}

/** A try-it panel's call as a SentRequest: its input (text, or files by name) and fields. */
export function sentRequestOf(
  api: PanelApi,
  input: ToolInput,
  extra: Pick<SentRequest, 'auth' | 'base' | 'output'> = {},
): SentRequest {
  const fields = input.fields ?? {};
  if ('text' in input) {
    const key = api.input.kind === 'json-or-file' ? api.input.textKey : 'text';
    return { path: api.path, fields, text: { key, value: input.text }, ...extra };
  }
  const names = ('files' in input ? input.files : [input.file]).map((file) => file.name);
  return { path: api.path, fields, files: { field: api.input.field, names }, ...extra };
}
