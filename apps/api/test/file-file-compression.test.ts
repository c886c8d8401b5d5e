import { execFileSync } from 'node:child_process';
import { mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectError, makeApp } from './helpers/app.js';
import { fixture } from './helpers/fixtures.js';
import { type FormPart, form } from './helpers/form.js';

// Every archive is opened by the command-line tools people use (unzip, tar, gzip), never by our code.
let app: FastifyInstance;
const work = mkdtempSync(join(tmpdir(), 'files-compress-http-'));
beforeAll(async () => {
  app = await makeApp();
});
afterAll(async () => {
  await app.close();
  rmSync(work, { recursive: true, force: true });
});

type File = { filename: string; data: Buffer };
const text = (filename: string, content: string): File => ({ filename, data: Buffer.from(content) });

function post(files: File[], fields: Record<string, string> = {}) {
  const parts: FormPart[] = [
    ...files.map((f) => ({ name: 'files', filename: f.filename, data: f.data })),
    ...Object.entries(fields).map(([name, value]) => ({ name, value })),
  ];
  const { payload, headers } = form(parts);
  return app.inject({ method: 'POST', url: '/api/v1/files/compress', payload, headers });
}

let count = 0;
function saved(body: Buffer, ext: string): string {
  const path = join(work, `result-${count++}.${ext}`);
  writeFileSync(path, body);
  return path;
}
const run = (cmd: string, args: string[]) =>
  execFileSync(cmd, args, { encoding: 'utf8', env: { ...process.env, LC_ALL: 'C.UTF-8', TZ: 'UTC' } });

describe('POST /api/v1/files/compress', () => {
  it('zips files with their UTF-8 names, cleaned and de-duplicated, and the sizes in headers', async () => {
    const photo = fixture('images/chelsea_cat_451x300.png');
    const long = `${'n'.repeat(300)}.txt`;
    const files = [
      { filename: 'Grüße.png', data: photo },
      text('../../etc/passwd', 'not really'),
      text(long, 'long'),
      text('notes.txt', 'one'),
      text('notes.txt', 'two'),
    ];
    const response = await post(files);
    expect(response.statusCode, response.body.slice(0, 200)).toBe(200);
    expect(response.headers['content-type']).toBe('application/zip');
    expect(response.headers['content-disposition']).toBe(
      'attachment; filename="Grue-compress.zip"; filename*=UTF-8\'\'Gr%C3%BC%C3%9Fe-compress.zip',
    );
    const total = files.reduce((sum, f) => sum + f.data.length, 0);
    expect(Number(response.headers['x-original-size'])).toBe(total);
    expect(Number(response.headers['x-output-size'])).toBe(response.rawPayload.length);
    expect(Number(response.headers['content-length'])).toBe(response.rawPayload.length);
    const path = saved(response.rawPayload, 'zip');
    const names = run('unzip', ['-Z1', path]).trim().split('\n');
    expect(names).toEqual(['Grüße.png', 'passwd', `${'n'.repeat(196)}.txt`, 'notes.txt', 'notes (2).txt']);
    expect(execFileSync('unzip', ['-p', path, 'Grüße.png']).equals(photo)).toBe(true);
    expect(run('unzip', ['-p', path, 'notes (2).txt'])).toBe('two');
    expect(run('unzip', ['-t', path])).toContain('No errors detected');
  });

  it('stores at level 0, and writes a tar.gz with the file times sent in last_modified', async () => {
    const stored = await post([text('a.txt', 'abc'.repeat(1000))], { level: '0' });
    expect(run('unzip', ['-v', saved(stored.rawPayload, 'zip')])).toMatch(/\bStored\b/);

    const tarball = await post([text('a.txt', 'alpha'), text('docs/b.md', '# beta')], {
      format: 'tar.gz',
      level: '9',
      last_modified: '2020-01-02T03:04:05Z, 1577934245000',
    });
    expect(tarball.statusCode).toBe(200);
    expect(tarball.headers['content-type']).toBe('application/gzip');
    expect(tarball.headers['content-disposition']).toBe('attachment; filename="a-compress.tar.gz"');
    const path = saved(tarball.rawPayload, 'tar.gz');
    expect(run('tar', ['tzf', path]).trim().split('\n')).toEqual(['a.txt', 'b.md']);
    const listing = run('tar', ['tzvf', path, '--full-time']);
    expect(listing).toContain('2020-01-02 03:04:05 a.txt');
    expect(listing).toContain('2020-01-02 03:04:05 b.md');
    expect(run('tar', ['xzOf', path, 'b.md'])).toBe('# beta');
  });

  it('gzips exactly one file, which gunzip restores', async () => {
    const pdf = fixture('pdf/ltnews18_1page.pdf');
    const response = await post([{ filename: 'news.pdf', data: pdf }], { format: 'gzip' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-disposition']).toBe('attachment; filename="news-compress.gz"');
    expect(execFileSync('gzip', ['-dc', saved(response.rawPayload, 'gz')]).equals(pdf)).toBe(true);

    const two = await post([text('a', '1'), text('b', '2')], { format: 'gzip' });
    expectError(
      two,
      400,
      'VALIDATION_ERROR',
      'gzip compresses exactly one file; 2 were sent. Use zip or tar.gz for several.',
    );
  });

  it('takes 50 files and refuses a 51st with 400 (the tool takes 1–50)', async () => {
    const files = Array.from({ length: 51 }, (_, i) => text(`f${i}.txt`, `file ${i}`));
    const fifty = await post(files.slice(0, 50));
    expect(fifty.statusCode).toBe(200);
    expect(
      run('unzip', ['-Z1', saved(fifty.rawPayload, 'zip')])
        .trim()
        .split('\n'),
    ).toHaveLength(50);
    expectError(
      await post(files),
      400,
      'VALIDATION_ERROR',
      'Upload at most 50 files in the field "files"; this form has more.',
    );
  });

  it('refuses more than 50 MB in all before reading it', async () => {
    const big = Buffer.alloc(26 * 1024 * 1024, 1);
    const response = await post([
      { filename: 'a.bin', data: big },
      { filename: 'b.bin', data: big },
    ]);
    expectError(
      response,
      413,
      'PAYLOAD_TOO_LARGE',
      /^The upload is 52\.0 MB; at most 50\.0 MB of files in all is allowed\.$/,
    );
  });

  it('refuses more than 50 MB in all while reading a body of unknown length', async () => {
    const big = Buffer.alloc(26 * 1024 * 1024, 1);
    const { payload, headers } = form([
      { name: 'files', filename: 'a.bin', data: big },
      { name: 'files', filename: 'b.bin', data: big },
    ]);
    const { 'content-length': _length, ...chunked } = headers;
    const response = await app.inject({
      method: 'POST',
      url: '/api/v1/files/compress',
      payload: Readable.from([payload]),
      headers: chunked,
    });
    expectError(
      response,
      413,
      'PAYLOAD_TOO_LARGE',
      'The files add up to more than the 50 MB allowed in all.',
    );
  });

  it('refuses an empty file, bad levels and a last_modified that does not match the files', async () => {
    expectError(
      await post([text('a.txt', 'x'), text('empty.txt', '')]),
      400,
      'MISSING_FILE',
      'The uploaded file "empty.txt" is empty.',
    );
    const level = await post([text('a.txt', 'x')], { level: '10' });
    expectError(level, 400, 'VALIDATION_ERROR', /level/);
    const times = await post([text('a.txt', 'x'), text('b.txt', 'y')], {
      last_modified: '2020-01-01T00:00:00Z',
    });
    expectError(
      times,
      400,
      'VALIDATION_ERROR',
      'last_modified lists 1 times for 2 files; give one per file, in order.',
    );
    const garbage = await post([text('a.txt', 'x')], { last_modified: 'yesterday' });
    expectError(garbage, 400, 'VALIDATION_ERROR', /last_modified must list one time per file/);
  });

  it('leaves no temporary file behind', async () => {
    const before = readdirSync(tmpdir()).filter((n) => n.startsWith('toolkit-compress-')).length;
    await Promise.all([post([text('a.txt', 'x')]), post([text('b.txt', 'y')], { format: 'tar.gz' })]);
    const after = readdirSync(tmpdir()).filter((n) => n.startsWith('toolkit-compress-')).length;
    expect(after).toBeLessThanOrEqual(before);
  });
});
