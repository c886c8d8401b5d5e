import { extname } from 'node:path';
import { sampleText } from './encoding.js';
import { type Category, knownTypes, mimeByBinaryExtension, mimeByTextExtension } from './known-types.js';
import { isMismatch, normaliseDeclaredMime } from './mismatch.js';
import { readSignature } from './signatures.js';
import { textKind } from './text-kind.js';

export type DetectedBy = 'signature' | 'content' | 'extension';

export interface Detection {
  mime: string;
  extension: string;
  description: string;
  category: Category;
  isText: boolean;
  encoding: string | null;
  detectedBy: DetectedBy;
  declaredMime: string | null;
  declaredExtension: string | null;
  mismatch: boolean;
}

export interface Declared {
  /** The uploaded file's name, as the client sent it. */
  name?: string | undefined;
  /** The part's Content-Type, as the client sent it. */
  mime?: string | undefined;
}

/** The extension of a declared name: 'report.TAR.GZ' → 'gz', 'README' → undefined. */
export function declaredExtensionOf(name: string | undefined): string | undefined {
  const ext = extname(name ?? '')
    .slice(1)
    .toLowerCase();
  return ext && /^[a-z0-9+_-]{1,16}$/.test(ext) ? ext : undefined;
}

// Signature results that are really text: refined by content (an XHTML page is "XML" to file-type).
const markupSignatures = new Set(['application/xml', 'image/svg+xml', 'text/html']);

function lastNonSpace(data: Uint8Array): string {
  for (let i = data.length - 1, seen = 0; i >= 0 && seen < 4096; i--, seen++) {
    const byte = data[i] ?? 0;
    if (byte > 0x20) return String.fromCharCode(byte);
  }
  return '';
}

interface Found {
  mime: string;
  ext: string;
  encoding: string | null;
  detectedBy: DetectedBy;
}

/** The beginning of a file, which is all the text analysis reads (it can run in a worker thread). */
export interface TextProbe {
  head: Uint8Array;
  /** True when `head` is the whole file. */
  complete: boolean;
  /** The file's last non-whitespace character. */
  lastChar: string;
}

export interface TextAnalysis {
  encoding: string;
  bom: boolean;
  mime: string;
}

export const textProbeBytes = 64 * 1024;

/** Encoding and kind of text, or undefined for binary data. CPU work of a few milliseconds to tens. */
export function analyseText(probe: TextProbe): TextAnalysis | undefined {
  const sample = sampleText(probe.head, probe.head.byteLength, probe.complete);
  if (!sample) return undefined;
  const mime = textKind({ text: sample.text, complete: sample.complete, lastChar: probe.lastChar });
  return { encoding: sample.encoding, bom: sample.bom, mime };
}

export interface DetectOptions {
  /** Runs analyseText elsewhere (the worker pool); in-line when absent. */
  analyseText?: (probe: TextProbe) => Promise<TextAnalysis | undefined>;
}

async function identify(
  data: Uint8Array,
  declaredExt: string | undefined,
  options: DetectOptions,
): Promise<Found> {
  if (data.length === 0)
    return { mime: 'application/x-empty', ext: '', encoding: null, detectedBy: 'content' };
  const probe: TextProbe = {
    head: data.subarray(0, textProbeBytes),
    complete: data.length <= textProbeBytes,
    lastChar: lastNonSpace(data),
  };
  const [text, signature] = await Promise.all([
    options.analyseText ? options.analyseText(probe) : analyseText(probe),
    readSignature(data),
  ]);
  // A BOM decides before any signature: file-type takes UTF-16LE text with a BOM for MP3.
  if (signature && !text?.bom && !markupSignatures.has(signature.mime)) {
    const textual = knownTypes[signature.mime]?.isText === true;
    return { ...signature, encoding: textual ? (text?.encoding ?? null) : null, detectedBy: 'signature' };
  }
  if (text) {
    const fromName = declaredExt !== undefined ? mimeByTextExtension[declaredExt] : undefined;
    if (text.mime === 'text/plain' && fromName) {
      return { mime: fromName, ext: declaredExt ?? '', encoding: text.encoding, detectedBy: 'extension' };
    }
    return {
      mime: text.mime,
      ext: knownTypes[text.mime]?.ext ?? 'txt',
      encoding: text.encoding,
      detectedBy: 'content',
    };
  }
  if (signature) return { ...signature, encoding: null, detectedBy: 'signature' };
  const fromName = declaredExt !== undefined ? mimeByBinaryExtension[declaredExt] : undefined;
  if (fromName) return { mime: fromName, ext: declaredExt ?? '', encoding: null, detectedBy: 'extension' };
  return { mime: 'application/octet-stream', ext: 'bin', encoding: null, detectedBy: 'content' };
}

/**
 * What a file is, from its bytes: signatures first (file-type, plus old Office streams and Netpbm),
 * then text analysis (encoding, then JSON, markup, code, Markdown, CSV, YAML), and the declared
 * extension only for formats the content cannot name. `mismatch` compares with what was declared.
 *
 * @example (await detectFileType(pngBytes, { name: 'cat.jpg' })).mismatch // true
 */
export async function detectFileType(
  data: Uint8Array,
  declared: Declared = {},
  options: DetectOptions = {},
): Promise<Detection> {
  const declaredExtension = declaredExtensionOf(declared.name);
  const declaredMime = normaliseDeclaredMime(declared.mime);
  const found = await identify(data, declaredExtension, options);
  const known = knownTypes[found.mime];
  const isText = found.encoding !== null || (known?.isText ?? false);
  return {
    mime: found.mime,
    extension: found.ext,
    description: known?.description ?? `${found.ext.toUpperCase() || 'Unknown'} file (${found.mime})`,
    category: known?.category ?? categoryFromMime(found.mime),
    isText,
    encoding: found.encoding,
    detectedBy: found.detectedBy,
    declaredMime: declared.mime?.trim() ? declared.mime.trim() : null,
    declaredExtension: declaredExtension ?? null,
    mismatch: isMismatch({ mime: found.mime, extension: found.ext, isText }, declaredExtension, declaredMime),
  };
}

function categoryFromMime(mime: string): Category {
  const top = mime.split('/')[0];
  if (top === 'image' || top === 'audio' || top === 'video' || top === 'font' || top === 'text') return top;
  if (/zip|compressed|archive|tar|gzip|bzip|xz|lz|rar|7z|cab|rpm|deb/.test(mime)) return 'archive';
  if (/executable|msdownload|mach|elf|wasm|dosexec/.test(mime)) return 'executable';
  return 'other';
}
