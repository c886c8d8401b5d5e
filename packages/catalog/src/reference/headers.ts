import type { HeaderFact } from '../define-tool.js';

/*
 * The response headers of the contract, each named and explained once. The OpenAPI document, the
 * docs pages, CORS (which headers a browser script may read) and the handlers that set them all read
 * these names.
 */

export const requestIdHeader = {
  name: 'X-Request-Id',
  description: 'The request id, echoed from the request when it sent a valid one.',
  type: 'string',
} as const satisfies HeaderFact;

export const serverTimingHeader = {
  name: 'Server-Timing',
  description: 'Milliseconds spent waiting for a free slot (queue), receiving the upload and processing it.',
  type: 'string',
} as const satisfies HeaderFact;

export const contentDispositionHeader = {
  name: 'Content-Disposition',
  description: 'attachment; filename="<original-stem>-<operation>.<ext>"',
  type: 'string',
} as const satisfies HeaderFact;

/** Headers of binary results that say how big the input and the result are. */
export const sizeHeaders = {
  originalSize: { name: 'X-Original-Size', description: 'Size of the upload in bytes.', type: 'integer' },
  outputSize: { name: 'X-Output-Size', description: 'Size of the result in bytes.', type: 'integer' },
} as const satisfies Record<string, HeaderFact>;

/** Headers of image results; `tools/image/handlers.ts` sets them by these names. */
export const imageHeaders = {
  width: { name: 'X-Image-Width', description: 'Width of the result in pixels.', type: 'integer' },
  height: {
    name: 'X-Image-Height',
    description: 'Height of the result in pixels (of one frame, for an animation).',
    type: 'integer',
  },
  ...sizeHeaders,
} as const satisfies Record<string, HeaderFact>;

/** Headers some error responses carry (documented with the errors, exposed to browser scripts). */
export const errorHeaders = {
  retryAfter: { name: 'Retry-After', description: 'Seconds to wait before trying again.', type: 'integer' },
  rateLimitLimit: { name: 'RateLimit-Limit', description: 'Requests allowed per window.', type: 'integer' },
  rateLimitRemaining: {
    name: 'RateLimit-Remaining',
    description: 'Requests left in the current window.',
    type: 'integer',
  },
  rateLimitReset: {
    name: 'RateLimit-Reset',
    description: 'Seconds until the window resets.',
    type: 'integer',
  },
} as const satisfies Record<string, HeaderFact>;
