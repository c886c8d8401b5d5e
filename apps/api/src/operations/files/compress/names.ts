/**
 * Safe names for archive members. An archive is unpacked by other programs on other systems, so a
 * member name must never reach outside the folder it is unpacked into (no absolute paths, drive
 * letters or `..`), must not hide characters (controls, NUL) and must fit common file systems (at
 * most 255 bytes a segment). Folders the client sent (`docs/a.txt`) are kept.
 */

const maxSegmentBytes = 200; // under 255 with room for a " (12)" duplicate suffix
const maxPathBytes = 1000;

// biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what gets removed
const controls = /[\u0000-\u001f\u007f-\u009f\u200b-\u200f\u202a-\u202e\u2066-\u2069]/g;
// Characters Windows refuses in names; replaced so the archive unpacks everywhere.
const reserved = /[<>:"|?*]/g;
const windowsDevices = /^(con|prn|aux|nul|com\d|lpt\d)(\..*)?$/i;

function utf8Length(text: string): number {
  return Buffer.byteLength(text, 'utf8');
}

/** Cuts `text` to at most `bytes` UTF-8 bytes without splitting a character. */
function cutToBytes(text: string, bytes: number): string {
  let out = '';
  for (const char of text) {
    if (utf8Length(out + char) > bytes) break;
    out += char;
  }
  return out;
}

/** Shortens a name to the byte limit, keeping its extension (a short one) intact. */
function capSegment(segment: string): string {
  if (utf8Length(segment) <= maxSegmentBytes) return segment;
  const dot = segment.lastIndexOf('.');
  const ext = dot > 0 && segment.length - dot <= 16 ? segment.slice(dot) : '';
  return cutToBytes(segment.slice(0, segment.length - ext.length), maxSegmentBytes - utf8Length(ext)) + ext;
}

function cleanSegment(segment: string): string {
  const cleaned = segment
    .replace(controls, '')
    .replace(reserved, '_')
    .trim()
    .replace(/[. ]+$/, '');
  if (cleaned === '' || cleaned === '.' || cleaned === '..') return '';
  return capSegment(windowsDevices.test(cleaned) ? `_${cleaned}` : cleaned);
}

/**
 * A relative, portable member name for what the client called `name`.
 *
 * @example safeMemberName('../../etc/passwd') // 'etc/passwd'
 * @example safeMemberName('C:\\Users\\me\\a.txt') // 'Users/me/a.txt'
 */
export function safeMemberName(name: string, fallback = 'file'): string {
  const segments = name
    .normalize('NFC')
    .replace(/\\/g, '/')
    .replace(/^[a-z]:/i, '')
    .split('/')
    .map(cleanSegment)
    .filter(Boolean);
  let path = segments.join('/');
  while (utf8Length(path) > maxPathBytes && segments.length > 1) {
    segments.shift(); // keep the file's own name; drop outer folders first
    path = segments.join('/');
  }
  return path || fallback;
}

/** Inserts " (n)" before the extension: 'a.tar.gz' → 'a (2).tar.gz'. */
function numbered(path: string, n: number): string {
  const slash = path.lastIndexOf('/');
  const dir = path.slice(0, slash + 1);
  const base = path.slice(slash + 1);
  const match = /^(.+?)((\.[a-z0-9]{1,8}){0,2})$/i.exec(base);
  const stem = match?.[1] ?? base;
  const ext = match?.[2] ?? '';
  return `${dir}${stem} (${n})${ext}`;
}

/**
 * Cleans every name and renames duplicates ("a.txt", "a (2).txt"), comparing without case since
 * Windows and macOS would otherwise overwrite one with the other when unpacking.
 */
export function uniqueMemberNames(names: readonly string[]): string[] {
  const taken = new Set<string>();
  return names.map((raw, index) => {
    const clean = safeMemberName(raw, `file-${index + 1}`);
    let candidate = clean;
    for (let n = 2; taken.has(candidate.toLowerCase()); n++) candidate = numbered(clean, n);
    taken.add(candidate.toLowerCase());
    return candidate;
  });
}
