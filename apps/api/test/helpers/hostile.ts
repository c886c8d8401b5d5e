/*
 * Hostile inputs built in the test, small files whose cost is not bounded by their size or pixel
 * count: the SVG "billion laughs" variants (nested patterns, nested <use>, huge filters, a deep
 * group tree) and an animation with very many frames.
 */

const svg = (body: string, size = 100) =>
  Buffer.from(
    `<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" width="${size}" height="${size}">${body}</svg>`,
  );

/** Each pattern paints `fan` rectangles filled with the previous one, `levels` deep. */
export function nestedPatterns(levels = 3, fan = 10): Buffer {
  let defs =
    '<pattern id="p0" width="2" height="2" patternUnits="userSpaceOnUse"><rect width="1" height="1" fill="red"/></pattern>';
  for (let i = 1; i <= levels; i++) {
    let rects = '';
    for (let j = 0; j < fan; j++)
      rects += `<rect x="${j}" y="${j}" width="${fan}" height="${fan}" fill="url(#p${i - 1})"/>`;
    defs += `<pattern id="p${i}" width="${fan * 2}" height="${fan * 2}" patternUnits="userSpaceOnUse">${rects}</pattern>`;
  }
  return svg(`<defs>${defs}</defs><rect width="100" height="100" fill="url(#p${levels})"/>`);
}

/** One pattern of tiny tiles over the whole picture: cheap at 100 px, ruinous at 4096. */
export function finePattern(tile = 2): Buffer {
  return svg(
    `<defs><pattern id="p" width="${tile}" height="${tile}" patternUnits="userSpaceOnUse"><rect width="1" height="1" fill="red"/></pattern></defs><rect width="100" height="100" fill="url(#p)"/>`,
  );
}

/** Each <use> level copies the previous one `fan` times. */
export function nestedUse(levels = 8, fan = 10): Buffer {
  let defs = '<g id="u0"><rect width="1" height="1"/></g>';
  for (let i = 1; i <= levels; i++) {
    let uses = '';
    for (let j = 0; j < fan; j++) uses += `<use href="#u${i - 1}" x="${j}"/>`;
    defs += `<g id="u${i}">${uses}</g>`;
  }
  return svg(`<defs>${defs}</defs><use href="#u${levels}"/>`);
}

/** `count` rectangles each under a costly filter. */
export function hugeFilters(count = 20, primitive = '<feMorphology radius="50"/>'): Buffer {
  const rects = Array.from(
    { length: count },
    () => '<rect width="100" height="100" fill="red" filter="url(#f)"/>',
  ).join('');
  return svg(`<defs><filter id="f">${primitive}</filter></defs>${rects}`);
}

/** Groups nested `depth` deep. */
export function deepGroups(depth = 5000): Buffer {
  return svg(`${'<g>'.repeat(depth)}<rect width="10" height="10"/>${'</g>'.repeat(depth)}`);
}

/** A pattern that paints itself. */
export function selfReference(): Buffer {
  return svg(
    '<defs><pattern id="p" width="10" height="10"><rect width="5" height="5" fill="url(#p)"/></pattern></defs><rect width="100" height="100" fill="url(#p)"/>',
  );
}

/** More elements than any drawing needs. */
export function manyElements(count = 30_000): Buffer {
  return svg('<rect width="1" height="1"/>'.repeat(count));
}

/**
 * A GIF of `frames` 1 × 1 frames: tiny, yet each frame is its own decode and encode. Written
 * byte by byte (header, global colour table, then per frame a graphic control extension, an
 * image descriptor and a minimal LZW stream).
 */
export function manyFrameGif(frames = 1500): Buffer {
  const header = Buffer.from([
    ...Buffer.from('GIF89a'),
    1,
    0,
    1,
    0,
    0x80,
    0,
    0,
    0,
    0,
    0,
    255,
    255,
    255,
    // NETSCAPE2.0 loop extension, so it is an animation.
    0x21,
    0xff,
    11,
    ...Buffer.from('NETSCAPE2.0'),
    3,
    1,
    0,
    0,
    0,
  ]);
  const frame = Buffer.from([
    0x21, 0xf9, 4, 0, 1, 0, 0, 0, 0x2c, 0, 0, 0, 0, 1, 0, 1, 0, 0, 2, 2, 0x4c, 0x01, 0,
  ]);
  return Buffer.concat([header, ...Array.from({ length: frames }, () => frame), Buffer.from([0x3b])]);
}
