import type { InputKind, OutputKind } from './define-tool.js';

/*
 * What an operation takes and gives, as kinds of media. They are derived from what each catalog
 * entry already says (its input field, accept list and text member; its output kind and media
 * types); an entry states them itself (`api.kinds`) only where that cannot be derived, e.g. a
 * result whose kind depends on a field. The pipeline's type check and its OpenAPI description both
 * read them from here.
 */

export type MediaKind =
  | 'image'
  | 'audio'
  | 'pdf'
  | 'office'
  | 'text'
  | 'markdown'
  | 'html'
  | 'json'
  | 'csv'
  | 'xml'
  | 'yaml'
  | 'archive'
  | 'analysis'
  /** Any file (taken) or a file whose type is known only once it is made (given). */
  | 'file';

/** What an entry declares when its kinds cannot be derived. */
export interface KindDeclaration {
  input?: readonly MediaKind[];
  /** The result's kind follows one field, e.g. files/convert's `to`. */
  outputBy?: { field: string; kinds: Readonly<Record<string, MediaKind>> };
}

/** Kinds that are text: a tool that reads text reads them all. */
export const textKinds: readonly MediaKind[] = ['text', 'markdown', 'html', 'json', 'csv', 'xml', 'yaml'];

export const kindNames: Record<MediaKind, string> = {
  image: 'an image',
  audio: 'audio',
  pdf: 'a PDF',
  office: 'an office document',
  text: 'text',
  markdown: 'Markdown',
  html: 'HTML',
  json: 'JSON',
  csv: 'CSV',
  xml: 'XML',
  yaml: 'YAML',
  archive: 'an archive',
  analysis: 'a JSON analysis',
  file: 'a file',
};

const kindOfMediaType: Record<string, MediaKind> = {
  'text/plain': 'text',
  'text/csv': 'csv',
  'text/markdown': 'markdown',
  'text/html': 'html',
  'application/json': 'json',
  'application/xml': 'xml',
  'application/yaml': 'yaml',
  'application/pdf': 'pdf',
};

const kindOfTextKey: Record<string, readonly MediaKind[]> = {
  csv: ['csv'],
  json: ['json'],
  xml: ['xml'],
  yaml: ['yaml', 'json'],
};

export interface KindSource {
  api: {
    input: InputKind;
    output: OutputKind;
    mediaTypes?: readonly string[] | undefined;
    kinds?: KindDeclaration | undefined;
  };
}

/** The kinds one step can take from the step before it; empty when it needs several files. */
export function inputKinds(tool: KindSource): readonly MediaKind[] {
  const { input, kinds } = tool.api;
  if (kinds?.input) return kinds.input;
  if (input.kind === 'json-or-file') {
    if (input.bytes) return ['file'];
    return kindOfTextKey[input.textKey] ?? textKinds;
  }
  if (input.kind === 'files' && input.min > 1) return [];
  if (input.field === 'image') return ['image'];
  if (input.field === 'audio') return ['audio'];
  if (input.field === 'pdf') return ['pdf'];
  return ['file'];
}

/** Every kind a step can give, whatever its fields (for documentation). */
export function outputKinds(tool: KindSource): readonly MediaKind[] {
  const by = tool.api.kinds?.outputBy;
  return by ? [...new Set(Object.values(by.kinds))] : [outputKind(tool, {}, true)];
}

/**
 * The kind of a step's result, given its fields. `last`: an analysis that can also answer as plain
 * text (pdf/to-text) gives text when another step follows, its JSON when it ends the pipeline.
 */
export function outputKind(tool: KindSource, fields: Record<string, unknown>, last: boolean): MediaKind {
  const { output, mediaTypes, kinds } = tool.api;
  if (kinds?.outputBy) {
    const value = fields[kinds.outputBy.field];
    return (typeof value === 'string' && kinds.outputBy.kinds[value.toLowerCase()]) || 'file';
  }
  if (output === 'analysis') return !last && mediaTypes?.includes('text/plain') ? 'text' : 'analysis';
  if (output !== 'document') return output;
  const found = new Set((mediaTypes ?? []).map((type) => kindOfMediaType[type] ?? 'file'));
  const [only] = found;
  return found.size === 1 && only ? only : 'file';
}

/** Whether a step that takes `accepted` can take a result of kind `given`. */
export function kindFits(given: MediaKind, accepted: readonly MediaKind[]): boolean {
  if (accepted.length === 0) return false;
  if (given === 'file' || accepted.includes('file') || accepted.includes(given)) return true;
  return accepted === textKinds && textKinds.includes(given);
}

/** "an image", "CSV or JSON", "2 or more files". */
export function describeKinds(kinds: readonly MediaKind[]): string {
  if (kinds.length === 0) return 'several files at once';
  if (kinds === textKinds) return 'text';
  const names = kinds.map((k) => kindNames[k]);
  return names.length === 1 ? (names[0] ?? '') : `${names.slice(0, -1).join(', ')} or ${names.at(-1)}`;
}
