import { apiUrlPath, liveTools, type ToolExample, type ToolSpec, toolReference } from '@toolkit/catalog';
import { XMLValidator } from 'fast-xml-parser';
import type { FastifyInstance } from 'fastify';
import { fileTypeFromBuffer } from 'file-type';
import Papa from 'papaparse';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeApp } from './helpers/app.js';
import { exampleRequest } from './helpers/catalog-samples.js';
import { listenOnFreePort } from './helpers/listen.js';

/*
 * Every live tool, from the catalog alone: its route and OpenAPI operation exist, and each of its
 * catalog examples (the ones the docs show) runs against the real server and gives a real result of
 * a documented media type, with its documented headers, that decodes.
 */

let app: FastifyInstance;
let base: string;
let openapi: { paths: Record<string, { post?: { operationId?: string } }> };

beforeAll(async () => {
  app = await makeApp();
  base = await listenOnFreePort(app);
  openapi = (await (await fetch(`${base}/api/v1/openapi.json`)).json()) as typeof openapi;
});
afterAll(async () => {
  await app.close();
});

const sharpFormats: Record<string, string> = { 'image/avif': 'heif', 'image/jpeg': 'jpeg' };

/** Decodes a result by its media type and checks what it says about itself. */
async function expectDecodes(tool: ToolSpec, type: string, body: Buffer, headers: Headers): Promise<void> {
  if (type.startsWith('image/')) {
    const meta = await sharp(body, { animated: true }).metadata();
    expect(meta.format).toBe(sharpFormats[type] ?? type.slice('image/'.length));
    expect(Number(headers.get('x-image-width'))).toBe(meta.width);
    expect(Number(headers.get('x-image-height'))).toBe(meta.pageHeight ?? meta.height);
    expect(Number(headers.get('x-output-size'))).toBe(body.length);
    return;
  }
  if (type === 'application/json') {
    const json: unknown = JSON.parse(body.toString('utf8'));
    if (tool.api.output === 'analysis') {
      expect(json).toMatchObject({ success: true, message: expect.any(String) });
      const data = (json as { data: unknown }).data;
      // The documented members, checked with the very schema the docs are written from.
      if (tool.api.responseData) tool.api.responseData.parse(data);
      else expect(data).toBeTypeOf('object');
    }
    return;
  }
  if (type.startsWith('text/') || type === 'application/xml') {
    const text = new TextDecoder('utf-8', { fatal: true }).decode(body);
    expect(text.length).toBeGreaterThan(0);
    if (type === 'text/csv') expect(Papa.parse(text).errors).toEqual([]);
    if (type === 'application/xml') expect(XMLValidator.validate(text)).toBe(true);
    return;
  }
  // Binary downloads (PDF, audio, archives): the bytes are what the media type says.
  const detected = await fileTypeFromBuffer(body);
  expect(detected?.mime.split('/')[0], `the result's bytes are ${detected?.mime}`).toBe(type.split('/')[0]);
  if (!type.startsWith('audio/')) expect(detected?.mime).toBe(type);
}

async function run(tool: ToolSpec, example: ToolExample) {
  const request = exampleRequest(tool, example);
  const response = await fetch(`${base}${apiUrlPath(tool)}`, {
    method: 'POST',
    headers: request.headers,
    body: request.body,
  });
  return { response, body: Buffer.from(await response.arrayBuffer()) };
}

describe.each(liveTools.map((tool) => [tool.id, tool as ToolSpec] as const))('%s', (_, tool) => {
  const reference = toolReference(tool);

  it('has its route and its OpenAPI operation', async () => {
    expect(openapi.paths[tool.api.path]?.post?.operationId, 'OpenAPI operation').toBeTruthy();
    const probe = await fetch(`${base}${apiUrlPath(tool)}`, { method: 'POST' });
    expect(probe.status, 'the route answers (not 404)').not.toBe(404);
  });

  it('documents its result media types and has examples to run', () => {
    expect(
      reference.mediaTypes.length,
      `${tool.id}: give api.mediaTypes in its catalog entry`,
    ).toBeGreaterThan(0);
    expect(
      tool.api.examples?.length ?? 0,
      `${tool.id}: give api.examples in its catalog entry`,
    ).toBeGreaterThan(0);
  });

  it.each((tool.api.examples ?? []).map((example) => [example.title, example] as const))(
    'example "%s" gives a real result',
    async (_title, example) => {
      const { response, body } = await run(tool, example);
      expect(response.status, body.toString('utf8').slice(0, 300)).toBe(200);
      const type = (response.headers.get('content-type') ?? '').split(';')[0]?.trim() ?? '';
      expect(reference.mediaTypes, 'the result has a documented media type').toContain(type);
      // The shared image output field: a format asked for is the format given.
      const format = example.fields.format;
      if (tool.api.output === 'image' && typeof format === 'string') expect(type).toBe(`image/${format}`);
      for (const header of reference.headers.filter((h) => !h.optional)) {
        expect(response.headers.has(header.name), `documented header ${header.name}`).toBe(true);
      }
      await expectDecodes(tool, type, body, response.headers);
    },
  );
});
