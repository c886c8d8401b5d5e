import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { form } from './form.js';

/** POSTs a JSON body to an /api/v1 path. */
export function postJson(app: FastifyInstance, path: string, body: unknown): Promise<LightMyRequestResponse> {
  return app.inject({
    method: 'POST',
    url: `/api/v1${path}`,
    headers: { 'content-type': 'application/json' },
    payload: typeof body === 'string' ? body : JSON.stringify(body),
  });
}

/** POSTs `data` as the uploaded `file`, with text fields, to an /api/v1 path. */
export function postFile(
  app: FastifyInstance,
  path: string,
  data: Buffer,
  fields: Record<string, string> = {},
  filename = 'input.txt',
): Promise<LightMyRequestResponse> {
  const { payload, headers } = form([
    { name: 'file', filename, data },
    ...Object.entries(fields).map(([name, value]) => ({ name, value })),
  ]);
  return app.inject({ method: 'POST', url: `/api/v1${path}`, payload, headers });
}
