import { advertisedImageTypes, defaultLimits, imageInputTypes, typeName } from '@toolkit/catalog';
import { formatBytes } from './format';

const formatNames: Record<string, string> = { jpeg: 'JPEG', png: 'PNG', webp: 'WebP' };

/** 'JPEG, PNG, WebP': the formats the website advertises (specification §1), from the catalog. */
export const supportedFormats = advertisedImageTypes
  .map((type) => {
    const subtype = type.slice('image/'.length);
    return formatNames[subtype] ?? subtype.toUpperCase();
  })
  .join(', ');

/**
 * 'GIF, AVIF, TIFF and SVG': the formats the API reads besides the advertised ones, from the same
 * catalog list the server checks uploads against.
 */
export const alsoReadFormats = (() => {
  const names = imageInputTypes
    .filter((type) => !(advertisedImageTypes as readonly string[]).includes(type))
    .map(typeName);
  return names.length > 1 ? `${names.slice(0, -1).join(', ')} and ${names.at(-1)}` : (names[0] ?? '');
})();

/** '10 MB': the largest image upload the API takes by default. */
export const maxImageUpload = formatBytes(defaultLimits.imageUploadBytes);

/** 4096: the largest side of an output image, in pixels. */
export const maxImageSide = defaultLimits.maxImageSide;
