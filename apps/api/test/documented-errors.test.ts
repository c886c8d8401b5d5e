import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { makeApp } from './helpers/app.js';
import { inputProvocations, smallLimitsEnv } from './helpers/error-cases-input.js';
import { platformProvocations } from './helpers/error-cases-platform.js';
import { toolProvocations } from './helpers/error-cases-tools.js';
import { errorRows, provocationsOf, provokeRows, rowName } from './helpers/error-table.js';

/*
 * Issue 29, point 4: every row of every error table (docs page, Markdown page and OpenAPI read the
 * same catalog) is provoked and answers its status, code and message exactly. This file checks the
 * pairing of rows and provocations, and provokes the rows of how tools take their input; the
 * -platform and -tools files provoke the rest.
 */

const everyProvocation = [...inputProvocations, ...platformProvocations, ...toolProvocations];

describe('the error tables and their provocations', () => {
  it('pairs every documented row with exactly one provocation', () => {
    const unpaired = errorRows
      .map((row) => [rowName(row), provocationsOf(row, everyProvocation).length] as const)
      .filter(([, count]) => count !== 1);
    // A row with 0 needs a provocation (helpers/error-cases-*.ts); with 2, one too many match it.
    expect(unpaired).toEqual([]);
  });

  it('has no provocation left without a row', () => {
    const stale = everyProvocation.filter(
      (p) => !errorRows.some((row) => provocationsOf(row, [p]).length > 0),
    );
    expect(stale.map((p) => `${p.code}: ${p.when}`)).toEqual([]);
  });
});

// Many cases wait on a worker thread's first start: ten at a time (bodies are 1 MB, some 50 MB).
vi.setConfig({ maxConcurrency: 10 });

let app: FastifyInstance;
let small: FastifyInstance;
beforeAll(async () => {
  [app, small] = await Promise.all([makeApp(), makeApp(smallLimitsEnv)]);
});
afterAll(() => Promise.all([app.close(), small.close()]));

describe('input errors, provoked', () => {
  provokeRows(inputProvocations, () => ({ app, small }));
});
