import type { z } from 'zod';
import type { GroupId } from './groups.js';

/** The multipart field (or JSON body) a tool reads its main input from. */
export type InputKind =
  | { kind: 'file'; field: 'image' | 'file' | 'audio' | 'pdf'; accept: readonly string[] }
  | { kind: 'files'; field: 'images' | 'files'; accept: readonly string[]; min: number; max: number }
  | { kind: 'json-or-file'; field: 'file'; textKey: string };

/** What a successful response body is. */
export type OutputKind =
  | 'image' // binary image with X-Image-Width/Height
  | 'archive' // binary archive
  | 'audio' // binary audio
  | 'pdf' // application/pdf
  | 'document' // a converted document (text/csv, application/json, application/xml, text/plain…)
  | 'analysis'; // JSON {success, message, data}

/** A worked example shown in the docs (code samples) and used by tests. */
export interface ToolExample {
  title: string;
  /** Form or JSON fields besides the file. */
  fields: Record<string, string | number | boolean>;
}

export interface ToolSpec {
  /** Stable identifier, kebab-case. */
  id: string;
  /** Path segment under /docs/api; '' is /docs/api itself. */
  slug: string;
  group: GroupId;
  /** Page heading and sidebar label. */
  title: string;
  /** Name shown in the breadcrumb (Home > name). */
  breadcrumb: string;
  /** Name shown in the Ctrl/Cmd+K search dialog. */
  searchTitle: string;
  /** One or two sentences under the page heading; also the page's meta description. */
  description: string;
  /** Extra words the search dialog matches. */
  keywords: readonly string[];
  /** 'live' tools have a server handler and a try-it panel; 'planned' ones show the placeholder. */
  status: 'live' | 'planned';
  api: {
    method: 'POST';
    /** Path under the API base (/api/v1). */
    path: `/${string}`;
    input: InputKind;
    output: OutputKind;
    /** Zod object of the fields besides the file(s); present for live tools. */
    request?: z.ZodObject;
    /** Zod object of the `data` member of an 'analysis' result (documents the response). */
    responseData?: z.ZodObject;
    /** Largest upload in bytes, when it differs from the group default. */
    maxUploadBytes?: number;
    /** One sentence on what comes back. */
    response: string;
    examples?: readonly ToolExample[];
  };
}

export type Tool<S extends ToolSpec = ToolSpec> = S & { path: string };

/**
 * Declares one tool. The literal types are kept, so the set of live tool ids is known to the
 * compiler and the server's handler table must cover exactly those.
 *
 * @example defineTool({ id: 'flip-image', slug: 'flip-image', group: 'image', … })
 */
export function defineTool<const S extends ToolSpec>(spec: S): Tool<S> {
  return { ...spec, path: spec.slug === '' ? '/docs/api' : `/docs/api/${spec.slug}` };
}
