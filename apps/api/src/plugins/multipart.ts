import multipart from '@fastify/multipart';
import fp from 'fastify-plugin';

export interface MultipartPluginOptions {
  fileBytes: number;
  files: number;
  fields: number;
  fieldBytes: number;
}

/**
 * multipart/form-data parsing with hard limits. Bodies are streamed, never attached whole: each
 * tool route reads its parts itself (src/http/multipart.ts) with its own file-size limit; these
 * are the defaults for anything else.
 */
export const multipartPlugin = fp(
  async (app, limits: MultipartPluginOptions) => {
    await app.register(multipart, {
      limits: {
        fileSize: limits.fileBytes,
        files: limits.files,
        fields: limits.fields,
        fieldSize: limits.fieldBytes,
        parts: limits.files + limits.fields,
        headerPairs: 100,
      },
    });
  },
  { name: 'api-multipart' },
);
