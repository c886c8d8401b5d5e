import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { liveTools } from '@toolkit/catalog';
import Ajv2020 from 'ajv/dist/2020.js';
import type { FastifyInstance } from 'fastify';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeApp } from './helpers/app.js';
import { fixture } from './helpers/fixtures.js';
import { listenOnFreePort } from './helpers/listen.js';

/*
 * The MCP server (API.md "For agents and tools") through the SDK's own client over HTTP, against a
 * real listening server: the tool list, real calls, the contract's errors, and API keys.
 */

type Content = {
  type: string;
  text?: string;
  data?: string;
  mimeType?: string;
  resource?: { mimeType: string; blob: string };
};
type Result = { content: Content[]; isError?: boolean };

async function connect(base: string, headers: Record<string, string> = {}): Promise<Client> {
  const client = new Client({ name: 'toolkit-test', version: '1.0.0' });
  await client.connect(
    new StreamableHTTPClientTransport(new URL(`${base}/mcp`), { requestInit: { headers } }),
  );
  return client;
}

describe('MCP without API keys', () => {
  let app: FastifyInstance;
  let client: Client;

  beforeAll(async () => {
    app = await makeApp();
    client = await connect(await listenOnFreePort(app));
  });
  afterAll(async () => {
    await client.close();
    await app.close();
  });

  it('lists one tool per live operation, each with a valid JSON Schema', async () => {
    const { tools } = await client.listTools();
    expect(tools.map((t) => t.name).sort()).toEqual(
      liveTools.map((t) => t.api.path.slice(1).replace(/[/-]/g, '_')).sort(),
    );
    const ajv = new Ajv2020({ strict: false });
    for (const tool of tools) {
      expect(tool.inputSchema.type, tool.name).toBe('object');
      expect(() => ajv.compile(tool.inputSchema), tool.name).not.toThrow();
      expect(tool.description, tool.name).toBeTruthy();
    }
    const resize = tools.find((t) => t.name === 'images_resize');
    // The file is file_base64 with file_name, or url: the call checks that one of them is there.
    expect(Object.keys(resize?.inputSchema.properties ?? {})).toEqual(
      expect.arrayContaining(['file_base64', 'file_name', 'url']),
    );
    expect(Object.keys(resize?.inputSchema.properties ?? {})).toEqual(
      expect.arrayContaining(['width', 'height', 'maintain_aspect', 'quality', 'format']),
    );
  });

  it('images_resize on a real photo returns an image of the right decoded size', async () => {
    const photo = fixture('images/chelsea_cat_451x300.png');
    const result = (await client.callTool({
      name: 'images_resize',
      arguments: { file_base64: photo.toString('base64'), file_name: 'cat.png', width: 200, format: 'webp' },
    })) as Result;
    expect(result.isError).toBeFalsy();
    const [image] = result.content;
    expect(image).toMatchObject({ type: 'image', mimeType: 'image/webp' });
    const meta = await sharp(Buffer.from(image?.data ?? '', 'base64')).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['webp', 200, 133]);
  });

  it('data_csv_to_json returns the right JSON', async () => {
    const result = (await client.callTool({
      name: 'data_csv_to_json',
      arguments: { csv: 'name,born\nAda,1815\nAlan,1912\n' },
    })) as Result;
    expect(result.isError).toBeFalsy();
    expect(JSON.parse(result.content[0]?.text ?? '')).toEqual([
      { name: 'Ada', born: 1815 },
      { name: 'Alan', born: 1912 },
    ]);
  });

  it("takes a text tool's input as a file too", async () => {
    const result = (await client.callTool({
      name: 'text_word_count',
      arguments: { file_base64: Buffer.from('one two three').toString('base64'), file_name: 'a.txt' },
    })) as Result;
    expect(JSON.parse(result.content[0]?.text ?? '').data.words).toBe(3);
  });

  it("answers a bad input with isError and the contract's message and code", async () => {
    const result = (await client.callTool({
      name: 'images_resize',
      arguments: {
        file_base64: Buffer.from('not an image').toString('base64'),
        file_name: 'x.png',
        width: 10,
      },
    })) as Result;
    expect(result.isError).toBe(true);
    const body = JSON.parse(result.content[0]?.text ?? '');
    expect(body).toMatchObject({ success: false, code: 'UNSUPPORTED_MEDIA_TYPE' });
    expect(body.message).toMatch(/\w/);
  });

  it('answers arguments that do not fit the tool with -32602, naming the field', async () => {
    const call = (name: string, args: Record<string, unknown>) => client.callTool({ name, arguments: args });
    await expect(
      call('data_base64_encode', { file_base64: 'not*base64', file_name: 'x.bin' }),
    ).rejects.toMatchObject({
      code: -32602,
      message: 'MCP error -32602: file_base64: is not valid base64.',
    });
    await expect(call('text_word_count', { text: 42 })).rejects.toMatchObject({ code: -32602 });
    await expect(call('text_word_count', { text: 42 })).rejects.toThrow(/-32602: text: /);
    // Thousands deep, written out (a serializer would overflow its own stack first).
    const deep = `${'['.repeat(5000)}"x"${']'.repeat(5000)}`;
    const raw = await app.inject({
      method: 'POST',
      url: '/mcp',
      headers: { accept: 'application/json, text/event-stream', 'content-type': 'application/json' },
      payload: `{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"text_word_count","arguments":{"text":"a","extra":${deep}}}}`,
    });
    expect(raw.json()).toMatchObject({
      error: { code: -32602, message: 'The arguments are nested more than 32 levels deep.' },
    });
  });

  it('gives other files back as embedded resources with their media type', async () => {
    const result = (await client.callTool({
      name: 'pdf_from_text',
      arguments: { text: 'Hello from MCP' },
    })) as Result;
    const resource = result.content.find((c) => c.type === 'resource')?.resource;
    expect(resource?.mimeType).toBe('application/pdf');
    expect(
      Buffer.from(resource?.blob ?? '', 'base64')
        .subarray(0, 5)
        .toString(),
    ).toBe('%PDF-');
  });
});

describe('MCP with API keys', () => {
  let app: FastifyInstance;
  let base: string;
  beforeAll(async () => {
    app = await makeApp({ API_KEYS: 'mcp-key-123' });
    base = await listenOnFreePort(app);
  });
  afterAll(() => app.close());

  it('refuses a client without a key, and serves one with it', async () => {
    await expect(connect(base)).rejects.toThrow(/401|UNAUTHORIZED|API key/);
    const client = await connect(base, { authorization: 'Bearer mcp-key-123' });
    const result = (await client.callTool({
      name: 'data_base64_encode',
      arguments: { text: 'hi' },
    })) as Result;
    expect(result.content[0]?.text).toBe('aGk=');
    await client.close();
  });
});
