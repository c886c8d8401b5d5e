import { OperationError } from '../../errors.js';
import type { Detection } from '../detect/detect.js';
import { type OfficeFormat, officeFormats } from './office-pdf.js';

/**
 * Which conversions this server can do, and how each is done. The list the formats endpoint shows
 * and the routing of /files/convert come from this one table, so they cannot disagree.
 */

export type Engine = 'document' | 'office' | 'text-pdf' | 'image';

/** What this server has right now (LibreOffice found, renderers wired). */
export interface Capabilities {
  office: boolean;
  textPdf: boolean;
  /** Image formats the image pipeline reads and writes. */
  images: readonly string[];
}

// Conversions done in our own code (in the worker pool): always available.
const documentConversions: Record<string, readonly string[]> = {
  docx: ['html', 'md', 'txt'],
  html: ['md', 'txt'],
  md: ['html'],
  xlsx: ['csv', 'json'],
  csv: ['xlsx'],
  json: ['yaml'],
  yaml: ['json'],
};

export const enableOfficeHint =
  'Office documents convert to PDF when LibreOffice is installed on the server (Debian/Ubuntu: apt-get install libreoffice-writer-nogui libreoffice-calc-nogui libreoffice-impress-nogui fonts-liberation2), or when SOFFICE_PATH points at its soffice program.';

export interface Conversion {
  from: string;
  to: string;
  engine: Engine;
}

export interface UnavailableConversion {
  from: string;
  to: string;
  reason: string;
}

export function conversions(caps: Capabilities): {
  available: Conversion[];
  unavailable: UnavailableConversion[];
} {
  const available: Conversion[] = [];
  const unavailable: UnavailableConversion[] = [];
  for (const [from, targets] of Object.entries(documentConversions)) {
    for (const to of targets) available.push({ from, to, engine: 'document' });
  }
  for (const from of ['txt', 'md']) {
    if (caps.textPdf) available.push({ from, to: 'pdf', engine: 'text-pdf' });
  }
  for (const from of officeFormats) {
    if (caps.office) available.push({ from, to: 'pdf', engine: 'office' });
    else unavailable.push({ from, to: 'pdf', reason: enableOfficeHint });
  }
  for (const from of caps.images) {
    for (const to of caps.images) if (to !== from) available.push({ from, to, engine: 'image' });
  }
  return { available, unavailable };
}

// The source format of a text file: its declared extension when that names a text format we read
// (content detection of Markdown or YAML is a heuristic), else what the content looks like.
const textSourceByExtension: Record<string, string> = {
  md: 'md',
  markdown: 'md',
  txt: 'txt',
  text: 'txt',
  html: 'html',
  htm: 'html',
  xhtml: 'html',
  csv: 'csv',
  json: 'json',
  yaml: 'yaml',
  yml: 'yaml',
};
const textSourceByMime: Record<string, string> = {
  'text/html': 'html',
  'text/markdown': 'md',
  'text/plain': 'txt',
  'text/csv': 'csv',
  'text/tab-separated-values': 'csv',
  'application/json': 'json',
  'application/yaml': 'yaml',
};

const imageExtensions: Record<string, string> = { jpg: 'jpeg', jpe: 'jpeg', tif: 'tiff' };

/** The format name the conversion table uses for a detected file, or undefined when we convert no such thing. */
export function sourceFormat(detection: Detection): string | undefined {
  if (detection.isText) {
    const declared = detection.declaredExtension ?? '';
    return textSourceByExtension[declared] ?? textSourceByMime[detection.mime];
  }
  if (detection.category === 'image') return imageExtensions[detection.extension] ?? detection.extension;
  if ((officeFormats as readonly string[]).includes(detection.extension))
    return detection.extension as OfficeFormat;
  return undefined;
}

/** Normalises a requested target ('.PDF', 'markdown', 'jpg') to the table's names. */
export function targetFormat(to: string): string {
  const bare = to.trim().toLowerCase().replace(/^\./, '');
  return { markdown: 'md', htm: 'html', text: 'txt', yml: 'yaml', jpg: 'jpeg', tif: 'tiff' }[bare] ?? bare;
}

/**
 * The conversion for this file and target, or the contract's error: 415 when nothing can be made
 * of this kind of file, 400 (field `to`) when this file converts but not to that, with the targets
 * it does convert to; office → PDF without LibreOffice says how to enable it.
 */
export function planConversion(detection: Detection, to: string, caps: Capabilities): Conversion {
  const from = sourceFormat(detection);
  const target = targetFormat(to);
  const { available, unavailable } = conversions(caps);
  const targets = available.filter((c) => c.from === from);
  const match = targets.find((c) => c.to === target);
  if (match) return match;
  const missing = unavailable.find((c) => c.from === from && c.to === target);
  if (missing)
    throw new OperationError(
      'UNSUPPORTED_MEDIA_TYPE',
      `This server cannot convert ${from} to ${target} right now. ${missing.reason}`,
    );
  if (!from || targets.length === 0) {
    throw new OperationError(
      'UNSUPPORTED_MEDIA_TYPE',
      `Files of this type (${detection.description}) cannot be converted. GET /api/v1/files/convert/formats lists what can.`,
    );
  }
  throw new OperationError(
    'VALIDATION_ERROR',
    `A ${from} file converts to ${targets.map((c) => c.to).join(', ')}; not to "${target}".`,
    { field: 'to' },
  );
}

export const outputTypes: Record<string, string> = {
  html: 'text/html; charset=utf-8',
  md: 'text/markdown; charset=utf-8',
  txt: 'text/plain; charset=utf-8',
  csv: 'text/csv; charset=utf-8',
  json: 'application/json; charset=utf-8',
  yaml: 'application/yaml; charset=utf-8',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  pdf: 'application/pdf',
};

/** What GET /files/convert/formats answers: the conversions available now, those that are not, and which file names each source format goes by. */
export interface FormatsReport {
  /** Source format → the formats it converts to on this server now. */
  conversions: Record<string, string[]>;
  unavailable: UnavailableConversion[];
  /** Source format → file extensions it is usually named by (content decides; names only guide a client). */
  extensions: Record<string, string[]>;
}

export function formatsReport(caps: Capabilities): FormatsReport {
  const { available, unavailable } = conversions(caps);
  const grouped: Record<string, string[]> = {};
  for (const { from, to } of available) grouped[from] = [...(grouped[from] ?? []), to];
  const extensions: Record<string, string[]> = {};
  const add = (format: string, ext: string) => {
    const list = extensions[format] ?? [];
    if (!list.includes(ext)) extensions[format] = [...list, ext];
  };
  for (const [ext, format] of Object.entries(textSourceByExtension)) add(format, ext);
  for (const format of caps.images) {
    for (const [ext, name] of Object.entries(imageExtensions)) if (name === format) add(format, ext);
    add(format, format);
  }
  for (const format of officeFormats) add(format, format);
  return { conversions: grouped, unavailable, extensions };
}
