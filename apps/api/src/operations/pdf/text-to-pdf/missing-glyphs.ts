// Apart from the renderer so that the server's main thread, which only writes the header, never
// loads pdfkit, fontkit and marked: the rendering runs in the worker pool.

/** Lists missing characters for a header (ASCII only): "U+4E2D 中" is not sendable, "U+4E2D" is. */
export function describeMissingGlyphs(glyphs: readonly string[], most = 40): string {
  const codes = glyphs
    .slice(0, most)
    .map((cluster) =>
      [...cluster]
        .map((char) => `U+${(char.codePointAt(0) ?? 0).toString(16).toUpperCase().padStart(4, '0')}`)
        .join('+'),
    );
  const more = glyphs.length - codes.length;
  return more > 0 ? `${codes.join(', ')} and ${more} more` : codes.join(', ');
}
