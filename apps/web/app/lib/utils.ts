import { type ClassValue, clsx } from 'clsx';
import { twMerge } from 'tailwind-merge';

/**
 * Joins class names and lets later Tailwind utilities override earlier ones (e.g. a caller's `px-2`).
 *
 * A single class string has nothing to override it, so it is returned as is: that is most calls
 * (`cn(base, className)` without a className), and tailwind-merge costs about a millisecond per new
 * string on a phone, which adds up while a page hydrates. Pass variant classes and overrides as
 * separate arguments (`cn(buttonVariants({ size }), className)`), never pre-joined.
 */
export function cn(...inputs: ClassValue[]): string {
  const present = inputs.filter(Boolean);
  if (present.length === 1 && typeof present[0] === 'string') return present[0];
  return twMerge(clsx(inputs));
}
