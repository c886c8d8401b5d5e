import { defaultLimits, formatBytes, maxFormBytes, type ToolSpec, uploadLimitBytes } from '@toolkit/catalog';
import type { FastifyInstance } from 'fastify';
import type { z } from 'zod';
import { limitsOf } from '../../src/openapi/limits.js';
import { testConfig } from './app.js';
import {
  exampleRequest,
  jsonRequest,
  multipartRequest,
  type Sample,
  sampleFile,
  wrongTypeFile,
} from './catalog-samples.js';
import {
  type Clause,
  expectDetailsName,
  firstExample,
  type Provocation,
  type Servers,
  send,
} from './error-table.js';
import { fixture } from './fixtures.js';

/*
 * The rows every tool gets from how it takes its input (reference/errors.ts, inputCases), provoked
 * against the default server.
 */

const severalImages = (tool: ToolSpec) => tool.api.input.field === 'images';

/** What a tool says of a truncated file of the kind it reads, by its file field (images aside). */
const truncatedMessages: Record<string, string> = {
  pdf: 'The PDF is damaged or truncated and could not be read.',
  audio:
    'The OGG file cannot be decoded to its end: it is truncated (its last page is cut short or missing).',
};

/** As many copies of `file` as the tool needs at least. */
function enough(tool: ToolSpec, file: Sample): Sample[] {
  const count = tool.api.input.kind === 'files' ? Math.max(tool.api.input.min, 1) : 1;
  return Array.from({ length: count }, (_, i) => ({ ...file, filename: `${i + 1}-${file.filename}` }));
}

/** The tool's example fields with `file` (repeated as needed) as its upload. */
function upload(tool: ToolSpec, file: Sample) {
  const fields = tool.api.input.kind === 'json-or-file' ? {} : firstExample(tool).fields;
  return multipartRequest(tool, fields, enough(tool, file));
}

/** A field of the tool's request and a value its schema refuses (the text member aside). */
export function invalidField(tool: ToolSpec): { name: string; value: string | number } {
  const shape = (tool.api.request?.shape ?? {}) as Record<string, z.ZodType>;
  const text = tool.api.input.kind === 'json-or-file' ? tool.api.input.textKey : undefined;
  for (const [name, schema] of Object.entries(shape)) {
    if (name === text) continue;
    for (const value of ['%%bogus%%', '-1', '1e12']) {
      if (!schema.safeParse(value).success) return { name, value };
    }
  }
  // A tool whose only field is its text: a number where the text goes.
  if (text) return { name: text, value: 12_345 };
  throw new Error(`${tool.id}: no field refuses a bogus value`);
}

const documented = defaultLimits;

/**
 * The `small` server's settings: uploads and bodies of 1 MB where a setting decides (the tools with
 * a limit of their own keep it), so the size rows are provoked without sending tens of megabytes.
 */
export const smallLimitsEnv = {
  IMAGE_MAX_UPLOAD_BYTES: String(1024 * 1024),
  UPLOAD_MAX_BYTES: String(1024 * 1024),
  BODY_MAX_BYTES: String(1024 * 1024),
};
const small = limitsOf(testConfig(smallLimitsEnv));

function smallServer(servers: Servers): FastifyInstance {
  if (!servers.small) throw new Error('The size rows need the "small" server (smallLimitsEnv).');
  return servers.small;
}
const uploadLimit = (tool: ToolSpec) => uploadLimitBytes(tool, small);
const formBytes = (tool: ToolSpec) => maxFormBytes(tool.api.input, uploadLimit(tool));

/** The first part of a multipart body that never ends properly. */
const brokenMultipart = {
  body: Buffer.from(
    '--XX\r\nContent-Disposition: form-data; name="file"; filename="a.txt"\r\n\r\nhalf a file',
  ),
  headers: { 'content-type': 'multipart/form-data; boundary=XX' },
};

/** A file one byte over the tool's upload limit. */
const bigFile = (tool: ToolSpec): Sample => ({
  filename: 'big.bin',
  type: 'application/octet-stream',
  data: Buffer.alloc(uploadLimit(tool) + 1, 1),
});

const mb = (bytes: number) => (bytes / 1024 / 1024).toFixed(1);

/** A form announcing (Content-Length) one byte more than the route reads: refused before it is read. */
const wholeForm: Clause = {
  provoke: (tool, servers) =>
    send(smallServer(servers), tool, {
      body: '--XX\r\n',
      headers: {
        'content-type': 'multipart/form-data; boundary=XX',
        'content-length': String(formBytes(tool) + 1),
      },
    }),
  message: (tool) => {
    const total = tool.api.input.kind === 'files' ? tool.api.input.maxTotalBytes : undefined;
    return `The upload is ${mb(formBytes(tool) + 1)} MB; at most ${total ? `${mb(total)} MB of files in all` : `${mb(uploadLimit(tool))} MB per file`} is allowed.`;
  },
};

/** Files that each fit but add up to more than `total`, in a form under the route's limit. */
const filesInAll = (total: number): Clause => ({
  provoke: (tool, servers) => {
    const third = {
      filename: 'third.bin',
      type: 'application/octet-stream',
      data: Buffer.alloc(Math.ceil(total / 3) + 1024, 1),
    };
    return send(
      smallServer(servers),
      tool,
      multipartRequest(tool, firstExample(tool).fields, [third, third, third]),
    );
  },
  message: `The files add up to more than the ${formatBytes(total)} allowed in all.`,
});

const brokenMultipartMessage = 'The multipart form could not be read: it is malformed or was cut off.';

/** A document of each kind that does not parse, and the answer's message (it carries the position). */
const malformed: Record<string, { text: string; message: RegExp }> = {
  json: { text: '[{"a":', message: /^The JSON is invalid at line 1, column \d+: / },
  csv: { text: 'a,"b\n1,2', message: /^The CSV is invalid at line 1, column \d+: / },
  xml: { text: '<a><b></a>', message: /^The XML is malformed at line 1, column \d+: / },
  yaml: { text: 'a: [', message: /^The YAML is invalid at line 1, column \d+: / },
  base64: { text: 'ab$c', message: /^The base64 is invalid at position 3: / },
};

const textKeyOf = (tool: ToolSpec) => (tool.api.input.kind === 'json-or-file' ? tool.api.input.textKey : '');

const latin1 = Buffer.from('caf\xe9 na\xefve \xe0 la fa\xe7on fran\xe7aise, tr\xe8s \xe9l\xe9gant', 'latin1');

/** A file of the right type that is cut short, by what the tool reads. */
function truncatedFile(tool: ToolSpec): Sample {
  const sample = sampleFile(tool);
  return { ...sample, filename: `cut-${sample.filename}`, data: sample.data.subarray(0, 500) };
}

export const inputProvocations: readonly Provocation[] = [
  {
    code: 'VALIDATION_ERROR',
    when: 'A field is invalid; details names each one.',
    provoke: (tool, { app }) => {
      const { name, value } = invalidField(tool);
      return send(app, tool, exampleRequest(tool, firstExample(tool), { [name]: value }));
    },
    message: (tool) => new RegExp(`^${invalidField(tool).name} must `),
    check: (answer, tool) => expectDetailsName(answer, invalidField(tool).name),
  },
  {
    code: 'MISSING_FILE',
    when: /^(No file was uploaded|Fewer than \d+ files were uploaded) in the "\w+" field/,
    provoke: (tool, { app }) => send(app, tool, multipartRequest(tool, firstExample(tool).fields, [])),
    message: ({ api: { input } }) =>
      input.kind === 'files'
        ? `Upload at least ${input.min === 1 ? 'one file' : `${input.min} files`} as multipart/form-data in the field "${input.field}".`
        : `No ${input.field === 'image' ? 'image' : 'file'} was uploaded. Send it as multipart/form-data in the field "${input.field}".`,
    more: (tool) => [
      {
        // The last of the files the tool needs is empty.
        provoke: (_, { app }) => {
          const files = enough(tool, sampleFile(tool)).map((file, i, all) =>
            i === all.length - 1 ? { ...file, filename: 'empty.bin', data: Buffer.alloc(0) } : file,
          );
          return send(app, tool, multipartRequest(tool, firstExample(tool).fields, files));
        },
        message: 'The uploaded file "empty.bin" is empty.',
      },
    ],
  },
  {
    code: 'MISSING_FILE',
    when: 'The uploaded file is empty.',
    provoke: (tool, { app }) =>
      send(
        app,
        tool,
        multipartRequest(tool, {}, [{ filename: 'empty.txt', type: 'text/plain', data: Buffer.alloc(0) }]),
      ),
    message: 'The uploaded file "empty.txt" is empty.',
  },
  {
    code: 'MALFORMED_REQUEST',
    when: 'The multipart body could not be read.',
    provoke: (tool, { app }) => send(app, tool, brokenMultipart),
    message: brokenMultipartMessage,
  },
  {
    code: 'MALFORMED_REQUEST',
    when: /^The body is not a JSON object \(with a "\w+" member\) nor a readable multipart form\.$/,
    provoke: (tool, { app }) =>
      send(app, tool, { body: '{"text": ', headers: { 'content-type': 'application/json' } }),
    message: 'The JSON body could not be parsed.',
    more: (tool) => [
      {
        provoke: (_, { app }) => send(app, tool, jsonRequest([textKeyOf(tool)])),
        message: `Send a JSON object with a "${textKeyOf(tool)}" member, or the content as multipart/form-data in the field "file".`,
      },
      { provoke: (_, { app }) => send(app, tool, brokenMultipart), message: brokenMultipartMessage },
    ],
  },
  {
    code: 'VALIDATION_ERROR',
    when: /^More than \d+ files were uploaded in the "\w+" field\.$/,
    provoke: (tool, { app }) => {
      const max = tool.api.input.kind === 'files' ? tool.api.input.max : 1;
      const tiny = { filename: 'a.png', type: 'image/png', data: Buffer.from('x') };
      return send(app, tool, multipartRequest(tool, firstExample(tool).fields, Array(max + 1).fill(tiny)));
    },
    message: ({ api: { input } }) =>
      `Upload at most ${input.kind === 'files' ? input.max : 1} files in the field "${input.field}"; this form has more.`,
    check: (answer, tool) => expectDetailsName(answer, tool.api.input.field),
  },
  {
    code: 'PAYLOAD_TOO_LARGE',
    when: /^(The file is|A file is) over /,
    provoke: (tool, servers) => {
      return send(
        smallServer(servers),
        tool,
        multipartRequest(tool, firstExample(tool).fields, [bigFile(tool)]),
      );
    },
    message: (tool) => `The file "big.bin" is larger than the ${formatBytes(uploadLimit(tool))} allowed.`,
    more: (tool) => [
      ...(tool.api.input.kind === 'files' && tool.api.input.maxTotalBytes
        ? [filesInAll(tool.api.input.maxTotalBytes)]
        : []),
      wholeForm,
    ],
  },
  {
    code: 'PAYLOAD_TOO_LARGE',
    when: /^The JSON body is over /,
    provoke: (tool, servers) => {
      return send(
        smallServer(servers),
        tool,
        jsonRequest({ [textKeyOf(tool)]: 'a'.repeat(small.textBodyBytes + 1) }),
      );
    },
    message: `The request body is larger than the ${formatBytes(small.textBodyBytes)} allowed.`,
    more: () => [
      {
        provoke: (tool, servers) =>
          send(smallServer(servers), tool, multipartRequest(tool, {}, [bigFile(tool)])),
        message: (tool) => `The file "big.bin" is larger than the ${formatBytes(uploadLimit(tool))} allowed.`,
      },
      wholeForm,
    ],
  },
  {
    code: 'IMAGE_TOO_LARGE',
    when: /^The decoded image has more than \d+ megapixels\.$/,
    provoke: (tool, { app }) =>
      send(
        app,
        tool,
        upload(tool, {
          filename: 'bomb.jpg',
          type: 'image/jpeg',
          data: fixture('bad/pixel-bomb_64250x64250_1KB.jpg'),
        }),
      ),
    message: (tool) =>
      `${severalImages(tool) ? 'Image 1 of 2 ("1-bomb.jpg"): ' : ''}The image is 64250 × 64250 pixels (4128 megapixels); the largest we decode is ${documented.maxInputPixels / 1_000_000} megapixels.`,
  },
  {
    code: 'UNSUPPORTED_MEDIA_TYPE',
    when: /^The file is not one of: .*\. The type is read from the bytes, not the name\.$/,
    provoke: (tool, { app }) => send(app, tool, upload(tool, wrongTypeFile(tool) as Sample)),
    message: (tool) =>
      tool.api.input.field === 'pdf'
        ? 'The file is not a PDF: it does not start with %PDF-.'
        : `${severalImages(tool) ? 'Image 1 of 2: ' : ''}The file "1-ltnews18_1page.pdf" is a PDF file (application/pdf). Upload a JPEG, PNG, WebP, GIF, AVIF, TIFF or SVG image.`,
  },
  {
    code: 'UNSUPPORTED_MEDIA_TYPE',
    when: 'The body is neither application/json nor multipart/form-data.',
    provoke: (tool, { app }) =>
      send(app, tool, { body: 'a,b\n1,2\n', headers: { 'content-type': 'text/csv' } }),
    message:
      'This Content-Type is not accepted here. Send files as multipart/form-data and text as application/json.',
  },
  {
    code: 'UNPROCESSABLE_FILE',
    when: 'The file has the right type but cannot be decoded (corrupt or truncated).',
    provoke: (tool, { app }) => send(app, tool, upload(tool, truncatedFile(tool))),
    message: (tool) =>
      truncatedMessages[tool.api.input.field] ??
      `${severalImages(tool) ? 'Image 1 of 2: ' : ''}The image "1-cut-chelsea_cat_451x300.png" could not be read: it looks corrupt or truncated.`,
  },
  {
    code: 'VALIDATION_ERROR',
    when: /^The (JSON|CSV|XML|YAML|base64) is not well formed: the message gives the (line and column|position) of the first error\.$/,
    provoke: (tool, { app }) => {
      const key = textKeyOf(tool);
      return send(app, tool, jsonRequest({ [key]: malformed[key]?.text }));
    },
    message: (tool) => malformed[textKeyOf(tool)]?.message ?? 'no malformed document of this kind',
  },
  {
    code: 'UNPROCESSABLE_FILE',
    when: /^The uploaded file is not UTF-8 text/,
    provoke: (tool, { app }) =>
      send(
        app,
        tool,
        multipartRequest(tool, {}, [{ filename: 'latin1.txt', type: 'text/plain', data: latin1 }]),
      ),
    message: (tool) =>
      tool.id === 'text-to-pdf'
        ? 'The file is not UTF-8 text (it looks like ISO-8859-1): save it as UTF-8 and send it again.'
        : 'The text is not UTF-8: it looks like ISO-8859-1. Save it as UTF-8 (or UTF-16 with a byte order mark) and send it again.',
  },
];
