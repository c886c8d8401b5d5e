import fp from 'fastify-plugin';

/**
 * Accepts multipart/form-data without reading it: each tool route reads its own parts
 * (src/http/multipart.ts) chunk by chunk as they arrive, with its own limits, so a body is never
 * parsed whole nor before the route has an upload slot for it.
 */
export const multipartPlugin = fp(
  async (app) => {
    app.addContentTypeParser('multipart/form-data', (_request, _payload, done) => done(null));
  },
  { name: 'api-multipart' },
);
