import { execFile } from 'node:child_process';
import { copyFile, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  apiBasePath,
  apiKeyVariable,
  baseVariable,
  codeSamples,
  exampleInputs,
  getTool,
  sampleLanguages,
  type ToolSpec,
  toolExamples,
} from '@toolkit/catalog';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeApp } from './helpers/app.js';
import { sampleFilesDir } from './helpers/sample-files.js';

/*
 * Issue 31: the samples the docs show once a visitor has saved an API key, run as printed against a
 * server with API_KEYS on. With the key in TOOLKIT_API_KEY they work; with a wrong one the server's
 * 401 is what they report. One tool with an upload and one with a JSON body cover both shapes.
 */

const key = 'samples-auth-key-7d1e';
const commands = { curl: 'sh', javascript: 'node', python: 'python3' } as const;
let app: FastifyInstance;
let base: string;

beforeAll(async () => {
  app = await makeApp({ API_KEYS: key });
  const address = await app.listen({ port: 0, host: '127.0.0.1' });
  base = `${address}${apiBasePath}`;
});
afterAll(async () => {
  await app.close();
});

function run(command: string, file: string, cwd: string, apiKey: string) {
  const env = Object.fromEntries(Object.entries(process.env).filter(([name]) => !/_proxy$/i.test(name)));
  return new Promise<{ code: number; stdout: string; stderr: string }>((resolve) => {
    execFile(
      command,
      [file],
      {
        cwd,
        env: { ...env, [baseVariable]: base, [apiKeyVariable]: apiKey, PYTHONDONTWRITEBYTECODE: '1' },
        timeout: 60_000,
      },
      (error, stdout, stderr) => resolve({ code: error ? Number(error.code ?? 1) : 0, stdout, stderr }),
    );
  });
}

async function runSample(tool: ToolSpec, language: (typeof sampleLanguages)[number], apiKey: string) {
  const example = toolExamples(tool)[0];
  if (!example) throw new Error(`${tool.id} has no example`);
  const sample = codeSamples(tool, example, { auth: true }).find((s) => s.language === language.id);
  if (!sample) throw new Error(`no ${language.id} sample`);
  const dir = await mkdtemp(join(tmpdir(), 'sample-auth-'));
  try {
    const inputs: readonly string[] = exampleInputs(tool, example);
    for (const name of inputs) await copyFile(join(sampleFilesDir, name), join(dir, name));
    await writeFile(join(dir, language.file), sample.text);
    const result = await run(commands[language.id], language.file, dir, apiKey);
    const made = (await readdir(dir)).filter((name) => name !== language.file && !inputs.includes(name));
    // curl --fail-with-body saves an error body where the result would have gone.
    const saved = await Promise.all(made.map((name) => readFile(join(dir, name), 'latin1')));
    return { ...result, made, said: `${result.stdout}${result.stderr}${saved.join('')}` };
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

const cases = (['word-counter', 'resize-image'] as const).flatMap((id) =>
  sampleLanguages.map(
    (language) => [`${id} (${language.label})`, getTool(id) as ToolSpec, language] as const,
  ),
);

describe.concurrent('samples with the API key header, against a server that asks for keys', () => {
  it.each(cases)('%s works with the key', async (_, tool, language) => {
    const { code, stdout, stderr, made } = await runSample(tool, language, key);
    expect(code, `${stderr}\n${stdout}`.slice(0, 600)).toBe(0);
    if (tool.id === 'resize-image') expect(made).toEqual(['photo-resize.jpg']);
    else expect(stdout).toContain('"words"');
  });

  it.each(cases)('%s reports the server’s 401 message with a wrong key', async (_, tool, language) => {
    const { code, said } = await runSample(tool, language, 'not-the-key');
    expect(code).not.toBe(0);
    expect(said).toContain('This API key is not valid');
  });
});
