import { execFile } from 'node:child_process';
import { copyFile, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  baseVariable,
  codeSamples,
  exampleInputs,
  exampleOutput,
  liveTools,
  sampleInputFiles,
  sampleLanguages,
  type ToolExample,
  type ToolSpec,
  toolExamples,
  toolReference,
} from '@toolkit/catalog';
import { XMLValidator } from 'fast-xml-parser';
import type { FastifyInstance } from 'fastify';
import { fileTypeFromBuffer } from 'file-type';
import Papa from 'papaparse';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { makeApp } from './helpers/app.js';
import { sampleFilesDir } from './helpers/sample-files.js';

/*
 * Every code sample of every live tool's docs page, built by the generator the page uses, run as
 * printed: curl with curl, JavaScript with node, Python with python3 (standard library only), in a
 * folder holding the sample files the site serves, against a listening server. Each run gets its own
 * port (a thin HTTP server handing requests to the one app), so the response it got is known.
 */

interface Seen {
  status: number;
  type: string;
  disposition: string | undefined;
}

let app: FastifyInstance;
const fronts: Server[] = [];

beforeAll(async () => {
  app = await makeApp();
});
afterAll(async () => {
  await Promise.all(fronts.map((server) => new Promise((resolve) => server.close(resolve))));
  await app.close();
});

/** A port of its own in front of the app, recording the responses it sends. */
async function front(): Promise<{ base: string; seen: Seen[] }> {
  const seen: Seen[] = [];
  const server = createServer((request, response) => {
    // 'close' too: a response piped from a stream may end without 'finish' reaching us first.
    let recorded = false;
    const record = () => {
      if (recorded) return;
      recorded = true;
      const disposition = response.getHeader('content-disposition');
      seen.push({
        status: response.statusCode,
        type: String(response.getHeader('content-type') ?? ''),
        disposition: disposition === undefined ? undefined : String(disposition),
      });
    };
    response.on('finish', record);
    response.on('close', record);
    app.routing(request, response);
  });
  fronts.push(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  if (!address || typeof address === 'string') throw new Error('no TCP address');
  return { base: `http://127.0.0.1:${address.port}/api/v1`, seen };
}

const commands = { curl: 'sh', javascript: 'node', python: 'python3' } as const;

/** The environment of a sample: BASE set, no proxy in the way. */
function sampleEnv(base: string): NodeJS.ProcessEnv {
  const env = Object.fromEntries(Object.entries(process.env).filter(([name]) => !/_proxy$/i.test(name)));
  return { ...env, [baseVariable]: base, PYTHONDONTWRITEBYTECODE: '1' };
}

function run(command: string, file: string, cwd: string, env: NodeJS.ProcessEnv) {
  return new Promise<{ code: number; stdout: string; stderr: string }>((resolve) => {
    execFile(
      command,
      [file],
      { cwd, env, timeout: 60_000, maxBuffer: 16 * 1024 * 1024 },
      (error, stdout, stderr) => resolve({ code: error ? Number(error.code ?? 1) : 0, stdout, stderr }),
    );
  });
}

const sharpFormats: Record<string, string> = { jpg: 'jpeg', avif: 'heif' };
const imageTypes: Record<string, string> = { jpg: 'image/jpeg' };

/** Checks a saved result by the extension of its name: it is what its name says. */
async function expectFileIs(name: string, data: Buffer, type: string): Promise<void> {
  const extension = name.slice(name.indexOf('.', name.lastIndexOf('-')) + 1);
  switch (extension) {
    case 'jpg':
    case 'png':
    case 'webp':
    case 'gif':
    case 'avif': {
      expect(type).toBe(imageTypes[extension] ?? `image/${extension}`);
      const meta = await sharp(data, { animated: true }).metadata();
      expect(meta.format).toBe(sharpFormats[extension] ?? extension);
      return;
    }
    case 'json':
      expect(type).toBe('application/json');
      JSON.parse(data.toString('utf8'));
      return;
    case 'csv':
      expect(type).toBe('text/csv');
      expect(Papa.parse(data.toString('utf8')).errors).toEqual([]);
      return;
    case 'xml':
      expect(type).toBe('application/xml');
      expect(XMLValidator.validate(data.toString('utf8'))).toBe(true);
      return;
    case 'txt':
    case 'md':
    case 'html':
      expect(type).toBe(
        extension === 'txt' ? 'text/plain' : extension === 'md' ? 'text/markdown' : 'text/html',
      );
      expect(new TextDecoder('utf-8', { fatal: true }).decode(data).trim().length).toBeGreaterThan(0);
      return;
    default: {
      // Binary downloads (PDF, audio, archives, workbooks): the bytes are what the name says.
      const detected = await fileTypeFromBuffer(data);
      expect(detected?.ext, `${name} holds ${detected?.mime}`).toBe(extension);
    }
  }
}

const runs = liveTools.flatMap((tool) =>
  toolExamples(tool as ToolSpec).flatMap((example) =>
    sampleLanguages.map((language) => ({ tool: tool as ToolSpec, example, language })),
  ),
);

async function runSample(tool: ToolSpec, example: ToolExample, language: (typeof sampleLanguages)[number]) {
  const sample = codeSamples(tool, example).find((s) => s.language === language.id);
  if (!sample) throw new Error(`no ${language.id} sample`);
  const dir = await mkdtemp(join(tmpdir(), 'sample-'));
  try {
    for (const name of exampleInputs(tool, example))
      await copyFile(join(sampleFilesDir, name), join(dir, name));
    await writeFile(join(dir, language.file), sample.text);
    const { base, seen } = await front();
    const result = await run(commands[language.id], language.file, dir, sampleEnv(base));
    const before = new Set<string>([...exampleInputs(tool, example), language.file]);
    const made = (await readdir(dir)).filter((name) => !before.has(name));
    const output = exampleOutput(tool, example);
    const data = output && made.includes(output) ? await readFile(join(dir, output)) : undefined;
    return { result, seen, made, output, data };
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

it('serves exactly the sample files the catalog names, each with its provenance', async () => {
  const names = Object.keys(sampleInputFiles);
  expect((await readdir(sampleFilesDir)).sort()).toEqual([...names, 'MANIFEST.md'].sort());
  const manifest = await readFile(join(sampleFilesDir, 'MANIFEST.md'), 'utf8');
  for (const name of names) expect(manifest, name).toContain(`| \`${name}\` |`);
});

describe.concurrent('code samples run as printed', () => {
  it.each(runs.map((r) => [`${r.tool.id}: ${r.example.title} (${r.language.label})`, r] as const))(
    '%s',
    async (_, { tool, example, language }) => {
      const { result, seen, made, output, data } = await runSample(tool, example, language);
      expect(result.code, `${result.stderr}\n${result.stdout}`.slice(0, 600)).toBe(0);
      // The front records a response as it finishes, which may be just after the client has it.
      await vi.waitFor(() => expect(seen).toHaveLength(1), { timeout: 5000 });
      const [response] = seen as [Seen];
      expect(response.status).toBe(200);
      const type = response.type.split(';')[0]?.trim() ?? '';
      expect(toolReference(tool).mediaTypes).toContain(type);
      if (!output) {
        // An analysis is printed: curl prints the whole answer, the others its data.
        expect(made).toEqual([]);
        const printed = JSON.parse(result.stdout) as { data?: unknown };
        const data = language.id === 'curl' ? printed.data : printed;
        if (language.id === 'curl') expect(printed).toMatchObject({ success: true });
        if (tool.api.responseData) tool.api.responseData.parse(data);
        else expect(data).toBeTypeOf('object');
        return;
      }
      expect(made).toEqual([output]);
      // A download of an uploaded file is saved under the name the server gives it.
      if (exampleInputs(tool, example).length > 0 && response.disposition) {
        expect(response.disposition).toContain(`filename="${output}"`);
      }
      await expectFileIs(output, data as Buffer, type);
    },
    // A program started per sample (node, python3, curl) on a busy two-core machine.
    90_000,
  );
});
