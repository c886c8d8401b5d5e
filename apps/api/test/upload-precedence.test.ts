import { type ToolSpec, uploadPrecedence } from '@toolkit/catalog';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeApp } from './helpers/app.js';
import { multipartRequest, sampleFile, textTools } from './helpers/catalog-samples.js';
import { pdfText, squash } from './helpers/media.js';

/*
 * The one precedence rule of the JSON-or-file routes (catalog: uploadPrecedence): a form carrying
 * both the text field and a file uses the file. Each route gets a field with other content than
 * the file, and must answer exactly as it does to the file alone.
 */

let app: FastifyInstance;
beforeAll(async () => {
  app = await makeApp();
});
afterAll(async () => {
  await app.close();
});

/** Other content for the text field, of the kind the tool reads. */
const otherContent: Record<string, string> = {
  json: '[{"other":"field"}]',
  csv: 'other,field\n1,2\n',
  xml: '<other>field</other>',
  yaml: 'other: field\n',
  base64: 'b3RoZXIgZmllbGQ=',
  text: 'Other words, from the text field only.',
};

async function post(tool: ToolSpec, fields: Record<string, string>) {
  const file = sampleFile(tool);
  const request = multipartRequest(tool, fields, [file]);
  const response = await app.inject({
    method: 'POST',
    url: `/api/v1${tool.api.path}`,
    headers: request.headers,
    payload: request.body,
  });
  expect(response.statusCode, response.body.slice(0, 300)).toBe(200);
  // PDFs carry their creation time: compare what they say, not their bytes.
  if (response.headers['content-type'] === 'application/pdf')
    return squash((await pdfText(response.rawPayload)).text);
  return response.body;
}

describe('an uploaded file wins over the text field', () => {
  it('is the rule the docs print', () => {
    expect(uploadPrecedence).toMatch(/uses the file/);
  });

  it.each(textTools.map(({ tool, textKey }) => [tool.id, tool, textKey] as const))(
    '%s',
    async (_, tool, textKey) => {
      const field = otherContent[textKey];
      if (!field) throw new Error(`no other content for "${textKey}"`);
      const fileOnly = await post(tool, {});
      const both = await post(tool, { [textKey]: field });
      expect(both).toBe(fileOnly);
      expect(both).not.toContain('other');
    },
  );
});
