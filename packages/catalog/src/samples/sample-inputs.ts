import type { ToolExample, ToolSpec } from '../define-tool.js';

/*
 * The files the code samples upload, and what they save. Each named file is served by the website
 * under /samples/ (apps/web/public/samples, provenance in its MANIFEST.md), so a visitor can fetch
 * it and run a sample as printed; the sample-running test uploads the very same files.
 */

/** Where the website serves the sample files. */
export const samplesPath = '/samples';

/** The sample files, by name, with what each one is (shown beside its download link). */
export const sampleInputFiles = {
  'photo.jpg': 'a 1600 × 1203 JPEG photo',
  'cat.png': 'a 451 × 300 PNG photo',
  'icon.png': 'a 200 × 200 PNG chessboard',
  'tree.png': 'a PNG with a transparent background',
  'animation.gif': 'an animated GIF (56 frames)',
  'music.ogg': 'a short Ogg Vorbis clip',
  'report.pdf': 'a one-page PDF newsletter',
  'figures.pdf': 'a three-page PDF',
  'report.docx': 'a Word document',
  'README.md': 'a Markdown file',
  'statecrime.xlsx': 'an Excel workbook',
  'statecrime.csv': 'a CSV table',
  'mystery.png': 'a text file misnamed .png',
} as const satisfies Record<string, string>;

export type SampleInputName = keyof typeof sampleInputFiles;

/** What a tool uploads when its example names no file: a sample of its input kind. */
function defaultInputs(tool: ToolSpec): readonly SampleInputName[] {
  const { input } = tool.api;
  if (input.kind === 'json-or-file') return [];
  if (input.field === 'image') return ['photo.jpg'];
  if (input.field === 'images') return ['photo.jpg', 'cat.png'];
  if (input.field === 'audio') return ['music.ogg'];
  if (input.field === 'pdf') return ['report.pdf'];
  throw new Error(`${tool.id}: its examples must name their files (api.examples[].files).`);
}

/** The sample files one example uploads, in order ([] when its input is inline JSON). */
export function exampleInputs(tool: ToolSpec, example: ToolExample): readonly SampleInputName[] {
  return example.files ?? defaultInputs(tool);
}

const stem = (name: string) => (name.includes('.') ? name.slice(0, name.lastIndexOf('.')) : name);
const extensionOf = (name: string) => name.slice(name.lastIndexOf('.') + 1).toLowerCase();

/** File name extensions of a converted document's media type. */
const documentExtensions: Record<string, string> = {
  'text/csv': 'csv',
  'application/json': 'json',
  'application/xml': 'xml',
  'text/plain': 'txt',
};

/** Extension of an image result: the asked format, else the input's (combine writes PNG by default). */
function imageExtension(tool: ToolSpec, example: ToolExample, input: string | undefined): string {
  const format = example.fields.format;
  if (typeof format === 'string' && format !== 'same') return format === 'jpeg' ? 'jpg' : format;
  if (tool.api.input.kind === 'files') return 'png';
  return input ? extensionOf(input) : 'png';
}

/** Extension of the result of one example, from what the server writes for it. */
function resultExtension(tool: ToolSpec, example: ToolExample, input: string | undefined): string {
  const { format, to } = example.fields;
  switch (tool.api.output) {
    case 'image':
      return imageExtension(tool, example, input);
    case 'audio':
      return String(format);
    case 'archive':
      return format === 'gzip' ? 'gz' : typeof format === 'string' ? format : 'zip';
    case 'pdf':
      return 'pdf';
    default: {
      if (typeof to === 'string') return to;
      const type = tool.api.mediaTypes?.[0] ?? 'text/plain';
      return documentExtensions[type] ?? 'txt';
    }
  }
}

/**
 * The name the samples save an example's result under, or undefined for an analysis (printed). A
 * download is named as the server names it (<input stem>-<operation>.<ext>); a result of inline
 * input after the tool.
 *
 * @example exampleOutput(resizeImage, { title: '…', fields: { format: 'webp' } }) // 'photo-resize.webp'
 */
export function exampleOutput(tool: ToolSpec, example: ToolExample): string | undefined {
  if (tool.api.output === 'analysis') return undefined;
  const input = exampleInputs(tool, example)[0];
  const extension = resultExtension(tool, example, input);
  if (!input) return `${tool.id}.${extension}`;
  const operation = tool.api.path.split('/').pop() ?? tool.id;
  return `${stem(input)}-${operation}.${extension}`;
}
