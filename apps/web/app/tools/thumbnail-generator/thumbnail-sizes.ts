import { resizeRequest, type ThumbnailSize, thumbnailRequest, thumbnailSizes } from '@toolkit/catalog';
import { schemaField } from '~/lib/schema-fields';

export const SIZE_LABEL = 'Thumbnail Size';
export const INVALID_SIZE_MESSAGE = 'Please select a valid size';

/** The sizes the resize call accepts (its `size` enum), each with its side from the catalog. */
const sizeField = schemaField(resizeRequest, 'size');

function label(size: ThumbnailSize): string {
  const side = thumbnailSizes[size];
  return `${size.charAt(0).toUpperCase()}${size.slice(1)} (${side}x${side})`;
}

function isThumbnailSize(value: string): value is ThumbnailSize {
  return Object.hasOwn(thumbnailSizes, value);
}

/** Small (150x150), Medium (300x300), Large (450x450). */
export const sizeOptions: readonly { value: ThumbnailSize; label: string; px: number }[] = (
  sizeField.values ?? []
)
  .filter(isThumbnailSize)
  .map((value) => ({ value, label: label(value), px: thumbnailSizes[value] }));

const fallback = schemaField(thumbnailRequest, 'size').defaultValue;
/** The catalog's default thumbnail size (small). */
export const DEFAULT_SIZE: ThumbnailSize =
  typeof fallback === 'string' && isThumbnailSize(fallback) ? fallback : 'small';

/** Null when the size is one of the options, else 'Please select a valid size'. */
export function validateSize(value: string | undefined): string | null {
  return value !== undefined && sizeOptions.some((option) => option.value === value)
    ? null
    : INVALID_SIZE_MESSAGE;
}
