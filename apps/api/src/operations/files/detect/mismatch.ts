import { knownTypes, mimeByBinaryExtension, mimeByTextExtension, mimeForExtension } from './known-types.js';

// Media types clients send under other names for the same thing.
const mimeAliases: Record<string, string> = {
  'image/jpg': 'image/jpeg',
  'image/pjpeg': 'image/jpeg',
  'image/x-png': 'image/png',
  'image/vnd.microsoft.icon': 'image/x-icon',
  'audio/x-wav': 'audio/wav',
  'audio/wave': 'audio/wav',
  'audio/vnd.wave': 'audio/wav',
  'audio/mp3': 'audio/mpeg',
  'audio/x-flac': 'audio/flac',
  'application/x-zip-compressed': 'application/zip',
  'application/x-gzip': 'application/gzip',
  'application/x-sqlite': 'application/x-sqlite3',
  'application/vnd.sqlite3': 'application/x-sqlite3',
  'text/xml': 'application/xml',
  'text/x-yaml': 'application/yaml',
  'text/yaml': 'application/yaml',
  'application/x-yaml': 'application/yaml',
  'application/x-sh': 'text/x-shellscript',
  'application/javascript': 'text/javascript',
  'application/x-javascript': 'text/javascript',
  'application/vnd.microsoft.portable-executable': 'application/x-msdownload',
  'application/x-executable': 'application/x-elf',
  'font/sfnt': 'font/ttf',
  'application/x-font-ttf': 'font/ttf',
};

const genericMimes = new Set(['', 'application/octet-stream', 'binary/octet-stream', 'application/unknown']);

/** The client's media type without parameters, lower-cased and un-aliased; undefined when it says nothing. */
export function normaliseDeclaredMime(mime: string | undefined): string | undefined {
  const bare = (mime ?? '').split(';')[0]?.trim().toLowerCase() ?? '';
  if (genericMimes.has(bare)) return undefined;
  return mimeAliases[bare] ?? bare;
}

function isTextMime(mime: string): boolean {
  return (
    mime.startsWith('text/') ||
    /[+/](json|xml|yaml)$/.test(mime) ||
    knownTypes[mime]?.isText === true ||
    mime === 'application/x-httpd-php'
  );
}

function isTextExtension(ext: string): boolean {
  if (['txt', 'text', 'log', 'asc', 'nfo', 'me', 'readme'].includes(ext)) return true;
  if (ext in mimeByTextExtension) return true;
  const mime = mimeForExtension(ext);
  return mime !== undefined && isTextMime(mime);
}

export interface Detected {
  mime: string;
  extension: string;
  isText: boolean;
}

/**
 * Whether the declared name or media type disagrees with what the content is. A name is honest
 * when it is the type's extension or one of its aliases (a DOCX may be called .zip: it is one).
 * Any text may be called by a text format's name (our text detectors are heuristics, and a
 * truncated .json is still text); an unrecognised binary only disagrees with names of formats
 * that have a signature, since those would have been recognised.
 */
export function isMismatch(
  detected: Detected,
  declaredExt: string | undefined,
  declaredMime: string | undefined,
) {
  const known = knownTypes[detected.mime];
  const honest = new Set([detected.extension, ...(known?.aliases ?? [])]);
  const empty = detected.mime === 'application/x-empty';
  const unknownBinary = detected.mime === 'application/octet-stream';

  const extensionDisagrees = (ext: string): boolean => {
    if (honest.has(ext)) return false;
    if ((detected.isText || empty) && isTextExtension(ext)) return false;
    if (unknownBinary) return mimeForExtension(ext) !== undefined && !(ext in mimeByBinaryExtension);
    return true;
  };
  const mimeDisagrees = (mime: string): boolean => {
    if (mime === detected.mime) return false;
    if ((detected.isText || empty) && isTextMime(mime)) return false;
    const declaredExtOfMime = knownTypes[mime]?.ext;
    if (declaredExtOfMime !== undefined && honest.has(declaredExtOfMime)) return false;
    if (unknownBinary) return knownTypes[mime] !== undefined;
    return true;
  };

  return (
    (declaredExt !== undefined && extensionDisagrees(declaredExt)) ||
    (declaredMime !== undefined && mimeDisagrees(declaredMime))
  );
}
