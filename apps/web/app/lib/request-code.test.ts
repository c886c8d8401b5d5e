import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { getTool } from '@toolkit/catalog';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RequestCode, requestCode, type SentRequest, sentRequestOf } from './request-code';
import { type ToolInput, toolRequest } from './tool-request';

/*
 * The copied code is run as copied (curl with sh, JavaScript with node, Python with python3) against
 * a server that records what arrives; what arrives must be what the website's own client sends for
 * the same input (tool-request.ts), awkward values included.
 */

interface Received {
  path: string;
  headers: Record<string, string | string[] | undefined>;
  body: Buffer;
}

let server: Server;
let base: string;
let dir: string;
const received: Received[] = [];

beforeAll(async () => {
  server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      received.push({ path: request.url ?? '', headers: request.headers, body: Buffer.concat(chunks) });
      response.writeHead(200, { 'Content-Type': 'application/json' });
      response.end(JSON.stringify({ success: true, message: 'ok', data: { answered: true } }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}/api/v1`;
  dir = await mkdtemp(join(tmpdir(), 'request-code-'));
});
afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
  await rm(dir, { recursive: true, force: true });
});

const commands: Record<keyof RequestCode, (file: string) => [string, string[]]> = {
  curl: (file) => ['sh', [file]],
  javascript: (file) => ['node', [file]],
  python: (file) => ['python3', [file]],
};
const extensions: Record<keyof RequestCode, string> = { curl: 'sh', javascript: 'mjs', python: 'py' };

/** Runs one language's code in `dir` and returns the request the server got. */
async function run(code: RequestCode, language: keyof RequestCode): Promise<Received> {
  const file = join(dir, `copied.${extensions[language]}`);
  await writeFile(file, code[language]);
  const [command, args] = commands[language](file);
  const before = received.length;
  await new Promise<void>((resolve, reject) => {
    execFile(
      command,
      args,
      { cwd: dir, env: { ...process.env, TOOLKIT_API_KEY: 'k-123' } },
      (error, _o, stderr) => (error ? reject(new Error(`${language}: ${stderr}`)) : resolve()),
    );
  });
  const got = received[before];
  if (!got) throw new Error(`${language}: no request arrived`);
  return got;
}

/** A received body as the Fetch API reads it: the form's entries (files as name + text), or JSON. */
async function decoded(got: Received): Promise<unknown> {
  const type = String(got.headers['content-type']);
  if (type.startsWith('application/json')) return JSON.parse(got.body.toString('utf8'));
  const form = await new Request('http://x/', {
    method: 'POST',
    headers: { 'Content-Type': type },
    body: new Uint8Array(got.body),
  }).formData();
  // Fetch's multipart encoding writes a line break in a text field as CRLF (browsers' too); curl and
  // Python send it as given. Both are the same text to the server's form parser.
  return Promise.all(
    [...form.entries()].map(async ([name, value]) =>
      typeof value === 'string'
        ? [name, value.replaceAll('\r\n', '\n')]
        : [name, value.name, await value.text()],
    ),
  );
}

/** A jsdom file's text (its Blob has no text()). */
function textOf(blob: Blob): Promise<string> {
  return new Promise((resolve) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.readAsText(blob);
  });
}

/** What the website's client sends for the same input, decoded the same way. */
async function sentByWebsite(api: Parameters<typeof sentRequestOf>[0], input: ToolInput) {
  const request = toolRequest(api.input, input);
  if (typeof request.body === 'string') return JSON.parse(request.body);
  return Promise.all(
    [...request.body.entries()].map(async ([name, value]) =>
      typeof value === 'string' ? [name, value] : [name, value.name, await textOf(value)],
    ),
  );
}

const awkward = `It's "quoted"\nover two lines; <b> & \\ 吾輩`;
const languages = ['curl', 'javascript', 'python'] as const;

describe('requestCode, run as copied', () => {
  const resize = getTool('resize-image');
  const csv = getTool('csv-to-json');

  for (const language of languages) {
    it(`${language}: a file and fields arrive as the website sends them, awkward values included`, async () => {
      const name = 'my photo;1.png';
      await writeFile(join(dir, name), 'PNG bytes');
      const input: ToolInput = {
        file: new File(['PNG bytes'], name),
        fields: { width: 300, maintain_aspect: false, note: '@not-a-file', other: '<not-a-file', awkward },
      };
      const code = requestCode(sentRequestOf(resize.api, input, { base, auth: true, output: 'out.png' }));
      const got = await run(code, language);
      expect(got.path).toBe(`/api/v1${resize.api.path}`);
      expect(got.headers.authorization).toBe('Bearer k-123');
      expect(await decoded(got)).toEqual(await sentByWebsite(resize.api, input));
    });

    it(`${language}: typed text goes as the JSON body, fields typed as given`, async () => {
      const input: ToolInput = { text: `@${awkward}`, fields: { header: true, delimiter: ';' } };
      const code = requestCode(sentRequestOf(csv.api, input, { base }));
      const got = await run(code, language);
      expect(got.path).toBe(`/api/v1${csv.api.path}`);
      expect(got.headers.authorization).toBeUndefined();
      expect(await decoded(got)).toEqual(await sentByWebsite(csv.api, input));
    });
  }

  it('sends extra headers, and reads the base from $BASE when none is given', async () => {
    const request: SentRequest = {
      path: '/word-count',
      text: { key: 'text', value: 'a b' },
      headers: { Prefer: 'respond-async' },
    };
    const code = requestCode(request);
    for (const language of languages) {
      process.env.BASE = base;
      const got = await run(code, language);
      expect(got.headers.prefer).toBe('respond-async');
      expect(await decoded(got)).toEqual({ text: 'a b' });
    }
    delete process.env.BASE;
  });
});

describe('requestCode, as written', () => {
  const resize = getTool('resize-image');

  it('curl: a file as @<its name>, --form-string for values -F would read as a file, the key as a placeholder', () => {
    const input: ToolInput = {
      file: new File(['x'], 'cat.png'),
      fields: { width: 300, note: '<b>', empty: '' },
    };
    const { curl } = requestCode(sentRequestOf(resize.api, input, { auth: true, output: 'cat-resize.png' }));
    expect(curl).toBe(
      [
        `curl -X POST "$BASE/images/resize" \\`,
        `  -H "Authorization: Bearer $TOOLKIT_API_KEY" \\`,
        `  -F 'image=@cat.png' \\`,
        `  -F 'width=300' \\`,
        `  --form-string 'note=<b>' \\`,
        '  --fail-with-body -o cat-resize.png',
      ].join('\n'),
    );
  });

  it('never writes the key itself, and prints an analysis instead of saving it', () => {
    const code = requestCode({ path: '/word-count', text: { key: 'text', value: 'hi' }, auth: true });
    for (const text of Object.values(code)) expect(text).toContain('TOOLKIT_API_KEY');
    expect(code.curl).not.toContain(' -o ');
    expect(code.python).toContain("print(json.dumps(json.loads(result)['data']");
    expect(code.javascript).toContain('console.log(JSON.stringify(data, null, 2));');
  });
});
