import { type ErrorCase, type HeaderFact, resultKinds, type ToolSpec } from '../define-tool.js';
import { defaultLimits, type Limits, resultImageTypes } from '../limits.js';
import { errorCases, processingTimeoutMs, uploadLimitBytes } from './errors.js';
import {
  contentDispositionHeader,
  errorHeaders,
  imageHeaders,
  requestIdHeader,
  serverTimingHeader,
  sizeHeaders,
} from './headers.js';

export * from './errors.js';
export * from './field-docs.js';
export * from './headers.js';

/*
 * What the docs pages and the OpenAPI document say about a tool's results and failures, derived from
 * its input and output kinds (so a new tool gets them with nothing written) plus what its catalog
 * entry adds (its own media types, headers and error cases).
 */

/** Everything the reference says about one tool, with the live limits. */
export interface ToolReference {
  /** Media types of a successful body. */
  mediaTypes: readonly string[];
  /** Headers of a successful response (Content-Type aside), with their meaning. */
  headers: readonly HeaderFact[];
  /** The errors the tool can answer with, sorted by status. */
  errors: readonly (ErrorCase & { status: number })[];
  uploadLimitBytes: number;
  timeoutMs: number;
}

function mediaTypes(tool: ToolSpec): readonly string[] {
  if (tool.api.mediaTypes) return tool.api.mediaTypes;
  switch (tool.api.output) {
    case 'image':
      return resultImageTypes;
    case 'analysis':
      return ['application/json'];
    case 'pdf':
      return ['application/pdf'];
    case 'archive':
      return ['application/zip'];
    default:
      // Audio and converted documents have as many types as targets: the tool lists them.
      return [];
  }
}

function successHeaders(tool: ToolSpec): HeaderFact[] {
  const { output } = tool.api;
  const kindHeaders =
    output === 'image' ? Object.values(imageHeaders) : output === 'archive' ? Object.values(sizeHeaders) : [];
  return [
    ...(resultKinds[output] === 'file' ? [contentDispositionHeader] : []),
    serverTimingHeader,
    requestIdHeader,
    ...kindHeaders,
    ...(tool.api.headers ?? []),
  ];
}

/**
 * The reference of one tool. The server passes its configuration's limits; the website, which
 * documents the public service, the defaults.
 *
 * @example toolReference(getTool('resize-image')).errors.find((e) => e.code === 'IMAGE_TOO_LARGE')?.when
 * // 'The decoded image has more than 50 megapixels.'
 */
export function toolReference(tool: ToolSpec, limits: Limits = defaultLimits): ToolReference {
  return {
    mediaTypes: mediaTypes(tool),
    headers: successHeaders(tool),
    errors: errorCases(tool, limits),
    uploadLimitBytes: uploadLimitBytes(tool, limits),
    timeoutMs: processingTimeoutMs(tool, limits),
  };
}

/**
 * Every header the results of `tools` or an error can carry, lower-cased: what CORS lets browser
 * scripts read.
 */
export function exposedHeaderNames(tools: readonly ToolSpec[]): string[] {
  const names = [
    ...tools.flatMap((tool) => successHeaders(tool).map((h) => h.name)),
    ...Object.values(errorHeaders).map((h) => h.name),
  ];
  return [...new Set(names.map((name) => name.toLowerCase()))];
}
