import type { FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { rememberBodySources } from '../core/fields.js';

/*
 * A JSON body is parsed as before (Fastify's own parser, same errors), and each object or array
 * member of it is remembered with the body's text. JSON.parse turns 12345678901234567890 into
 * 12345678901234567000 and 1e400 into Infinity; a data operation given such a member (json-to-csv's
 * `json`) reads it again from the text, in a worker, keeping every number as written.
 */

export const jsonBodyPlugin = fp(
  async (app) => {
    const parse = app.getDefaultJsonParser('ignore', 'ignore');
    app.addContentTypeParser(
      'application/json',
      { parseAs: 'string' },
      (
        request: FastifyRequest,
        raw: string | Buffer,
        done: (error: Error | null, body?: unknown) => void,
      ) => {
        // parseAs 'string' always gives text.
        const text = String(raw);
        parse(request, text, (error, body) => {
          if (!error) rememberBodySources(body, text);
          done(error, body);
        });
      },
    );
  },
  { name: 'json-body' },
);
