/**
 * The file name a Content-Disposition header gives: the UTF-8 `filename*` (RFC 6266/5987) when
 * present, else the plain `filename`. Folders are stripped, so a download can never name a path.
 *
 * @example filenameFromContentDisposition('attachment; filename="cat-resize.png"') // 'cat-resize.png'
 */
export function filenameFromContentDisposition(header: string | null | undefined): string | undefined {
  if (!header) return undefined;
  const extended = /filename\*\s*=\s*([^']*)'[^']*'([^;]+)/i.exec(header);
  if (extended?.[2]) {
    try {
      return safeName(decodeURIComponent(extended[2].trim().replace(/^"|"$/g, '')));
    } catch {
      // A malformed percent-encoding: fall back to the plain name.
    }
  }
  const quoted = /filename\s*=\s*"((?:[^"\\]|\\.)*)"/i.exec(header);
  if (quoted?.[1] !== undefined) return safeName(quoted[1].replace(/\\(.)/g, '$1'));
  const bare = /filename\s*=\s*([^;\s]+)/i.exec(header);
  return bare?.[1] ? safeName(bare[1]) : undefined;
}

function safeName(name: string): string | undefined {
  const base = name.split(/[\\/]/).pop()?.trim() ?? '';
  return base === '' || base === '.' || base === '..' ? undefined : base;
}
