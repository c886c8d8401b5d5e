import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import { CallToolRequestSchema, ListToolsRequestSchema } from '@modelcontextprotocol/sdk/types.js';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Core } from '../core/core.js';
import { ApiError } from '../errors.js';
import { clientGone } from '../http/tool-route.js';
import type { UrlFetcher } from '../http/url-input.js';
import { callTool } from './call.js';
import { type McpTool, mcpTools } from './tools.js';

export const mcpPath = '/mcp';

export interface McpOptions {
  version: string;
  core: Core;
  /** The largest file an operation takes (its HTTP route's upload limit). */
  uploadBytes: (tool: McpTool) => number;
  /** The largest JSON body a call may send: the largest upload, base64-encoded, plus its fields. */
  bodyLimit: number;
  /** Fetches `url` arguments (the HTTP API's URL inputs). */
  fetcher: UrlFetcher;
}

const toolsByName = new Map(mcpTools.map((tool) => [tool.name, tool]));

/** One MCP server for one HTTP request (stateless Streamable HTTP): nothing is kept between calls. */
function serverFor(request: FastifyRequest, options: McpOptions, signal: AbortSignal): Server {
  const { version, core } = options;
  const server = new Server({ name: 'developer-toolkit', version }, { capabilities: { tools: {} } });
  server.setRequestHandler(ListToolsRequestSchema, async () => ({
    tools: mcpTools.map(({ name, description, inputSchema }) => ({ name, description, inputSchema })),
  }));
  server.setRequestHandler(CallToolRequestSchema, async (call) => {
    const tool = toolsByName.get(call.params.name);
    if (!tool) {
      const body = {
        success: false,
        message: `There is no tool named ${call.params.name}.`,
        code: 'NOT_FOUND',
      };
      return { content: [{ type: 'text', text: JSON.stringify(body) }], isError: true };
    }
    return callTool(core, tool, call.params.arguments ?? {}, {
      client: request.apiKeyId ?? request.ip,
      log: request.log,
      signal,
      uploadBytes: options.uploadBytes,
      fetcher: options.fetcher,
    });
  });
  return server;
}

/**
 * POST /mcp: a Model Context Protocol server over Streamable HTTP, stateless, answering JSON. GET
 * and DELETE (streams and sessions) are not offered: 405. Register it in a scope with the API keys
 * plugin, so a call without a key is refused like any operation.
 */
export async function mcpRoutes(app: FastifyInstance, options: McpOptions): Promise<void> {
  app.post(mcpPath, { bodyLimit: options.bodyLimit }, async (request, reply) => {
    const server = serverFor(request, options, clientGone(reply));
    const transport = new StreamableHTTPServerTransport({
      sessionIdGenerator: undefined,
      enableJsonResponse: true,
    });
    reply.raw.on('close', () => {
      void transport.close();
      void server.close();
    });
    await server.connect(transport);
    reply.hijack();
    reply.raw.setHeader('x-request-id', request.id);
    reply.raw.setHeader('cache-control', 'no-store');
    await transport.handleRequest(request.raw, reply.raw, request.body);
  });
  const notOffered = async (request: FastifyRequest) => {
    throw new ApiError('METHOD_NOT_ALLOWED', `${request.method} is not allowed on ${mcpPath}. Use POST.`, {
      headers: { allow: 'POST' },
    });
  };
  app.get(mcpPath, notOffered);
  app.delete(mcpPath, notOffered);
}
