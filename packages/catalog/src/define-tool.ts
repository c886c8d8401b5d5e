import type { z } from 'zod';
import type { ErrorCode } from './errors.js';
import type { GroupId } from './groups.js';
import type { LaneId } from './lanes.js';
import type { KindDeclaration } from './media-kinds.js';
import type { SampleInputName } from './samples/sample-inputs.js';

/** The multipart field (or JSON body) a tool reads its main input from. */
export type InputKind =
  | { kind: 'file'; field: 'image' | 'file' | 'audio' | 'pdf'; accept: readonly string[] }
  | {
      kind: 'files';
      field: 'images' | 'files';
      accept: readonly string[];
      min: number;
      max: number;
      /** All files together at most (bytes), when that is tighter than max × the per-file limit. */
      maxTotalBytes?: number;
    }
  | {
      kind: 'json-or-file';
      field: 'file';
      textKey: string;
      /** The upload is taken as bytes, not decoded as text (so no encoding is refused). */
      bytes?: boolean;
    };

/**
 * The one rule of every JSON-or-file tool when a form carries both the text field and a file. The
 * server's handlers follow it (apps/api/src/tools/data/document-source.ts) and the docs print it.
 */
export const uploadPrecedence =
  'A form that carries both the text field and an uploaded file uses the file (the text field is ignored).';

/** What a successful response body is. */
export type OutputKind =
  | 'image' // binary image with X-Image-Width/Height
  | 'archive' // binary archive
  | 'audio' // binary audio
  | 'pdf' // application/pdf
  | 'document' // a converted document (text/csv, application/json, application/xml, text/plain…)
  | 'analysis'; // JSON {success, message, data}

/**
 * How the server sends each output kind: binary outputs are downloads (`file`), converted documents
 * are sent as themselves (`document`), analyses are the JSON envelope. The server's handler types
 * read this, so a handler can only return what its tool's output promises.
 */
export const resultKinds = {
  image: 'file',
  archive: 'file',
  audio: 'file',
  pdf: 'file',
  document: 'document',
  analysis: 'analysis',
} as const satisfies Record<OutputKind, 'file' | 'document' | 'analysis'>;

/** A worked example shown in the docs (code samples) and run against the server by the tests. */
export interface ToolExample {
  title: string;
  /** Form or JSON fields besides the file (for a JSON-or-file tool, the JSON body, text included). */
  fields: Record<string, string | number | boolean>;
  /**
   * The sample files it uploads (served under /samples/, see samples/sample-inputs.ts), when the
   * default of the tool's input kind does not suit the example.
   */
  files?: readonly SampleInputName[];
}

/** A response header a tool adds to its successful results, with what it means. */
export interface HeaderFact {
  name: string;
  description: string;
  type: 'integer' | 'number' | 'string';
  /** Set only on some results (its description says when); the others are on every result. */
  optional?: boolean;
}

/** An error a tool can answer with, and the sentence saying when it happens. */
export interface ErrorCase {
  code: ErrorCode;
  when: string;
}

interface ApiDefinition {
  /** Defaults to POST, the only method tools use. */
  method?: 'POST';
  /** Path under the API base (/api/v1). */
  path: `/${string}`;
  input: InputKind;
  output: OutputKind;
  /** Zod object of the fields besides the file(s); required for live tools. */
  request?: z.ZodObject;
  /** Zod object of the `data` member of an 'analysis' result (documents and types the response). */
  responseData?: z.ZodObject;
  /** Largest upload in bytes, when it differs from the group default. */
  maxUploadBytes?: number;
  /** The lane the server runs it in, when it differs from its group's (lanes.ts). */
  lane?: LaneId;
  /** One sentence on what comes back. */
  response: string;
  /** Media types of a successful body, when the output kind's default is not right (documents). */
  mediaTypes?: readonly string[];
  /** Media kinds taken and given, only where media-kinds.ts cannot derive them from the above. */
  kinds?: KindDeclaration;
  /** Headers this tool adds on top of those of its output kind (e.g. X-Compression). */
  headers?: readonly HeaderFact[];
  /** Errors this tool adds on top of those of its input and output kinds (e.g. an encrypted PDF). */
  errors?: readonly ErrorCase[];
  /** Run against the real server by the catalog-driven tests: required once a tool is live. */
  examples?: readonly ToolExample[];
}

/**
 * A tool's icon (sidebar, search), by its lucide-react name. The website maps each name to its
 * component (apps/web/app/components/layout/tool-icons.ts), so only the icons named here are bundled;
 * a name added here is a type error there until it is mapped too.
 */
export type ToolIconName =
  | 'ArrowLeftRight'
  | 'Binary'
  | 'Braces'
  | 'Code'
  | 'CodeXml'
  | 'FileArchive'
  | 'FileAudio'
  | 'FileBraces'
  | 'FileCode'
  | 'FileInput'
  | 'FileSearch'
  | 'FileSpreadsheet'
  | 'FileText'
  | 'FileType'
  | 'FlipHorizontal2'
  | 'Images'
  | 'LayoutGrid'
  | 'LetterText'
  | 'LockOpen'
  | 'RotateCw'
  | 'Scaling'
  | 'Shrink';

interface ToolDefinitionBase {
  /** Stable identifier, kebab-case. */
  id: string;
  /** Path segment under /docs/api; '' is /docs/api itself. Defaults to the id. */
  slug?: string;
  group: GroupId;
  icon: ToolIconName;
  /** Page heading and sidebar label. */
  title: string;
  /** Name shown in the breadcrumb (Home > name). Defaults to the title. */
  breadcrumb?: string;
  /** Name shown in the Ctrl/Cmd+K search dialog. Defaults to the title. */
  searchTitle?: string;
  /** One or two sentences under the page heading; also the page's meta description. */
  description: string;
  /** Extra words the search dialog matches. */
  keywords: readonly string[];
}

/**
 * What a catalog file writes. A live tool (server handler and try-it panel) must have a request
 * schema; a planned one shows the placeholder page and may have none yet.
 */
export type ToolDefinition =
  | (ToolDefinitionBase & { status: 'live'; api: ApiDefinition & { request: z.ZodObject } })
  | (ToolDefinitionBase & { status: 'planned'; api: ApiDefinition });

/** A catalog entry with its defaults filled in, as every reader sees it. */
export type Tool<S extends ToolDefinition = ToolDefinition> = Omit<
  S,
  'slug' | 'breadcrumb' | 'searchTitle' | 'api'
> & {
  slug: string;
  breadcrumb: string;
  searchTitle: string;
  /** The docs page, e.g. '/docs/api/flip-image'. */
  path: string;
  api: Omit<S['api'], 'method'> & { method: 'POST' };
};

/** Any catalog entry (live or planned), defaults filled in. */
export type ToolSpec = Tool;

/**
 * Declares one tool and fills its defaults: slug from id, breadcrumb and search title from title,
 * method POST. The literal types are kept, so the set of live tool ids (and each one's input and
 * output kinds) is known to the compiler: the server's handler table and the website's panels must
 * cover exactly those.
 *
 * @example defineTool({ id: 'flip-image', group: 'image', title: 'Flip Image', status: 'planned', … })
 */
export function defineTool<const S extends ToolDefinition>(spec: S): Tool<S> {
  const slug = spec.slug ?? spec.id;
  const tool = {
    ...spec,
    slug,
    breadcrumb: spec.breadcrumb ?? spec.title,
    searchTitle: spec.searchTitle ?? spec.title,
    path: slug === '' ? '/docs/api' : `/docs/api/${slug}`,
    api: { ...spec.api, method: spec.api.method ?? 'POST' },
  };
  // The spread keeps every member of S; the compiler cannot see through Omit on a generic.
  return tool as unknown as Tool<S>;
}
