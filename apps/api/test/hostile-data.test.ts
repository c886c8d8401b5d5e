import type { ErrorCode } from '@toolkit/catalog';
import { describe, expect, it } from 'vitest';
import {
  type Answer,
  expectContractError,
  expectHealthy,
  listeningServer,
  sendFile,
  sendJson,
} from './helpers/http-client.js';

/*
 * The probe's hostile data, text, Markdown and HTML inputs (issue 28), built here, against a real
 * listening server: each gets the contract's answer (never a 500), and the server answers its
 * health check after each. Every request is sent twice: after a stack overflow inside the YAML
 * library, Node could die compiling a regular expression on the next parse (yaml-depth.ts).
 */

const server = listeningServer();

const nested = (open: string, close: string, depth: number) => `${open.repeat(depth)}${close.repeat(depth)}`;
const indented = (depth: number, line: (level: number) => string) =>
  Array.from({ length: depth }, (_, level) => line(level)).join('\n');

const deepJson = nested('[', ']', 100_000);
const deepObjects = `${'{"a":'.repeat(100_000)}1${'}'.repeat(100_000)}`;
const deepYaml = {
  flow: nested('[', ']', 100_000),
  'block sequence': `${'- '.repeat(5000)}x`,
  'indented mapping': `${indented(3000, (level) => `${' '.repeat(level)}a:`)} 1`,
};
const deepMarkdown = {
  quotes: `${'>'.repeat(10_000)} x`,
  'spaced quotes': `${'> '.repeat(10_000)}x`,
  'list markers': `${'- '.repeat(10_000)}x`,
  'indented list': indented(1000, (level) => `${'  '.repeat(level)}- x`),
  'quotes and lists': `${'> - '.repeat(5000)}x`,
  'strong emphasis': `${'**'.repeat(5000)}x${'**'.repeat(5000)}`,
  emphasis: `${'*a '.repeat(3000)}x${'*'.repeat(3000)}`,
};

type Send = () => Promise<Answer>;
interface Refusal {
  status: number;
  code: ErrorCode;
  message: RegExp;
}

const tooDeep = (what: string, limit: number): Refusal => ({
  status: 422,
  code: 'UNPROCESSABLE_FILE',
  message: new RegExp(
    `^The ${what} is nested more than ${limit} levels deep; at most ${limit} levels can be converted\\.$`,
  ),
});
const markdownTooDeep: Refusal = {
  status: 422,
  code: 'UNPROCESSABLE_FILE',
  message: /^The Markdown nests quotes, lists or emphasis more than 100 levels deep; at most 100 levels/,
};

const file = (path: string, text: string, name: string, fields: Record<string, string> = {}): Send => {
  return () => sendFile(server.base, path, Buffer.from(text), name, fields);
};
const json = (path: string, body: unknown): Send => {
  return () => sendJson(server.base, path, body);
};

const refusals: [string, Send, Refusal][] = [
  [
    'json-to-csv: JSON 100,000 deep as a file',
    file('/data/json-to-csv', deepJson, 'a.json'),
    tooDeep('JSON', 1000),
  ],
  [
    'json-to-csv: JSON 100,000 deep in the body',
    json('/data/json-to-csv', `{"json":${deepJson}}`),
    tooDeep('JSON', 1000),
  ],
  [
    'json-to-xml: objects 100,000 deep in the body',
    json('/data/json-to-xml', `{"json":${deepObjects}}`),
    tooDeep('JSON', 1000),
  ],
  [
    'json-to-xml: JSON 100,000 deep as text',
    json('/data/json-to-xml', { json: deepJson }),
    tooDeep('JSON', 1000),
  ],
  [
    'files/convert: JSON 100,000 deep to YAML',
    file('/files/convert', deepJson, 'a.json', { to: 'yaml' }),
    tooDeep('JSON', 1000),
  ],
  [
    'files/convert: JSON 300 deep to YAML',
    file('/files/convert', nested('[', ']', 300), 'a.json', { to: 'yaml' }),
    tooDeep('JSON', 200),
  ],
  [
    'xml-to-json: XML 100,000 deep',
    json('/data/xml-to-json', { xml: nested('<a>', '</a>', 100_000) }),
    tooDeep('XML', 1000),
  ],
  ...['md', 'txt'].map((to): [string, Send, Refusal] => [
    `files/convert: HTML 100,000 deep to ${to}`,
    file('/files/convert', `<html><body>${'<div>'.repeat(100_000)}x</body></html>`, 'a.html', { to }),
    {
      status: 422,
      code: 'UNPROCESSABLE_FILE',
      message: /^The HTML nests elements more than 256 levels deep; at most 256 levels can be converted\.$/,
    },
  ]),
  ...Object.entries(deepYaml).flatMap(([name, yaml]): [string, Send, Refusal][] => [
    [`yaml-to-json: ${name}`, json('/data/yaml-to-json', { yaml }), tooDeep('YAML', 200)],
    [
      `files/convert: YAML ${name} to JSON`,
      file('/files/convert', yaml, 'a.yaml', { to: 'json' }),
      tooDeep('YAML', 200),
    ],
  ]),
  ...Object.entries(deepMarkdown).flatMap(([name, text]): [string, Send, Refusal][] => [
    [
      `files/convert: Markdown ${name} to HTML`,
      file('/files/convert', text, 'a.md', { to: 'html' }),
      markdownTooDeep,
    ],
    [`pdf/from-text: Markdown ${name}`, json('/pdf/from-text', { text, markdown: true }), markdownTooDeep],
    [`pdf/from-text: a .md file of ${name}`, file('/pdf/from-text', text, 'a.md'), markdownTooDeep],
  ]),
];

describe('hostile data: refused with the contract error, twice, the server healthy after each', () => {
  it.each(refusals)(
    '%s',
    async (_name, send, expected) => {
      for (let round = 0; round < 2; round++) {
        const body = expectContractError(await send(), expected.status, expected.code, expected.message);
        expect(body.message).not.toMatch(/stack|RangeError|at position/i);
        await expectHealthy(server.base);
      }
    },
    60_000,
  );
});

describe('hostile data that is valid: converted, the server healthy after', () => {
  const marks = `e${'\u0301'.repeat(1_000_000)}`;

  it('counts a run of a million combining marks and a 9 MB word', async () => {
    for (const [text, characters] of [
      [marks, 1],
      ['x'.repeat(9_000_000), 9_000_000],
    ] as const) {
      const answer = await sendJson(server.base, '/text/word-count', { text });
      expect(answer.status).toBe(200);
      expect(JSON.parse(answer.text).data).toMatchObject({ characters, words: 1 });
      await expectHealthy(server.base);
    }
  }, 60_000);

  it('converts a CSV cell of a million combining marks without changing it', async () => {
    const answer = await sendJson(server.base, '/data/csv-to-json', { csv: `a\n${marks}\n` });
    expect(answer.status).toBe(200);
    expect(JSON.parse(answer.text)).toEqual([{ a: marks }]);
    await expectHealthy(server.base);
  }, 60_000);

  it('keeps numbers a double cannot hold', async () => {
    const answer = await sendJson(
      server.base,
      '/data/json-to-csv',
      '{"json":[{"a":-0,"b":1e400,"c":0.10000000000000000001}]}',
    );
    expect(answer.status).toBe(200);
    expect(answer.text).toBe('a,b,c\r\n-0,1e400,0.10000000000000000001\r\n');
  });

  it('converts Markdown nested as deep as the limit', async () => {
    const md = `${'>'.repeat(50)} x\n\n${indented(40, (level) => `${'  '.repeat(level)}- x`)}\n`;
    const answer = await sendFile(server.base, '/files/convert', Buffer.from(md), 'ok.md', { to: 'html' });
    expect(answer.status).toBe(200);
    expect(answer.text.match(/<blockquote>/g)?.length).toBe(50);
    await expectHealthy(server.base);
  });
});
