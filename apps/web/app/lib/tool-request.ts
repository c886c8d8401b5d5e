import type { InputKind } from '@toolkit/catalog';

/*
 * The body of a tool call, chosen by the catalog's input kind (API contract, "Common rules"): a
 * multipart form for file inputs, a JSON body for text typed into a text/data tool.
 */

export type FormScalar = string | number | boolean;
export type FormValue = FormScalar | Blob | readonly FormScalar[] | null | undefined;
/** A tool's fields besides its main input. */
export type ToolFields = Readonly<Record<string, FormValue>>;

/** The main input of a call: one file, several files in order, or typed text (json-or-file tools). */
export type ToolInput =
  | { file: File; fields?: ToolFields }
  | { files: readonly File[]; fields?: ToolFields }
  | { text: string; fields?: ToolFields };

/** The input a tool of this input kind takes. */
export type ToolInputOf<K extends InputKind> = K extends { kind: 'file' }
  ? { file: File; fields?: ToolFields }
  : K extends { kind: 'files' }
    ? { files: readonly File[]; fields?: ToolFields }
    : { file: File; fields?: ToolFields } | { text: string; fields?: ToolFields };

function isEmpty(value: FormValue): value is null | undefined | '' {
  return (
    value === undefined ||
    value === null ||
    value === '' ||
    (typeof value === 'number' && Number.isNaN(value))
  );
}

/**
 * Multipart form of the fields. Empty strings, undefined, null (and NaN, empty arrays) are left out, so
 * the server applies its defaults (§5); arrays are sent JSON-encoded (§7); a File keeps its name.
 */
export function toFormData(fields: ToolFields, form = new FormData()): FormData {
  for (const [name, value] of Object.entries(fields)) {
    if (isEmpty(value)) continue;
    if (value instanceof Blob) {
      form.append(name, value, value instanceof File ? value.name : 'blob');
    } else if (Array.isArray(value)) {
      if (value.length > 0) form.append(name, JSON.stringify(value));
    } else {
      form.append(name, String(value));
    }
  }
  return form;
}

/** The fields as JSON members, typed as given (numbers and booleans stay so); empty ones left out. */
export function toJsonMembers(fields: ToolFields): Record<string, FormScalar | readonly FormScalar[]> {
  const members: Record<string, FormScalar | readonly FormScalar[]> = {};
  for (const [name, value] of Object.entries(fields)) {
    if (isEmpty(value) || value instanceof Blob) continue;
    if (Array.isArray(value) && value.length === 0) continue;
    members[name] = value;
  }
  return members;
}

export interface ToolRequest {
  body: FormData | string;
  /** Set for a JSON body; a form sets its own multipart boundary. */
  contentType: 'application/json' | undefined;
  /** Bytes of the files being sent (what an upload progress bar is about). */
  uploadBytes: number;
}

/**
 * The request body of a call. 'file': the file under the input's field; 'files': every file under it,
 * in order; 'json-or-file': `{[textKey]: text, ...fields}` as JSON, or the uploaded file under `file`.
 */
export function toolRequest(kind: InputKind, input: ToolInput): ToolRequest {
  const fields = input.fields ?? {};
  if ('text' in input) {
    if (kind.kind !== 'json-or-file') throw new Error(`A ${kind.kind} tool takes a file, not text.`);
    const body = JSON.stringify({ [kind.textKey]: input.text, ...toJsonMembers(fields) });
    return { body, contentType: 'application/json', uploadBytes: 0 };
  }
  const files = 'files' in input ? input.files : [input.file];
  const form = new FormData();
  for (const file of files) form.append(kind.field, file, file.name);
  toFormData(fields, form);
  return {
    body: form,
    contentType: undefined,
    uploadBytes: files.reduce((sum, file) => sum + file.size, 0),
  };
}
