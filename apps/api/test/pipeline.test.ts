import { XMLParser } from 'fast-xml-parser';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import yauzl from 'yauzl';
import { buildOpenApiDocument } from '../src/openapi/document.js';
import { locateSoffice } from '../src/operations/files/convert/office-pdf.js';
import { fixture } from './helpers/fixtures.js';
import { type FormPart, form } from './helpers/form.js';
import { servePerFile } from './helpers/listen.js';

/*
 * POST /api/v1/pipeline (API.md "Pipelines and batches") against a listening server: the example
 * chains with their results decoded, the whole-chain check, batches as a zip with a manifest, and
 * the same answer asynchronously.
 */

const server = servePerFile({ JOBS_CONCURRENCY: '1' });
const url = () => `${server.base}/api/v1/pipeline`;

type Steps = Record<string, unknown>[];

function postJson(steps: Steps, text: string, headers: Record<string, string> = {}) {
  return fetch(url(), {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify({ steps, input: { text } }),
  });
}

function postFiles(steps: Steps, files: { name: string; data: Buffer }[]) {
  const parts: FormPart[] = [
    { name: 'pipeline', value: JSON.stringify({ steps }) },
    ...files.map((f) => ({ name: 'files', filename: f.name, data: f.data })),
  ];
  const { payload, headers } = form(parts);
  return fetch(url(), { method: 'POST', headers, body: payload });
}

/** Every entry of a zip, by name (callback-style yauzl, read one entry at a time). */
function unzip(data: Buffer): Promise<Map<string, Buffer>> {
  return new Promise((resolve, reject) => {
    yauzl.fromBuffer(data, { lazyEntries: true }, (error, zip) => {
      if (error || !zip) return reject(error ?? new Error('not a zip'));
      const entries = new Map<string, Buffer>();
      zip.on('entry', (entry: yauzl.Entry) => {
        zip.openReadStream(entry, (failed, stream) => {
          if (failed || !stream) return reject(failed ?? new Error('unreadable entry'));
          const chunks: Buffer[] = [];
          stream.on('data', (chunk: Buffer) => chunks.push(chunk));
          stream.on('end', () => {
            entries.set(entry.fileName, Buffer.concat(chunks));
            zip.readEntry();
          });
        });
      });
      zip.on('end', () => resolve(entries));
      zip.on('error', reject);
      zip.readEntry();
    });
  });
}

interface ErrorJson {
  code: string;
  message: string;
  details: { field: string; message: string }[];
}
const errorOf = async (response: Response) => (await response.json()) as ErrorJson;
const dataOf = async <T>(response: Response) => ((await response.json()) as { data: T }).data;

const bytes = async (response: Response) => Buffer.from(await response.arrayBuffer());

/** The Server-Timing entries' names and descriptions. */
function timings(response: Response): { name: string; desc: string }[] {
  return (response.headers.get('server-timing') ?? '').split(', ').map((entry) => {
    const [name = '', ...params] = entry.split(';');
    expect(params.some((p) => /^dur=\d+(\.\d+)?$/.test(p))).toBe(true);
    return { name, desc: /desc="([^"]*)"/.exec(entry)?.[1] ?? '' };
  });
}

const soffice = await locateSoffice(undefined, process.env.PATH);

describe('the example chains', () => {
  it.skipIf(!soffice)(
    'docx → pdf → text → word count (skipped without LibreOffice)',
    async () => {
      const docx = { name: 'chapter.docx', data: fixture('misc/debian-reference-ch08.en.docx') };
      const response = await postFiles(
        [{ op: 'files/convert', to: 'pdf' }, { op: 'pdf/to-text' }, { op: 'text/word-count' }],
        [docx],
      );
      expect(response.status).toBe(200);
      const counted = await dataOf<{ words: number }>(response);
      expect(timings(response).map((t) => t.desc)).toEqual([
        'files/convert',
        'pdf/to-text',
        'text/word-count',
      ]);
      // The same text extracted directly from the PDF, counted by its own request.
      const pdf = await postFiles([{ op: 'files/convert', to: 'pdf' }], [docx]);
      expect(pdf.headers.get('content-type')).toBe('application/pdf');
      const text = await postFiles(
        [{ op: 'pdf/to-text' }],
        [{ name: 'chapter.pdf', data: await bytes(pdf) }],
      );
      const direct = (await dataOf<{ text: string }>(text)).text;
      const words = direct.split(/\s+/).filter((w) => /[\p{L}\p{N}]/u.test(w)).length;
      expect(counted.words).toBeGreaterThan(500);
      // Word segmentation counts a little differently from splitting on spaces; the same text counts the same.
      const again = await fetch(`${server.base}/api/v1/text/word-count`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ text: direct }),
      });
      expect(counted.words).toBe((await dataOf<{ words: number }>(again)).words);
      expect(Math.abs(counted.words - words) / words).toBeLessThan(0.15);
    },
    // Two LibreOffice conversions on a busy machine: a bound for the harness, not an assertion.
    120_000,
  );

  it('photo → resize → webp → zip: the zip holds a WebP of the new size', async () => {
    const photo = fixture('images/photo_freshflower_progressive_1600x1203.jpg');
    const response = await postFiles(
      [
        { op: 'images/resize', width: 400 },
        { op: 'images/convert', format: 'webp' },
        { op: 'files/compress' },
      ],
      [{ name: 'flower.jpg', data: photo }],
    );
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/zip');
    expect(response.headers.get('content-disposition')).toBe('attachment; filename="flower-compress.zip"');
    const entries = await unzip(await bytes(response));
    expect([...entries.keys()]).toEqual(['flower.webp']);
    const meta = await sharp(entries.get('flower.webp')).metadata();
    expect(meta).toMatchObject({ format: 'webp', width: 400, height: Math.round((1203 * 400) / 1600) });
  });

  it('csv → json → xml: the XML holds the CSV rows', async () => {
    const csv = 'name,born\nAda Lovelace,1815\nAlan Turing,1912\n';
    const response = await postJson(
      [{ op: 'data/csv-to-json' }, { op: 'data/json-to-xml', item: 'person' }],
      csv,
    );
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^application\/xml/);
    const xml = new XMLParser().parse(await response.text());
    expect(xml.root.person).toEqual([
      { name: 'Ada Lovelace', born: 1815 },
      { name: 'Alan Turing', born: 1912 },
    ]);
  });

  it('an image chain answers as its last step would: rotate → thumbnail → png', async () => {
    const cat = fixture('images/chelsea_cat_451x300.png');
    const response = await postFiles(
      [
        { op: 'images/rotate', angle: 90 },
        { op: 'images/thumbnail', size: 'medium' },
        { op: 'images/convert', format: 'jpeg', quality: 80 },
      ],
      [{ name: 'cat.png', data: cat }],
    );
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('image/jpeg');
    expect(response.headers.get('content-disposition')).toBe('attachment; filename="cat-convert.jpg"');
    expect(response.headers.get('x-image-width')).toBe('300');
    const meta = await sharp(await bytes(response)).metadata();
    expect(meta).toMatchObject({ format: 'jpeg', width: 300, height: 300 });
    expect(timings(response)).toEqual([
      { name: 'step1', desc: 'images/rotate' },
      { name: 'step2', desc: 'images/thumbnail' },
      { name: 'step3', desc: 'images/convert' },
    ]);
  });
});

describe('the whole pipeline is checked before any work', () => {
  const invalid: [string, Steps, 'text' | 'file', number, RegExp][] = [
    [
      'an image step after a data step',
      [{ op: 'data/csv-to-json' }, { op: 'images/resize', width: 10 }],
      'text',
      2,
      /Step 2 \(images\/resize\) takes an image; step 1 \(data\/csv-to-json\) gives JSON\./,
    ],
    [
      'a JSON step after an image step',
      [{ op: 'images/flip' }, { op: 'data/json-to-csv' }],
      'file',
      2,
      /takes JSON; step 1 \(images\/flip\) gives an image\./,
    ],
    [
      'a PDF step after audio',
      [{ op: 'audio/convert', format: 'mp3' }, { op: 'pdf/to-text' }],
      'file',
      2,
      /takes a PDF; step 1 \(audio\/convert\) gives audio\./,
    ],
    [
      'a step after an analysis',
      [{ op: 'files/detect' }, { op: 'data/json-to-xml' }],
      'file',
      2,
      /takes JSON; step 1 \(files\/detect\) gives a JSON analysis\./,
    ],
    [
      'a conversion to an image fed to CSV parsing',
      [{ op: 'files/convert', to: 'png' }, { op: 'data/csv-to-json' }],
      'file',
      2,
      /takes CSV; step 1 \(files\/convert\) gives an image\./,
    ],
    [
      'a step that needs several files',
      [{ op: 'images/resize', width: 10 }, { op: 'images/combine' }],
      'file',
      2,
      /takes several files at once/,
    ],
    [
      'an image step on text input',
      [{ op: 'images/resize', width: 10 }],
      'text',
      1,
      /Step 1 \(images\/resize\) takes an image as an uploaded file; the pipeline's input is text\./,
    ],
    [
      'an archive into a text step',
      [{ op: 'files/compress' }, { op: 'text/word-count' }, { op: 'images/flip' }],
      'file',
      2,
      /takes text; step 1 \(files\/compress\) gives an archive\./,
    ],
  ];
  it.each(invalid)('%s: 400 PIPELINE_INVALID naming the step', async (_, steps, input, step, message) => {
    const response =
      input === 'text'
        ? await postJson(steps, 'a,b\n1,2\n')
        : await postFiles(steps, [{ name: 'x.png', data: fixture('images/chelsea_cat_451x300.png') }]);
    expect(response.status).toBe(400);
    const body = await errorOf(response);
    expect(body).toMatchObject({ success: false, code: 'PIPELINE_INVALID' });
    expect(body.message).toMatch(message);
    expect(body.details).toEqual([{ field: `steps[${step - 1}].op`, message: body.message }]);
  });

  it('11 steps: 400, nothing run', async () => {
    const steps = Array.from({ length: 11 }, () => ({ op: 'images/flip' }));
    const response = await postFiles(steps, [
      { name: 'x.png', data: fixture('images/chelsea_cat_451x300.png') },
    ]);
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({
      code: 'VALIDATION_ERROR',
      message: 'A pipeline has 1 to 10 steps; this one has 11.',
    });
  });

  it("a step's fields are validated by its own schema, the step named", async () => {
    const response = await postJson(
      [{ op: 'data/csv-to-json' }, { op: 'data/json-to-xml', pretty: 'maybe' }],
      'a\n1\n',
    );
    expect(response.status).toBe(400);
    const body = await errorOf(response);
    expect(body.code).toBe('VALIDATION_ERROR');
    expect(body.message).toMatch(/^Step 2 \(data\/json-to-xml\): /);
    expect(body.details[0]?.field).toBe('steps[1].pretty');
  });

  it('an unknown operation is named', async () => {
    const response = await postJson([{ op: 'images/paint' }], 'x');
    expect(await response.json()).toMatchObject({
      code: 'VALIDATION_ERROR',
      message: 'Step 1: there is no operation "images/paint".',
    });
  });

  it('a step that fails at run time answers with its own error, the step named', async () => {
    const response = await postJson(
      [{ op: 'data/csv-to-json' }, { op: 'data/json-to-csv' }, { op: 'data/base64-decode' }],
      'x\n!\n',
    );
    expect(response.status).toBe(400);
    const body = await errorOf(response);
    expect(body.code).toBe('VALIDATION_ERROR');
    expect(body.message).toMatch(/^Step 3 \(data\/base64-decode\): .*position/);
  });
});

describe('batches', () => {
  it('5 files with 1 corrupt: a zip of 4 results and a manifest naming the failure', async () => {
    const make = (width: number) =>
      sharp({ create: { width, height: 100, channels: 3, background: '#3366cc' } })
        .png()
        .toBuffer();
    const files = [
      { name: 'a.png', data: await make(200) },
      { name: 'b.png', data: await make(300) },
      { name: 'broken.jpg', data: fixture('bad/truncated_skimage.jpg') },
      { name: 'c.png', data: await make(400) },
      { name: 'd.png', data: await make(500) },
    ];
    const response = await postFiles(
      [
        { op: 'images/resize', width: 100 },
        { op: 'images/convert', format: 'webp' },
      ],
      files,
    );
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/zip');
    expect(timings(response).map((t) => t.name)).toEqual(['step1', 'step2']);
    const entries = await unzip(await bytes(response));
    expect([...entries.keys()].sort()).toEqual([
      'a-convert.webp',
      'b-convert.webp',
      'c-convert.webp',
      'd-convert.webp',
      'manifest.json',
    ]);
    for (const [name, data] of entries) {
      if (name === 'manifest.json') continue;
      expect(await sharp(data).metadata()).toMatchObject({ format: 'webp', width: 100 });
    }
    const manifest = JSON.parse(entries.get('manifest.json')?.toString('utf8') ?? '');
    expect(manifest.steps).toEqual(['images/resize', 'images/convert']);
    expect(manifest.files).toHaveLength(5);
    expect(manifest.files[0]).toEqual({
      input: 'a.png',
      output: 'a-convert.webp',
      status: 'succeeded',
      error: null,
    });
    expect(manifest.files[2]).toMatchObject({ input: 'broken.jpg', output: null, status: 'failed' });
    expect(manifest.files[2].error).toMatchObject({ step: 1, code: 'UNPROCESSABLE_FILE' });
    expect(manifest.files[2].error.message).toMatch(/^Step 1 \(images\/resize\): /);
  });
});

describe('asynchronously', () => {
  it('Prefer: respond-async gives a job whose result equals the synchronous answer', async () => {
    const steps = [{ op: 'data/csv-to-json' }, { op: 'data/json-to-xml' }];
    const sync = await postJson(steps, 'x,y\n1,2\n');
    const accepted = await postJson(steps, 'x,y\n1,2\n', { prefer: 'respond-async' });
    expect(accepted.status).toBe(202);
    const { data } = (await accepted.json()) as { data: { statusUrl: string; resultUrl: string } };
    let status = '';
    for (let i = 0; i < 600 && !['succeeded', 'failed'].includes(status); i++) {
      await new Promise((resolve) => setTimeout(resolve, 50));
      const job = (await (await fetch(`${server.base}${data.statusUrl}`)).json()) as {
        data: { status: string; operation: string };
      };
      status = job.data.status;
      expect(job.data.operation).toBe('pipeline');
    }
    expect(status).toBe('succeeded');
    const result = await fetch(`${server.base}${data.resultUrl}`);
    expect(result.status).toBe(200);
    expect(result.headers.get('content-type')).toBe(sync.headers.get('content-type'));
    expect(await result.text()).toBe(await sync.text());
  });
});

interface OpenApi {
  paths: Record<string, { post?: unknown }>;
  components: { schemas: Record<string, { properties: { op: { const: string } } }> };
}
interface StepsSchema {
  maxItems: number;
  items: { oneOf: { $ref: string }[]; discriminator: { propertyName: string } };
}

describe('OpenAPI', () => {
  it('describes the pipeline with one oneOf branch per live operation, keyed on op', () => {
    const document = buildOpenApiDocument() as unknown as OpenApi;
    const pipeline = document.paths['/pipeline']?.post as {
      requestBody: { content: { 'application/json': { schema: { properties: { steps: StepsSchema } } } } };
    };
    const steps = pipeline.requestBody.content['application/json'].schema.properties.steps;
    const step = steps.items;
    const operations = Object.entries(document.paths)
      .filter(([path, item]) => item.post && path !== '/pipeline')
      .map(([path]) => path.slice(1));
    expect(step.discriminator.propertyName).toBe('op');
    expect(step.oneOf).toHaveLength(operations.length);
    const ops = step.oneOf.map(
      (branch) => document.components.schemas[branch.$ref.split('/').pop() ?? '']?.properties.op.const,
    );
    expect(ops.sort()).toEqual(operations.sort());
    expect(steps.maxItems).toBe(10);
  });
});

describe('with API keys', () => {
  const keyed = servePerFile({ API_KEYS: 'pipeline-test-key' });
  const run = (headers: Record<string, string>) =>
    fetch(`${keyed.base}/api/v1/pipeline`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...headers },
      body: JSON.stringify({
        steps: [{ op: 'data/csv-to-json' }, { op: 'data/json-to-csv' }],
        input: { text: 'a\n1\n' },
      }),
    });

  it('needs a key; its steps run without one of their own', async () => {
    const refused = await run({});
    expect(refused.status).toBe(401);
    expect((await errorOf(refused)).code).toBe('UNAUTHORIZED');
    const allowed = await run({ authorization: 'Bearer pipeline-test-key' });
    expect(allowed.status).toBe(200);
    expect(await allowed.text()).toBe('a\r\n1\r\n');
  });
});
