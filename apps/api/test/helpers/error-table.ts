import { type ErrorCode, liveTools, type ToolExample, type ToolSpec, toolReference } from '@toolkit/catalog';
import type { FastifyInstance } from 'fastify';
import { expect, it } from 'vitest';
import { expectError } from './app.js';
import { exampleRequest, type HttpRequest } from './catalog-samples.js';

/*
 * The error tables of the docs pages (and the OpenAPI responses), row by row, each paired with the
 * request that provokes it. A row nobody provokes fails the completeness test, so a case added to
 * the catalog needs its provocation here.
 */

/** One documented error of one operation, as the docs page and OpenAPI print it. */
export interface ErrorRow {
  tool: ToolSpec;
  status: number;
  code: ErrorCode;
  when: string;
}

/** What a test needs of an answer: an inject response or a parsed raw reply. */
export interface Answer {
  statusCode: number;
  headers: Record<string, unknown>;
  json: () => unknown;
}

/** The servers a provocation may need, started once per test file and shared by its cases. */
export interface Servers {
  /** The default configuration. */
  app: FastifyInstance;
  /** Another server, by the name of its configuration in the test file. */
  [name: string]: FastifyInstance;
}

/** A request that causes a row's error, and the answer it gets. */
export interface Clause {
  /** Sends the request that causes the error and gives the answer. */
  provoke: (tool: ToolSpec, servers: Servers) => Promise<Answer>;
  /** The answer's message: exact, or a pattern where it carries a value. */
  message: string | RegExp | ((tool: ToolSpec) => string | RegExp);
  /** Further checks on the answer (details, headers). */
  check?: (answer: Answer, tool: ToolSpec) => void;
}

export interface Provocation extends Clause {
  code: ErrorCode;
  /** The documented sentence this request provokes (a pattern where it carries a limit). */
  when: string | RegExp;
  /** Only these tools' rows (default: every tool with a matching row). */
  tools?: readonly string[];
  /** The other cases the sentence names ("…, or the whole form over 11 MB"), each provoked too. */
  more?: (tool: ToolSpec) => readonly Clause[];
}

/** Every row of every live tool's error table, with the documented (default) limits. */
export const errorRows: readonly ErrorRow[] = (liveTools as readonly ToolSpec[]).flatMap((tool) =>
  toolReference(tool).errors.map((row) => ({ tool, ...row })),
);

const matches = (p: Provocation, row: ErrorRow) =>
  p.code === row.code &&
  (p.tools === undefined || p.tools.includes(row.tool.id)) &&
  (typeof p.when === 'string' ? p.when === row.when : p.when.test(row.when));

/** The provocations of `table` that match `row` (exactly one when the table is complete). */
export function provocationsOf(row: ErrorRow, table: readonly Provocation[]): Provocation[] {
  return table.filter((p) => matches(p, row));
}

export const rowName = (row: ErrorRow) => `${row.tool.id} ${row.status} ${row.code}: ${row.when}`;

/** Provokes `row` and asserts the documented status and code and the exact message. */
export async function expectRow(row: ErrorRow, provocation: Provocation, servers: Servers): Promise<void> {
  const clauses = [provocation, ...(provocation.more?.(row.tool) ?? [])];
  for (const [index, clause] of clauses.entries()) {
    const answer = await clause.provoke(row.tool, servers);
    const message = typeof clause.message === 'function' ? clause.message(row.tool) : clause.message;
    try {
      expectError(answer, row.status, row.code, message);
      clause.check?.(answer, row.tool);
    } catch (error) {
      // Which of the row's cases failed, and what came back instead.
      (error as Error).message +=
        `\n(case ${index + 1} of ${clauses.length}; answer: ${JSON.stringify(answer.json())})`;
      throw error;
    }
  }
}

/** The first worked example of a tool (every live tool has one: the catalog tests require it). */
export function firstExample(tool: ToolSpec): ToolExample {
  const example = tool.api.examples?.[0];
  if (!example) throw new Error(`${tool.id} has no example`);
  return example;
}

/** A valid request of `tool` (its first example), sent through `app.inject`. */
export function sendValid(
  app: FastifyInstance,
  tool: ToolSpec,
  headers: Record<string, string> = {},
  remoteAddress?: string,
): Promise<Answer> {
  return send(app, tool, exampleRequest(tool, firstExample(tool)), headers, remoteAddress);
}

/** Sends `request` to `tool`'s route through `app.inject`. */
export function send(
  app: FastifyInstance,
  tool: ToolSpec,
  request: HttpRequest,
  headers: Record<string, string> = {},
  remoteAddress?: string,
): Promise<Answer> {
  return app.inject({
    method: 'POST',
    url: `/api/v1${tool.api.path}`,
    payload: request.body,
    headers: { ...request.headers, ...headers },
    ...(remoteAddress ? { remoteAddress } : {}),
  });
}

/** Asserts the answer's details name `field`. */
export function expectDetailsName(answer: Answer, field: string): void {
  const body = answer.json() as { details?: { field: string }[] };
  expect(body.details?.map((d) => d.field)).toContain(field);
}

/**
 * One test per row that a provocation of `table` covers, run a few at a time against `servers()`
 * (the file's servers, started in its beforeAll).
 */
export function provokeRows(table: readonly Provocation[], servers: () => Servers): void {
  const rows = errorRows.filter((row) => provocationsOf(row, table).length > 0);
  it.concurrent.each(rows.map((row) => [rowName(row), row] as const))(
    '%s',
    async (_, row) => {
      const [provocation] = provocationsOf(row, table);
      if (!provocation) throw new Error('unreachable: the row was chosen for its provocation');
      await expectRow(row, provocation, servers());
    },
    // Cases share two cores with the other test files: some (a 1,370-page PDF, LibreOffice) take a while.
    120_000,
  );
}
