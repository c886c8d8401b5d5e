import type { FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';

/*
 * A JSON body is parsed as before (Fastify's own parser, same errors), and each object or array
 * member of it is remembered with the body's text. JSON.parse turns 12345678901234567890 into
 * 12345678901234567000 and 1e400 into Infinity; a data operation given such a member (json-to-csv's
 * `json`) reads it again from the text, in a worker, keeping every number as written.
 */

/** The text of the JSON body a member value came from, and the member's name. */
export interface BodySource {
  text: string;
  member: string;
}

const sources = new WeakMap<object, BodySource>();

/** The body text an object or array value of a JSON body came from, when it came from one. */
export function bodySourceOf(value: unknown): BodySource | undefined {
  return value !== null && typeof value === 'object' ? sources.get(value) : undefined;
}

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
          if (!error && body !== null && typeof body === 'object' && !Array.isArray(body)) {
            for (const [member, value] of Object.entries(body)) {
              if (value !== null && typeof value === 'object') sources.set(value, { text, member });
            }
          }
          done(error, body);
        });
      },
    );
  },
  { name: 'json-body' },
);
