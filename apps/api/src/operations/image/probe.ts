import { fileTypeFromBuffer } from 'file-type';
import sharp, { type Metadata } from 'sharp';
import { OperationError } from '../errors.js';
import type { InputFormat } from './formats.js';
import { checkFrameCount } from './frame-cost.js';
import { gifIsTruncated } from './gif-structure.js';
import type { ImageLimits } from './limits.js';
import { checkSvgRenderCost } from './svg-cost.js';
import { refuseUtf16Text } from './text-bom.js';

/** What we know about an upload before decoding any pixels. */
export interface ImageProbe {
  format: InputFormat;
  /** Width and height as displayed, i.e. after the EXIF orientation is applied (one frame). */
  width: number;
  height: number;
  /** Frames of an animation (1 for a still image). */
  pages: number;
  hasAlpha: boolean;
  isPalette: boolean;
  bytes: number;
  /** The embedded ICC profile, if any. */
  icc?: Buffer | undefined;
}

const byMime: Record<string, InputFormat> = {
  'image/jpeg': 'jpeg',
  'image/png': 'png',
  'image/apng': 'png',
  'image/webp': 'webp',
  'image/gif': 'gif',
  'image/avif': 'avif',
  'image/tiff': 'tiff',
  'image/svg+xml': 'svg',
};

const readable = 'JPEG, PNG, WebP, GIF, AVIF, TIFF or SVG';

/** How far into an upload the <svg> root may start (after the XML prolog). */
const svgHeadChars = 16 * 1024;

/**
 * Where the XML prolog item starting at `at` ends (the index after it), or -1 if it does not end
 * within the head. Prolog items: processing instructions (`<?xml …?>`), comments and a doctype,
 * whose internal subset (`[ … ]`, e.g. Illustrator's `<!ENTITY ns_flows "…">`) holds `>` of its own.
 */
function prologItemEnd(head: string, at: number): number {
  if (head.startsWith('<?', at)) {
    const end = head.indexOf('?>', at + 2);
    return end < 0 ? -1 : end + 2;
  }
  if (head.startsWith('<!--', at)) {
    const end = head.indexOf('-->', at + 4);
    return end < 0 ? -1 : end + 3;
  }
  if (head.slice(at, at + 9).toUpperCase() === '<!DOCTYPE') {
    let end = at + 9;
    while (end < head.length && head[end] !== '[' && head[end] !== '>') end++;
    if (head[end] === '[') {
      const subsetEnd = head.indexOf(']', end);
      end = subsetEnd < 0 ? -1 : head.indexOf('>', subsetEnd);
    }
    return end < 0 || end >= head.length ? -1 : end + 1;
  }
  return -1;
}

/** The start of an upload as text, for the checks on its XML prolog. */
const svgHead = (data: Buffer) =>
  data
    .subarray(0, svgHeadChars)
    .toString('utf8')
    .replace(/^\uFEFF/, '');

/**
 * Where the root element starts after the XML prolog (-1 when the prolog does not end within the
 * head), and whether a doctype in it declares entities (`<!ENTITY` in its internal subset).
 * A single forward scan (each step moves on), never a backtracking regular expression: nested
 * repetitions over comments and doctypes take exponential time on crafted input.
 */
function scanProlog(head: string): { rootAt: number; declaresEntities: boolean } {
  let at = 0;
  let declaresEntities = false;
  for (;;) {
    while (at < head.length && /\s/.test(head.charAt(at))) at++;
    if (!head.startsWith('<?', at) && !head.startsWith('<!', at)) break;
    const end = prologItemEnd(head, at);
    if (end < 0) return { rootAt: -1, declaresEntities };
    if (head.slice(at, at + 9).toUpperCase() === '<!DOCTYPE' && /<!ENTITY/i.test(head.slice(at, end))) {
      declaresEntities = true;
    }
    at = end;
  }
  return { rootAt: at, declaresEntities };
}

/** SVG is XML text, which signature detection does not name: look for an <svg> root after the prolog. */
function looksLikeSvg(data: Buffer): boolean {
  const head = svgHead(data);
  const { rootAt } = scanProlog(head);
  return rootAt >= 0 && /^<svg[\s>]/i.test(head.slice(rootAt, rootAt + 5));
}

/**
 * An SVG may not declare entities (the contract): what they expand to is text no cost check has
 * seen. A doctype that only names the public SVG DTD, or whose internal subset declares no entity
 * (an empty one, attribute lists), declares nothing (librsvg never fetches the DTD).
 */
function refuseDeclaredEntities(data: Buffer, name: string): void {
  if (!scanProlog(svgHead(data)).declaresEntities) return;
  throw new OperationError(
    'UNPROCESSABLE_FILE',
    `The SVG "${name}" declares XML entities (<!ENTITY in its DOCTYPE); they are not allowed. Remove them and send it again.`,
  );
}

/**
 * librsvg (libxml2) refuses entities that expand too far (billion laughs) and never defines
 * external ones (XXE): such a file is not corrupt, so say what is wrong with it.
 */
function entityProblem(format: InputFormat, cause: unknown): boolean {
  return format === 'svg' && cause instanceof Error && /entity/i.test(cause.message);
}

/**
 * "a" or "an" before a file type read out as letters ("an XML", "an MP3", "a PDF") or, when it
 * starts with a vowel, as a word ("an ICO", "an EXE").
 */
function article(extension: string): 'a' | 'an' {
  const name = extension.toUpperCase();
  if (/^[AEIO]/.test(name)) return 'an';
  // F, H, L, M, N, R, S and X sound like "ef", "aitch", "el"… when spelled out before a consonant.
  return /^[FHLMNRSX][^AEIOU]/.test(name) ? 'an' : 'a';
}

export async function detectFormat(data: Buffer, name: string): Promise<InputFormat> {
  refuseUtf16Text(data, name, readable);
  const detected = await fileTypeFromBuffer(data);
  const format = detected ? byMime[detected.mime] : undefined;
  if (format) return format;
  if ((!detected || detected.mime === 'application/xml') && looksLikeSvg(data)) return 'svg';
  const what = detected
    ? `${article(detected.ext)} ${detected.ext.toUpperCase()} file (${detected.mime})`
    : 'not an image we recognise';
  throw new OperationError(
    'UNSUPPORTED_MEDIA_TYPE',
    `The file "${name}" is ${what}. Upload a ${readable} image.`,
  );
}

const megapixels = (n: number) => `${(n / 1e6).toFixed(n < 1e7 ? 1 : 0)} megapixels`;

/**
 * Identifies an upload from its bytes and reads its header, refusing what must not be decoded:
 * non-images (415), unreadable headers (422) and decompression bombs (413, before any pixel is
 * decoded).
 *
 * @example const probe = await probeImage(buffer, 'photo.jpg', limits); // { format: 'jpeg', width: 428, … }
 */
export async function probeImage(data: Buffer, name: string, limits: ImageLimits): Promise<ImageProbe> {
  const format = await detectFormat(data, name);
  if (format === 'svg') refuseDeclaredEntities(data, name);
  const unreadable = (cause?: unknown) =>
    new OperationError(
      'UNPROCESSABLE_FILE',
      `The image "${name}" could not be read: it looks corrupt or truncated.`,
      {
        cause,
      },
    );
  // libvips decodes the whole frames of a cut-off GIF animation and drops the rest silently.
  if (format === 'gif' && gifIsTruncated(data)) throw unreadable();
  let meta: Metadata;
  try {
    // Header only: no pixel is decoded, so the pixel limit is checked below with a clear message.
    meta = await sharp(data, { limitInputPixels: false }).metadata();
  } catch (cause) {
    if (entityProblem(format, cause)) {
      throw new OperationError(
        'UNPROCESSABLE_FILE',
        `The SVG "${name}" uses XML entities that expand too far or come from outside the file; they are not allowed.`,
        { cause },
      );
    }
    throw unreadable(cause);
  }
  // Without `pages`, the header describes the first frame and counts the others.
  const pages = Math.max(1, meta.pages ?? 1);
  const framePixels = meta.width * meta.height;
  if (framePixels > limits.maxInputPixels) {
    throw new OperationError(
      'IMAGE_TOO_LARGE',
      `The image is ${meta.width} × ${meta.height} pixels (${megapixels(framePixels)}); ` +
        `the largest we decode is ${megapixels(limits.maxInputPixels)}.`,
    );
  }
  checkFrameCount(format, pages);
  if (format === 'svg') checkSvgRenderCost(data, framePixels);
  const rotated = (meta.orientation ?? 1) >= 5;
  return {
    format,
    width: rotated ? meta.height : meta.width,
    height: rotated ? meta.width : meta.height,
    pages,
    hasAlpha: meta.hasAlpha,
    isPalette: meta.isPalette,
    bytes: data.length,
    icc: meta.icc,
  };
}

export { megapixels };
