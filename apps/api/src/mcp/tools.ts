import {
  documentedJsonSchema,
  type JsonSchema,
  type LiveTool,
  liveTools,
  mcpToolName,
  type ToolSpec,
  toolReference,
} from '@toolkit/catalog';

/*
 * The MCP tools, one per live operation, derived from the catalog alone: the name from the API path
 * (`/images/resize` → `images_resize`, by the catalog's mcpToolName, which the docs list too), the
 * description from the tool's title, description and result, the input schema from the operation's
 * own request schema plus the file it reads as base64 or fetches from a URL (one of the two is
 * required, which the call checks: a top-level anyOf is more than some clients' schemas take).
 */

export interface McpTool {
  name: string;
  description: string;
  inputSchema: JsonSchema & { type: 'object' };
  tool: LiveTool;
}

const fileProperties = {
  file_base64: {
    type: 'string',
    contentEncoding: 'base64',
    description:
      'The file, base64-encoded, with file_name; or give url instead (one of the two is required).',
  },
  url: {
    type: 'string',
    format: 'uri',
    description:
      'Instead of file_base64: an http or https URL the server fetches the file from (public addresses only, within the upload limit).',
  },
  file_name: {
    type: 'string',
    description: 'The file name with its extension (the result is named after it), e.g. "photo.jpg".',
  },
} satisfies Record<string, JsonSchema>;

function inputSchema(tool: ToolSpec): McpTool['inputSchema'] {
  const request = documentedJsonSchema(tool.api.request as never, 'input');
  const properties = { ...(request.properties as Record<string, JsonSchema>) };
  const required = [...((request.required as string[] | undefined) ?? [])];
  const { input } = tool.api;
  if (input.kind === 'files') {
    properties.files = {
      type: 'array',
      minItems: input.min,
      maxItems: input.max,
      description: `The ${input.min}–${input.max} files, each base64 with its name.`,
      items: { type: 'object', properties: fileProperties },
    };
    required.push('files');
  } else if (input.kind === 'file') {
    Object.assign(properties, fileProperties);
  } else {
    // Text tools take their text inline (its own field) or as a file, as the HTTP API does.
    Object.assign(properties, fileProperties);
  }
  return { type: 'object', properties, ...(required.length > 0 ? { required } : {}) };
}

function description(tool: ToolSpec): string {
  const reference = toolReference(tool);
  const accepts =
    tool.api.input.kind === 'json-or-file'
      ? ''
      : ` Accepts: ${tool.api.input.accept.join(', ') || 'any file'}.`;
  return `${tool.title}: ${tool.description}${accepts} Result: ${tool.api.response} Upload limit ${Math.round(reference.uploadLimitBytes / 1e6)} MB.`;
}

export const mcpTools: readonly McpTool[] = liveTools.map((tool) => ({
  name: mcpToolName(tool as ToolSpec),
  description: description(tool as ToolSpec),
  inputSchema: inputSchema(tool as ToolSpec),
  tool,
}));
