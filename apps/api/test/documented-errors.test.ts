import { liveTools, readableAudioText, type ToolSpec, toolReference } from '@toolkit/catalog';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectError, makeApp } from './helpers/app.js';
import { textTools } from './helpers/catalog-samples.js';
import { form } from './helpers/form.js';

/*
 * The error rows the docs pages print for text and data input, provoked: a document that does not
 * parse is 400 VALIDATION_ERROR (documented as such, not as 422), an upload in another encoding is
 * 422 UNPROCESSABLE_FILE naming it, and the audio converter's 415 names the formats it reads, in the
 * docs and in the answer alike.
 */

let app: FastifyInstance;
beforeAll(async () => {
  app = await makeApp();
});
afterAll(async () => {
  await app.close();
});

const rows = (tool: ToolSpec, code: string) => toolReference(tool).errors.filter((row) => row.code === code);

/** A document of each kind that does not parse, and the start of the answer's message. */
const malformed: Record<string, { text: string; message: RegExp }> = {
  json: { text: '[{"a":', message: /^The JSON is invalid at line 1, column \d+: / },
  csv: { text: 'a,"b\n1,2', message: /^The CSV is invalid at line 1, column \d+: / },
  xml: { text: '<a><b></a>', message: /^The XML is malformed at line 1, column \d+: / },
  yaml: { text: 'a: [', message: /^The YAML is invalid at line 1, column \d+: / },
  base64: { text: 'ab$c', message: /^The base64 is invalid at position 3: / },
};

const latin1 = Buffer.from('caf\xe9 na\xefve \xe0 la fa\xe7on fran\xe7aise, tr\xe8s \xe9l\xe9gant', 'latin1');

describe('documented errors of text and data input', () => {
  it.each(textTools.map(({ tool, textKey }) => [tool.id, tool, textKey] as const))(
    '%s',
    async (_, tool, key) => {
      const bad = malformed[key];
      const parseRows = rows(tool, 'VALIDATION_ERROR').filter((row) => row.when.includes('not well formed'));
      if (bad) {
        expect(parseRows, 'a malformed document is documented under 400').toHaveLength(1);
        expect(parseRows[0]?.status).toBe(400);
        const response = await app.inject({
          method: 'POST',
          url: `/api/v1${tool.api.path}`,
          payload: JSON.stringify({ [key]: bad.text }),
          headers: { 'content-type': 'application/json' },
        });
        expectError(response, 400, 'VALIDATION_ERROR', bad.message);
      } else {
        expect(parseRows).toHaveLength(0);
      }
      expect(rows(tool, 'UNPROCESSABLE_FILE').some((row) => row.when.includes('not well formed'))).toBe(
        false,
      );

      const upload = form([{ name: 'file', filename: 'latin1.txt', type: 'text/plain', data: latin1 }]);
      const response = await app.inject({
        method: 'POST',
        url: `/api/v1${tool.api.path}`,
        payload: upload.payload,
        headers: upload.headers,
      });
      const encodingRows = rows(tool, 'UNPROCESSABLE_FILE').filter((row) => row.when.includes('not UTF-8'));
      if (tool.api.input.kind === 'json-or-file' && tool.api.input.bytes) {
        expect(encodingRows).toHaveLength(0);
        expect(response.statusCode).toBe(200);
      } else {
        expect(encodingRows).toHaveLength(1);
        expectError(response, 422, 'UNPROCESSABLE_FILE', /not UTF-8.*ISO-8859-1/);
      }
    },
  );

  it('convert-audio: the 415 row and the answer name the same formats', async () => {
    const tool = liveTools.find((entry) => entry.id === 'convert-audio') as ToolSpec;
    const unsupported = rows(tool, 'UNSUPPORTED_MEDIA_TYPE');
    expect(unsupported).toHaveLength(1);
    expect(unsupported[0]?.when).toContain(`(${readableAudioText})`);
    expect(unsupported[0]?.when).not.toContain('*');
    const upload = form([
      {
        name: 'audio',
        filename: 'song.mp3',
        type: 'audio/mpeg',
        data: Buffer.from('not audio at all, just words'),
      },
      { name: 'format', value: 'mp3' },
    ]);
    const response = await app.inject({
      method: 'POST',
      url: '/api/v1/audio/convert',
      payload: upload.payload,
      headers: upload.headers,
    });
    expectError(
      response,
      415,
      'UNSUPPORTED_MEDIA_TYPE',
      `The file is not audio in a format this converter reads: send ${readableAudioText}.`,
    );
  });
});
