import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Config } from '../../config.js';
import { enableOfficeHint, formatsReport } from '../../operations/files/convert/formats.js';
import { convertFormatsPath } from './convert-formats-doc.js';
import { fileCapabilities } from './file-services.js';

async function report(config: Config) {
  return formatsReport(await fileCapabilities(config));
}

/** GET /files/convert/formats: the conversions this server can do right now (office → PDF only with LibreOffice). */
export const convertFormatsPlugin = fp(
  async (app: FastifyInstance, options: { config: Config }) => {
    app.get(convertFormatsPath, async (_request, reply) => {
      const data = await report(options.config);
      reply.header('cache-control', 'no-store');
      const office = data.unavailable.length === 0;
      return {
        success: true,
        message: office
          ? 'These conversions are available on this server.'
          : `These conversions are available on this server. ${enableOfficeHint}`,
        data,
      };
    });
  },
  { name: 'convert-formats' },
);
