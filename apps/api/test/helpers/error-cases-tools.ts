import { readableAudioText, type ToolSpec } from '@toolkit/catalog';
import type { FastifyInstance } from 'fastify';
import { makeApp } from './app.js';
import { jsonRequest, multipartRequest, type Sample } from './catalog-samples.js';
import { type Provocation, send } from './error-table.js';
import { fixture } from './fixtures.js';
import { copyProtectedPdf, cyclicPagesPdf, emptyWav, sparseXlsx, truncated } from './hostile-files.js';

/*
 * The rows a tool adds of its own (`api.errors` in its catalog entry), each provoked by the input
 * that causes it. `tight` is a server with small limits where a row names a setting.
 */

/**
 * Servers with the settings some rows name: `tight` takes audio of a second at most and has no
 * LibreOffice; `hurried` gives each request a second (as little as the setting allows).
 */
export async function startToolServers(): Promise<Record<string, FastifyInstance>> {
  const [tight, hurried] = await Promise.all([
    makeApp({ AUDIO_MAX_DURATION_SECONDS: '1', SOFFICE_PATH: '/nonexistent/libreoffice/soffice' }),
    makeApp({ REQUEST_TIMEOUT_MS: '1000' }),
  ]);
  return { tight, hurried };
}

const escaped = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** `levels` nested openings and their closings. */
const nested = (open: string, close: string, levels: number) =>
  `${open.repeat(levels)}1${close.repeat(levels)}`;

const file = (filename: string, data: Buffer | string): Sample => ({
  filename,
  type: 'application/octet-stream',
  data: Buffer.from(data),
});

/** Uploads `sample` with `fields` to `tool` on the default server (or `server`). */
const upload =
  (sample: () => Sample | Promise<Sample>, fields: Record<string, string> = {}, server = 'app') =>
  async (tool: ToolSpec, servers: Record<string, FastifyInstance>) =>
    send(servers[server] as FastifyInstance, tool, multipartRequest(tool, fields, [await sample()]));

/** Sends `body` as JSON to `tool` on the default server. */
const json = (body: Record<string, unknown>) => (tool: ToolSpec, servers: Record<string, FastifyInstance>) =>
  send(servers.app as FastifyInstance, tool, jsonRequest(body));

export const toolProvocations: readonly Provocation[] = [
  {
    code: 'VALIDATION_ERROR',
    tools: ['file-conversion'],
    when: 'A JSON or YAML file does not parse (as on data/*: the message gives the line and column).',
    provoke: upload(() => file('broken.json', '{"a": [1, 2'), { to: 'yaml' }),
    message: "The JSON is invalid at line 1, column 12: Expected ',' or ']' after array element.",
  },
  {
    code: 'PAYLOAD_TOO_LARGE',
    tools: ['file-conversion'],
    when: 'A DOCX or XLSX unpacks to more than 100 MB, or a workbook has more than 1,000,000 cells.',
    provoke: upload(async () => file('sparse.xlsx', await sparseXlsx()), { to: 'csv' }),
    message:
      'The sheet "Sheet1" spans 1,048,576 rows × 16,384 columns, 17,179,869,184 cells with the empty ones between; at most 1,000,000 can be converted.',
  },
  {
    code: 'UNSUPPORTED_MEDIA_TYPE',
    tools: ['file-conversion'],
    when: 'The file is of a type that does not convert (the type is read from its bytes).',
    provoke: upload(() => file('aplay.elf', fixture('misc/aplay.elf')), { to: 'txt' }),
    message:
      'Files of this type (ELF executable or library (Linux/Unix)) cannot be converted. GET /api/v1/files/convert/formats lists what can.',
  },
  {
    code: 'UNSUPPORTED_MEDIA_TYPE',
    tools: ['file-conversion'],
    when: 'The target is PDF and the server has no LibreOffice to make it.',
    provoke: upload(
      () => file('chapter.docx', fixture('misc/debian-reference-ch08.en.docx')),
      { to: 'pdf' },
      'tight',
    ),
    message:
      /^This server cannot convert docx to pdf right now\. Office documents convert to PDF when LibreOffice is installed on the server/,
  },
  {
    code: 'UNPROCESSABLE_FILE',
    tools: ['file-conversion'],
    when: /^The file is damaged or truncated, or not valid in its format;/,
    provoke: upload(() => file('cut.docx', truncated(fixture('misc/debian-reference-ch08.en.docx'), 0.5)), {
      to: 'html',
    }),
    message: 'The DOCX file is damaged or truncated: its ZIP structure cannot be read.',
    more: () => [
      ...[
        ['deep.json', nested('[', ']', 1001), 'yaml', 'The JSON is nested more than 1000 levels deep'],
        ['deep.json', nested('[', ']', 201), 'yaml', 'The JSON is nested more than 200 levels deep'],
        ['deep.yaml', `${'- '.repeat(201)}x`, 'json', 'The YAML is nested more than 200 levels deep'],
        [
          'deep.html',
          nested('<div>', '</div>', 257),
          'md',
          'The HTML nests elements more than 256 levels deep',
        ],
        [
          'deep.md',
          `${'> '.repeat(101)}x`,
          'html',
          'The Markdown nests quotes, lists or emphasis more than 100 levels deep',
        ],
      ].map(([name, text, to, start]) => ({
        provoke: upload(() => file(name as string, text as string), { to: to as string }),
        message: new RegExp(`^${escaped(start as string)}; at most \\d+ levels can be converted\\.$`),
      })),
    ],
  },
  {
    code: 'UNPROCESSABLE_FILE',
    tools: ['xml-to-json'],
    when: /^The document declares entities in a DOCTYPE/,
    provoke: json({ xml: fixture('bad/xml_billion_laughs.xml').toString('utf8') }),
    message:
      'The XML document declares entities in its DOCTYPE (line 3, column 2). Entities are never expanded or fetched, so documents that declare them cannot be converted.',
    more: () => [
      {
        provoke: json({ xml: nested('<a>', '</a>', 1001) }),
        message: 'The XML is nested more than 1000 levels deep; at most 1000 levels can be converted.',
      },
    ],
  },
  {
    code: 'VALIDATION_ERROR',
    tools: ['json-to-xml'],
    when: /^root, item or a key of the JSON cannot be an XML name/,
    provoke: json({ json: '{"a": {"1 bad key": true}}' }),
    message: '"1 bad key" cannot be an XML element or attribute name (at $.a.1 bad key).',
    more: () => [
      {
        provoke: json({ json: '{"a": "bell \\u0007"}' }),
        message: 'The text contains U+0007, a character XML 1.0 cannot hold (at $.a).',
      },
    ],
  },
  {
    code: 'VALIDATION_ERROR',
    tools: ['yaml-to-json'],
    when: 'A mapping repeats a key; the message gives its line and column.',
    provoke: json({ yaml: 'name: Ada\nborn: 1815\nname: Alan\n' }),
    message: 'The YAML is invalid at line 3, column 1: Map keys must be unique.',
  },
  {
    code: 'UNPROCESSABLE_FILE',
    tools: ['yaml-to-json'],
    when: /^Aliases expand more than 100 times/,
    provoke: json({ yaml: fixture('bad/yaml_alias_bomb.yaml').toString('utf8') }),
    message: 'The YAML expands aliases more than 100 times (an alias bomb?); it is not converted.',
    more: () => [
      {
        provoke: json({ yaml: `${'- '.repeat(201)}x` }),
        message: 'The YAML is nested more than 200 levels deep; at most 200 levels can be converted.',
      },
      {
        provoke: json({ yaml: 'port: !custom 8080\n' }),
        message:
          'The YAML uses the unknown tag !custom at line 1, column 7: JSON has no type for it. Remove the tag to keep the value as written.',
      },
    ],
  },
  {
    code: 'PAYLOAD_TOO_LARGE',
    tools: ['convert-audio'],
    when: /^The audio is longer than the limit/,
    provoke: upload(() => file('race.mp3', fixture('audio/wonrace_128k.mp3')), { format: 'wav' }, 'tight'),
    message: 'The audio is 0:15 long; at most 0:01 can be converted.',
  },
  {
    code: 'UNSUPPORTED_MEDIA_TYPE',
    tools: ['convert-audio'],
    // The row and the answer name the formats from one list.
    when: new RegExp(
      `^The file is not audio in a format the converter reads \\(${escaped(readableAudioText)}\\)`,
    ),
    provoke: upload(() => file('song.mp3', 'not audio at all, just words'), { format: 'mp3' }),
    message: `The file is not audio in a format this converter reads: send ${readableAudioText}.`,
  },
  {
    code: 'UNPROCESSABLE_FILE',
    tools: ['convert-audio'],
    when: 'The audio is damaged or holds no audio stream.',
    provoke: upload(() => file('silence.wav', emptyWav()), { format: 'mp3' }),
    message: 'The WAV file holds no audio: it has a header but no samples.',
  },
  {
    code: 'UNPROCESSABLE_FILE',
    tools: ['pdf-to-text'],
    when: /^The PDF needs a password to open/,
    provoke: upload(() => file('secret.pdf', fixture('bad/pdf_encrypted_userpw_secret.pdf'))),
    message: 'The PDF is encrypted with a password needed to open it; remove the password and send it again.',
    more: () => [
      {
        provoke: upload(async () => file('protected.pdf', await copyProtectedPdf())),
        message:
          'The PDF is encrypted and its owner does not allow copying its text; ask its author for a copy without that restriction.',
      },
      {
        provoke: upload(() => file('cyclic.pdf', cyclicPagesPdf())),
        message: 'The PDF is damaged: its page tree contains itself, so its pages cannot be read.',
      },
      {
        provoke: upload(() => file('scan.pdf', fixture('pdf/image-only_felsen-wasser_1page.pdf'))),
        message:
          'This PDF has no text layer: its page holds only images or drawings (a scan?). Reading text from images needs OCR, which this tool does not do.',
      },
    ],
  },
  {
    code: 'TIMEOUT',
    tools: ['pdf-to-text'],
    when: 'Reading the document took longer than the processing time; ask for fewer pages.',
    // The request's deadline stops the reading, so the answer is the deadline's sentence.
    provoke: upload(() => file('long.pdf', fixture('pdf/lwarp_1370p.pdf')), {}, 'hurried'),
    message: 'The request took longer than 1 s to process.',
  },
  {
    code: 'VALIDATION_ERROR',
    tools: ['text-to-pdf'],
    when: 'The text is empty or only whitespace, or the margin leaves too little room.',
    provoke: json({ text: ' \n\t ' }),
    message: 'The text is empty or only whitespace: there is nothing to put in the PDF.',
    more: () => [
      {
        provoke: json({ text: 'hello', margin: 100 }),
        message: 'A margin of 100 mm leaves no room for text on A4 paper; use at most 85 mm.',
      },
    ],
  },
  {
    code: 'PAYLOAD_TOO_LARGE',
    tools: ['text-to-pdf'],
    when: /^The text has more than [\d,]+ characters/,
    provoke: json({ text: 'word '.repeat(500_000) }),
    message: 'The text has 2,500,000 characters; at most 2,000,000 fit in one PDF. Split it into parts.',
  },
  {
    code: 'UNPROCESSABLE_FILE',
    tools: ['text-to-pdf'],
    when: /^With markdown, the text nests quotes, lists or emphasis more than 100 levels deep/,
    provoke: json({ text: `${'> '.repeat(200)}deep`, markdown: true }),
    message:
      'The Markdown nests quotes, lists or emphasis more than 100 levels deep; at most 100 levels can be converted.',
    more: () => [
      {
        provoke: json({ text: `a${'\u0301'.repeat(101)}` }),
        message:
          'The text has a character carrying 101 combining marks or joiners; at most 100 can be drawn on one character.',
      },
    ],
  },
];
