import { defineTool } from '@toolkit/catalog';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { expectError, testConfig } from '../../test/helpers/app.js';
import { form } from '../../test/helpers/form.js';
import { createCore } from '../core/core.js';
import type { AnalysisResult } from '../core/result.js';
import type { JobsOptions } from '../jobs/setup.js';
import { errorsPlugin } from '../plugins/errors.js';
import { multipartPlugin } from '../plugins/multipart.js';
import { handlers } from '../tools/handlers.js';
import type { HandlerTable } from '../tools/types.js';
import { createNetContext } from './net-context.js';
import { registerToolRoute } from './tool-route.js';

/* The route machinery for the input kinds future tools use: several files, and JSON or a file. */

const config = testConfig();
const combine = defineTool({
  id: 'combine-test',
  slug: 'combine-test',
  group: 'image',
  icon: 'LayoutGrid',
  title: 'Combine',
  breadcrumb: 'Combine',
  searchTitle: 'Combine',
  description: 'Test tool.',
  keywords: [],
  status: 'live',
  api: {
    method: 'POST',
    path: '/test/combine',
    input: { kind: 'files', field: 'images', accept: ['image/png'], min: 2, max: 3 },
    output: 'analysis',
    request: z.object({ gap: z.coerce.number().int().default(0) }),
    response: 'Counts.',
  },
});
const count = defineTool({
  ...combine,
  id: 'count-test',
  slug: 'count-test',
  group: 'text',
  api: {
    ...combine.api,
    path: '/test/count',
    input: { kind: 'json-or-file', field: 'file', textKey: 'text' },
    request: z.object({ text: z.string().optional() }),
  },
});

type TestInput = { fields: unknown; files: { filename: string; data: Buffer }[] };
const testHandlers = {
  ...handlers,
  'combine-test': async ({ fields, files }: TestInput): Promise<AnalysisResult> => ({
    kind: 'analysis',
    message: 'ok',
    data: { fields, names: files.map((f) => f.filename) },
  }),
  'count-test': async ({ fields, files }: TestInput): Promise<AnalysisResult> => ({
    kind: 'analysis',
    message: 'ok',
    data: { fields, file: files[0]?.data.toString('utf8') ?? null },
  }),
} as unknown as HandlerTable;
// No job is sent here: an engine that would say so if one were.
const jobs = {
  engine: {} as JobsOptions['engine'],
  queueSynchronous: false,
  webhooks: { enabled: false, allowPrivate: false },
  retryAfterSeconds: 5,
} satisfies JobsOptions;
const routes = {
  core: createCore(config, testHandlers),
  jobs,
  shutdown: new AbortController().signal,
  net: createNetContext(config),
};

const app = Fastify();
beforeAll(async () => {
  await app.register(errorsPlugin, { bodyLimit: 1024 * 1024, retryAfterSeconds: 5 });
  await app.register(multipartPlugin);
  registerToolRoute(app, combine as never, routes);
  registerToolRoute(app, count as never, routes);
  await app.ready();
});
afterAll(() => app.close());

const file = (name: string) => ({ name: 'images', filename: name, data: Buffer.from(name) });

describe('a tool taking several files', () => {
  it('passes up to `max` files of its field, in order, with the validated fields; one more is 400', async () => {
    const body = form([file('a'), file('b'), { name: 'gap', value: '4' }, file('c')]);
    const res = await app.inject({ method: 'POST', url: '/test/combine', ...body });
    expect(res.json().data).toEqual({ fields: { gap: 4 }, names: ['a', 'b', 'c'] });
    const extra = await app.inject({ method: 'POST', url: '/test/combine', ...form([...'abcd'].map(file)) });
    expect(extra.statusCode).toBe(400);
    expect(extra.json()).toMatchObject({
      code: 'VALIDATION_ERROR',
      message: 'Upload at most 3 files in the field "images"; this form has more.',
    });
  });

  it('asks for at least `min` files', async () => {
    const res = await app.inject({ method: 'POST', url: '/test/combine', ...form([file('a')]) });
    expectError(
      res,
      400,
      'MISSING_FILE',
      'Upload at least 2 files as multipart/form-data in the field "images".',
    );
  });
});

describe('a tool taking JSON or a file', () => {
  it('reads a JSON object, dropping nulls', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/test/count',
      payload: { text: 'hello', gap: null },
    });
    expect(res.json().data).toEqual({ fields: { text: 'hello' }, file: null });
  });

  it('reads the same content as an uploaded file', async () => {
    const body = form([{ name: 'file', filename: 't.txt', data: Buffer.from('from a file') }]);
    const res = await app.inject({ method: 'POST', url: '/test/count', ...body });
    expect(res.json().data).toEqual({ fields: {}, file: 'from a file' });
  });

  it('refuses a JSON body that is not an object', async () => {
    const res = await app.inject({ method: 'POST', url: '/test/count', payload: [1, 2] });
    expectError(
      res,
      400,
      'MALFORMED_REQUEST',
      'Send a JSON object with a "text" member, or the content as multipart/form-data in the field "file".',
    );
  });
});
