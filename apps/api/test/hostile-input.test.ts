import { readdirSync } from 'node:fs';
import { type ErrorCode, errorCodes, liveTools, type ToolSpec } from '@toolkit/catalog';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeApp } from './helpers/app.js';
import { corpusDir, fixture, nestedJsonArrays } from './helpers/fixtures.js';
import { form } from './helpers/form.js';
import {
  deepGroups,
  finePattern,
  hugeFilters,
  manyElements,
  manyFrameGif,
  nestedPatterns,
  nestedUse,
  selfReference,
} from './helpers/hostile.js';
import { listenOnFreePort } from './helpers/listen.js';

/*
 * Every hostile file against every live route of the catalog, over a real socket: the bad files
 * of the repository's corpus (fixtures/corpus/bad) and the attacks built in helpers/hostile.ts. Each answer is a real result or the contract's JSON error (never a
 * 500), the server is healthy after each, and no request costs more than a bounded CPU time.
 */

/** The corpus's bad files by name. */
const corpusFiles = () =>
  readdirSync(`${corpusDir}bad`).map((name) => [name, fixture(`bad/${name}`)] as const);

const attacks: Record<string, Buffer> = {
  'json_deeply_nested_100k.json': nestedJsonArrays(100_000),
  'nested-patterns.svg': nestedPatterns(),
  'fine-pattern.svg': finePattern(),
  'nested-use.svg': nestedUse(),
  'huge-filters.svg': hugeFilters(),
  'deep-groups.svg': deepGroups(),
  'self-reference.svg': selfReference(),
  'many-elements.svg': manyElements(),
  'many-frames.gif': manyFrameGif(),
};

/** What the generated attacks must get, whatever the route (they are refused before drawing). */
const attackCodes: Record<string, ErrorCode | undefined> = {
  'nested-patterns.svg': 'IMAGE_TOO_LARGE',
  'huge-filters.svg': 'IMAGE_TOO_LARGE',
  'nested-use.svg': 'UNPROCESSABLE_FILE',
  'deep-groups.svg': 'UNPROCESSABLE_FILE',
  'self-reference.svg': 'UNPROCESSABLE_FILE',
  'many-elements.svg': 'UNPROCESSABLE_FILE',
  'many-frames.gif': 'IMAGE_TOO_LARGE',
};

/** Corpus files whose answer is known on every image route (other routes answer in their own terms). */
const corpusCodes: Record<string, ErrorCode> = {
  'pixel-bomb_25200x33300.png': 'IMAGE_TOO_LARGE',
  'pixel-bomb_64250x64250_1KB.jpg': 'IMAGE_TOO_LARGE',
  'empty.png': 'MISSING_FILE',
  'empty.jpg': 'MISSING_FILE',
  'photo_truncated_half.jpg': 'UNPROCESSABLE_FILE',
  'html_with_pdf_extension.pdf': 'UNSUPPORTED_MEDIA_TYPE',
};

/** The field a tool reads its file from. */
const fileField = (tool: ToolSpec) => tool.api.input.field;

/**
 * Field sets to send with each file: the tool's first example (a request it accepts), and, where
 * the schema takes it, the largest output width, which is what makes vector input expensive.
 */
function fieldSets(tool: ToolSpec): Record<string, string>[] {
  const example = Object.fromEntries(
    Object.entries(tool.api.examples?.[0]?.fields ?? {}).map(([k, v]) => [k, String(v)]),
  );
  const sets = [example];
  const { height: _height, ...rest } = example;
  const widest: Record<string, string> = { ...rest, width: '4096' };
  if (tool.api.request?.safeParse(widest).success && example.width !== '4096') sets.push(widest);
  return sets;
}

/** Most CPU time one request may cost (far below what a runaway render costs: minutes). */
const cpuBoundMs = 10_000;

let app: FastifyInstance;
let base: string;
beforeAll(async () => {
  app = await makeApp();
  base = await listenOnFreePort(app);
});
afterAll(() => app.close());

/** A good image sent first to a route that takes several, so the count rule passes and the hostile file is judged. */
const companion = fixture('images/chelsea_cat_451x300.png');

async function send(tool: ToolSpec, name: string, data: Buffer, fields: Record<string, string>) {
  const several = tool.api.input.kind === 'files';
  const body = form([
    ...(several ? [{ name: fileField(tool), filename: 'companion.png', data: companion }] : []),
    { name: fileField(tool), filename: name, data },
    ...Object.entries(fields).map(([key, value]) => ({ name: key, value })),
  ]);
  const before = process.cpuUsage();
  const res = await fetch(`${base}/api/v1${tool.api.path}`, {
    method: tool.api.method,
    headers: body.headers,
    body: new Uint8Array(body.payload),
  });
  const bytes = Buffer.from(await res.arrayBuffer());
  const used = process.cpuUsage(before);
  return { res, bytes, cpuMs: (used.user + used.system) / 1000 };
}

async function expectHealthy() {
  const health = await fetch(`${base}/api/v1/health`);
  expect(health.status).toBe(200);
}

/** A real result, or the contract's JSON error with a status its code fixes: never a 500. */
function expectContract(res: Response, bytes: Buffer, label: string): ErrorCode | undefined {
  expect(res.status, label).not.toBe(500);
  if (res.status < 400) {
    expect(res.status, label).toBe(200);
    expect(bytes.length, label).toBeGreaterThan(0);
    return undefined;
  }
  expect(res.headers.get('content-type'), label).toMatch(/^application\/json/);
  const body = JSON.parse(bytes.toString()) as { success: boolean; code: ErrorCode; message: string };
  expect(body.success, label).toBe(false);
  expect(errorCodes[body.code]?.status, label).toBe(res.status);
  expect(body.message.length, label).toBeGreaterThan(10);
  expect([400, 413, 415, 422], `${label}: ${body.code} ${body.message}`).toContain(res.status);
  return body.code;
}

const files = [...corpusFiles(), ...Object.entries(attacks)];

describe.each(liveTools.map((tool) => [tool.id, tool] as const))('hostile input to %s', (_id, tool) => {
  it.each(files.map(([name, data]) => [name, data] as const))(
    '%s',
    async (name, data) => {
      for (const fields of fieldSets(tool)) {
        const label = `${tool.id} ${name} ${JSON.stringify(fields)}`;
        const { res, bytes, cpuMs } = await send(tool, name, data, fields);
        const code = expectContract(res, bytes, label);
        const expected = tool.group === 'image' ? (attackCodes[name] ?? corpusCodes[name]) : undefined;
        if (expected) expect(code, label).toBe(expected);
        expect(cpuMs, label).toBeLessThan(cpuBoundMs);
        await expectHealthy();
      }
      // A shared machine can be slow; the bound that matters is the CPU time above.
    },
    120_000,
  );
});
