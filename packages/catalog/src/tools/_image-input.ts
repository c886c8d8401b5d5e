import type { InputKind } from '../define-tool.js';

/** Image formats the image operations read (the website advertises JPEG, PNG and WebP). */
export const imageInputTypes = [
  'image/jpeg',
  'image/png',
  'image/webp',
  'image/gif',
  'image/avif',
  'image/tiff',
  'image/svg+xml',
] as const;

export const singleImage = {
  kind: 'file',
  field: 'image',
  accept: imageInputTypes,
} as const satisfies InputKind;
