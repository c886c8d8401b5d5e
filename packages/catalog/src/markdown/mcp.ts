import type { ToolSpec } from '../define-tool.js';
import { liveTools } from '../index.js';
import { blocks, code, codeBlock, table } from './markdown.js';
import { markdownPath } from './tool-page.js';

/*
 * The MCP server (POST /mcp, apps/api/src/mcp) as the docs describe it: its tool names, the client
 * configuration and how files travel. The server names its tools with `mcpToolName`, so the docs list
 * exactly the names it answers to.
 */

/** Where the MCP server answers, on the API's host (not under /api/v1). */
export const mcpEndpointPath = '/mcp';
/** The docs page about it; outside /docs/api, so the sidebar and search keep their 22 pages. */
export const mcpDocsPath = '/docs/mcp';

/** `/data/csv-to-json` → `data_csv_to_json` (MCP tool names: letters, digits, _ and -). */
export const mcpToolName = (tool: { api: { path: string } }) => tool.api.path.slice(1).replace(/[/-]/g, '_');

/** The JSON an MCP client (Claude Desktop, Cursor, VS Code…) is configured with. */
export function mcpClientConfig(origin: string, key = '<key>'): string {
  const server = { url: `${origin}${mcpEndpointPath}`, headers: { Authorization: `Bearer ${key}` } };
  return JSON.stringify({ mcpServers: { toolkit: server } }, null, 2);
}

export const mcpSummary =
  'Every live operation of the API is also a Model Context Protocol tool, so an assistant can resize an image, convert a data file or read a PDF by calling it: one server over Streamable HTTP (stateless, JSON responses), with the same API keys, rate limits and timeouts as the HTTP API.';

export const mcpNamingRule =
  'Each tool is named after its API path without the leading slash, slashes and hyphens becoming underscores: `/images/resize` is `images_resize`, `/data/csv-to-json` is `data_csv_to_json`.';

export const mcpFilesRule =
  "A file goes in as `file_base64` (its bytes, base64-encoded) with `file_name` (its name with the extension, which names the result), or as `url`, an http or https address the server fetches it from (public addresses only, within the operation's upload limit). Tools that take several files take `files`, a list of `{file_base64, file_name}` or `{url}` objects. Text tools take their text inline in their own field (e.g. `text`, `csv`, `json`) or a file the same way. The other arguments are the operation's fields, with the same names, types, defaults and limits as the HTTP API.";

export const mcpResultsRule =
  'Images come back as image content, text and JSON as text, other files (PDF, audio, archives) as embedded resources (base64 with their MIME type). A failure is a result with `isError: true` whose text is the contract\'s JSON error (`{"success": false, "message": "…", "code": "…"}`).';

/** The MCP page as Markdown (served at /docs/mcp.md and included in llms-full.txt). */
export function mcpMarkdown(): string {
  const rows = (liveTools as readonly ToolSpec[]).map((tool) => [
    code(mcpToolName(tool)),
    `[${tool.title}](${markdownPath(tool)})`,
  ]);
  return blocks([
    '# MCP server',
    `> ${mcpSummary}`,
    `${code(`POST <origin>${mcpEndpointPath}`)}, where ${code('<origin>')} is the address of this site.`,
    '## Client configuration',
    `Add this to your MCP client's configuration, with your API key for ${code('<key>')} (leave ${code('headers')} out when the server needs no key):`,
    codeBlock('json', mcpClientConfig('<origin>')),
    '## Tool names',
    mcpNamingRule,
    table(['Tool', 'Operation'], rows),
    '## Passing files',
    mcpFilesRule,
    '## Results',
    mcpResultsRule,
  ]);
}
