import { groups } from '@toolkit/catalog';
import { envelope, jsonResponse } from '../../openapi/parts.js';

/*
 * GET /files/convert/formats as the OpenAPI document shows it. Kept apart from the route (which
 * needs LibreOffice's location and the pools) so the document can be built anywhere, the website's
 * tests included.
 */

export const convertFormatsPath = '/files/convert/formats';

const stringList = { type: 'array', items: { type: 'string' } };

/** Its OpenAPI path item (the tool routes come from the catalog; this one is written here). */
export const convertFormatsOpenApi = {
  get: {
    operationId: 'convertFormats',
    summary: 'What /files/convert can do on this server',
    description:
      'Lists, by source format, the formats each converts to right now. Office documents convert to PDF only when LibreOffice is installed; `unavailable` then says how to enable it.',
    tags: [groups.find((g) => g.id === 'file')?.title ?? 'Files'],
    responses: {
      '200': jsonResponse(
        'The conversions available now.',
        envelope({
          type: 'object',
          required: ['conversions', 'unavailable', 'extensions'],
          properties: {
            conversions: {
              type: 'object',
              description:
                'Source format → the formats it converts to, e.g. {"docx": ["html", "md", "txt", "pdf"]}.',
              additionalProperties: stringList,
            },
            unavailable: {
              type: 'array',
              description: 'Conversions this server could do once set up, and how.',
              items: {
                type: 'object',
                required: ['from', 'to', 'reason'],
                properties: { from: { type: 'string' }, to: { type: 'string' }, reason: { type: 'string' } },
              },
            },
            extensions: {
              type: 'object',
              description: 'Source format → file extensions it usually has (the server reads the content).',
              additionalProperties: stringList,
            },
          },
        }),
      ),
    },
  },
};
