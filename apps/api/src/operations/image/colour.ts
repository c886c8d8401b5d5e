import type { HexColour } from './options.js';

/** A colour as libvips takes it: 0–255 channels and an alpha of 0–1. */
export interface Rgba {
  r: number;
  g: number;
  b: number;
  alpha: number;
}

export const white: Rgba = { r: 255, g: 255, b: 255, alpha: 1 };
export const transparent: Rgba = { r: 0, g: 0, b: 0, alpha: 0 };

/**
 * Reads a CSS hex colour the request schema has already checked (#rgb, #rgba, #rrggbb, #rrggbbaa).
 *
 * @example parseHexColour('#f008') // { r: 255, g: 0, b: 0, alpha: 0.533… }
 */
export function parseHexColour(hex: HexColour): Rgba {
  let digits = hex.replace(/^#/, '');
  if (digits.length <= 4) digits = [...digits].map((d) => d + d).join('');
  const channel = (i: number) => Number.parseInt(digits.slice(i * 2, i * 2 + 2), 16);
  return {
    r: channel(0),
    g: channel(1),
    b: channel(2),
    alpha: digits.length === 8 ? channel(3) / 255 : 1,
  };
}

/** The colour with its alpha dropped, for outputs that cannot be transparent. */
export function opaque(colour: Rgba): Rgba {
  return { ...colour, alpha: 1 };
}
