import { resizeRequest } from '@toolkit/catalog';
import type { z } from 'zod';
import type { FormValue } from '~/lib/api-client';
import { schemaField } from '~/lib/schema-fields';

/*
 * The Resize form's rules (specification §3–5), kept apart from the component so they can be tested
 * one by one. Bounds and defaults come from the catalog's request schema.
 */

const quality = schemaField(resizeRequest, 'quality');
export const QUALITY_MIN = quality.minimum ?? 1;
export const QUALITY_MAX = quality.maximum ?? 100;
export const QUALITY_DEFAULT = Number(quality.defaultValue ?? 85);
const aspect = schemaField(resizeRequest, 'maintain_aspect');
export const MAINTAIN_ASPECT_DEFAULT = aspect.defaultValue !== false;

export const labels = {
  width: 'Width (px)',
  height: 'Height (px)',
  quality: `Quality (${QUALITY_MIN}-${QUALITY_MAX})`,
  maintainAspect: 'Maintain Aspect Ratio',
  submit: 'Resize Image',
  submitting: 'Resizing…',
} as const;

export const messages = {
  quality: `Quality must be between ${QUALITY_MIN} and ${QUALITY_MAX}`,
  success: 'Image successfully resized.',
  failure: 'An error occurred while resizing the image.',
} as const;

export interface ResizeValues {
  /** Digits only, or empty. */
  width: string;
  height: string;
  quality: string;
  maintainAspect: boolean;
}

export const initialResizeValues: ResizeValues = {
  width: '',
  height: '',
  quality: String(QUALITY_DEFAULT),
  maintainAspect: MAINTAIN_ASPECT_DEFAULT,
};

/** Width, height and quality take digits only: everything else typed or pasted is dropped. */
export function digitsOnly(value: string): string {
  return value.replace(/\D+/g, '');
}

export interface FieldAvailability {
  widthDisabled: boolean;
  heightDisabled: boolean;
  maintainAspectDisabled: boolean;
}

/**
 * With the aspect ratio kept, one side decides the other, so once one is filled the other is
 * disabled. With both sides filled the checkbox is disabled (they can only both be filled with
 * the aspect ratio off).
 */
export function fieldAvailability(values: ResizeValues): FieldAvailability {
  const hasWidth = values.width !== '';
  const hasHeight = values.height !== '';
  return {
    widthDisabled: values.maintainAspect && hasHeight && !hasWidth,
    heightDisabled: values.maintainAspect && hasWidth && !hasHeight,
    maintainAspectDisabled: hasWidth && hasHeight,
  };
}

/** The quality error, or null when it is a whole number from 1 to 100. */
export function validateQuality(value: string): string | null {
  const number = Number(value);
  const valid = /^\d+$/.test(value) && number >= QUALITY_MIN && number <= QUALITY_MAX;
  return valid ? null : messages.quality;
}

type ResizeFields = Partial<Record<keyof z.input<typeof resizeRequest>, FormValue>>;

/** The request fields: numbers from the digit strings; empty sides are left out of the request. */
export function toResizeFields(values: ResizeValues) {
  return {
    width: values.width === '' ? undefined : Number(values.width),
    height: values.height === '' ? undefined : Number(values.height),
    maintain_aspect: values.maintainAspect,
    quality: Number(values.quality),
  } satisfies ResizeFields;
}

/** The fields for the page's address, under their API names. */
export function resizeUrlValues(values: ResizeValues): Record<string, string> {
  return {
    width: values.width,
    height: values.height,
    quality: values.quality,
    maintain_aspect: String(values.maintainAspect),
  };
}

/** The values a link gives, each only where the visitor has not changed it already (typed early). */
export function restoreResizeValues(
  current: ResizeValues,
  found: Readonly<Record<string, string>>,
): ResizeValues {
  const next = { ...current };
  const untouched = (name: keyof ResizeValues) => current[name] === initialResizeValues[name];
  for (const name of ['width', 'height', 'quality'] as const) {
    const text = found[name];
    if (text !== undefined && untouched(name))
      next[name] = digitsOnly(text).slice(0, name === 'quality' ? 3 : undefined);
  }
  const aspect = found.maintain_aspect;
  if ((aspect === 'true' || aspect === 'false') && untouched('maintainAspect'))
    next.maintainAspect = aspect === 'true';
  return next;
}
