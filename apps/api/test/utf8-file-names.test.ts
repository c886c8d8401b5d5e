import { execFileSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse as parseDisposition } from 'content-disposition/index.js';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { fixture } from './helpers/fixtures.js';
import { type FormPart, form } from './helpers/form.js';
import { servePerFile } from './helpers/listen.js';
import { scratchDir } from './helpers/scratch.js';

/*
 * Issue 28, defect 1: file names outside Latin-1 were refused on every endpoint (413 "The field ""
 * is longer…"). Browsers and curl send the name as raw UTF-8 in filename="…" (the form helper writes
 * its strings as UTF-8 bytes, as they do); RFC 5987 clients send filename*=. Over a real socket, for
 * every kind of file field, the upload works and the download name comes back in Content-Disposition.
 */

const names = ['日本語', 'ж', '€', '😀'];

const server = servePerFile();

const cat = fixture('images/chelsea_cat_451x300.png');
const csv = Buffer.from('id,name\n1,a\n');

interface Route {
  path: string;
  field: string;
  file: Buffer;
  extension: string;
  fields?: Record<string, string>;
  /** Files sent (the tools that take several). */
  count?: number;
  /** The download's extension, or undefined for a JSON answer (no download name). */
  download: string | undefined;
  /** The operation in the download name, when it is not the path's last segment. */
  operation?: string;
}

const routes: Route[] = [
  {
    path: 'images/resize',
    field: 'image',
    file: cat,
    extension: 'png',
    fields: { width: '40' },
    download: 'png',
  },
  { path: 'images/combine', field: 'images', file: cat, extension: 'png', count: 2, download: 'png' },
  {
    path: 'files/convert',
    field: 'file',
    file: Buffer.from('# Title\n'),
    extension: 'md',
    fields: { to: 'html' },
    download: 'html',
  },
  { path: 'files/compress', field: 'files', file: csv, extension: 'csv', download: 'zip' },
  {
    path: 'audio/convert',
    field: 'audio',
    file: fixture('audio/Front_Center_pcm16_48k_mono.wav'),
    extension: 'wav',
    fields: { format: 'mp3' },
    download: 'mp3',
  },
  {
    path: 'pdf/to-text',
    field: 'pdf',
    file: fixture('pdf/ltnews18_1page.pdf'),
    extension: 'pdf',
    download: undefined,
  },
  { path: 'pdf/from-text', field: 'file', file: Buffer.from('Hello'), extension: 'txt', download: 'pdf' },
  // A file that decodes to something other than text comes back as a download named "decoded".
  {
    path: 'data/base64-decode',
    field: 'file',
    file: Buffer.from(cat.toString('base64')),
    extension: 'txt',
    download: 'png',
    operation: 'decoded',
  },
];

async function post(route: Route, parts: FormPart[]) {
  const body = form([
    ...parts,
    ...Object.entries(route.fields ?? {}).map(([name, value]) => ({ name, value })),
  ]);
  return fetch(`${server.base}/api/v1/${route.path}`, {
    method: 'POST',
    headers: body.headers,
    body: new Uint8Array(body.payload),
  });
}

/** The download name a browser takes from Content-Disposition (filename* before filename). */
function downloadName(header: string | null): string | undefined {
  return header ? parseDisposition(header).parameters.filename : undefined;
}

const operation = (route: Route) => route.operation ?? route.path.split('/').pop();

describe('UTF-8 file names', () => {
  it.each(routes)(
    'work on $path (field $field), raw in filename="…"',
    async (route) => {
      for (const stem of names) {
        const filename = `${stem}.${route.extension}`;
        const files = Array.from({ length: route.count ?? 1 }, () => ({
          name: route.field,
          filename,
          data: route.file,
        }));
        const res = await post(route, files);
        const body = Buffer.from(await res.arrayBuffer());
        expect(res.status, `${filename}: ${body.toString().slice(0, 200)}`).toBe(200);
        const disposition = res.headers.get('content-disposition');
        if (route.download === undefined) {
          expect(disposition).toBeNull();
          continue;
        }
        expect(downloadName(disposition), filename).toBe(`${stem}-${operation(route)}.${route.download}`);
        // The plain filename= stays ASCII for clients that read no filename*.
        expect(disposition).toMatch(/^attachment; filename="[\x20-\x7e]+"; filename\*=UTF-8''/);
      }
    },
    60_000,
  );

  it('reads an RFC 5987 filename*= too', async () => {
    const route = routes[0] as Route;
    const boundary = 'b0undary';
    const payload = Buffer.concat([
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="image"; filename*=UTF-8''%E6%97%A5%E6%9C%AC%E8%AA%9E.png\r\n` +
          'Content-Type: image/png\r\n\r\n',
      ),
      cat,
      Buffer.from(
        `\r\n--${boundary}\r\nContent-Disposition: form-data; name="width"\r\n\r\n30\r\n--${boundary}--\r\n`,
      ),
    ]);
    const res = await fetch(`${server.base}/api/v1/${route.path}`, {
      method: 'POST',
      headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
      body: new Uint8Array(payload),
    });
    expect(res.status).toBe(200);
    expect((await sharp(Buffer.from(await res.arrayBuffer())).metadata()).width).toBe(30);
    expect(downloadName(res.headers.get('content-disposition'))).toBe('日本語-resize.png');
  });

  it('keeps the names inside an archive', async () => {
    const route = routes[3] as Route;
    const res = await post(
      route,
      names.map((stem) => ({ name: 'files', filename: `${stem}.csv`, data: csv })),
    );
    expect(res.status).toBe(200);
    const path = join(scratchDir('utf8-names-'), 'a.zip');
    writeFileSync(path, Buffer.from(await res.arrayBuffer()));
    // Listed by unzip itself, not by our code.
    const listed = execFileSync('unzip', ['-Z1', path], {
      encoding: 'utf8',
      env: { ...process.env, LC_ALL: 'C.UTF-8' },
    });
    expect(listed.trim().split('\n')).toEqual(names.map((stem) => `${stem}.csv`));
  });
});
