import { execFileSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buffer } from 'node:stream/consumers';
import { afterAll, describe, expect, it } from 'vitest';
import { type ArchiveInput, type ArchiveOptions, createArchive } from './archive.js';

// Every archive is opened by the command-line tools users have (unzip, tar, gzip), not by our code.
const work = mkdtempSync(join(tmpdir(), 'files-archive-test-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

const limits = { maxFiles: 50, maxTotalBytes: 50 * 1024 * 1024 };
const text = (name: string, content: string, lastModified?: Date): ArchiveInput => ({
  name,
  data: Buffer.from(content, 'utf8'),
  lastModified,
});

let counter = 0;
async function build(
  files: ArchiveInput[],
  options: Partial<ArchiveOptions> & Pick<ArchiveOptions, 'format'>,
) {
  const archive = await createArchive(files, { level: 6, ...limits, ...options });
  const bytes = await buffer(archive.stream);
  const path = join(work, `a${counter++}.${archive.extension}`);
  writeFileSync(path, bytes);
  return { archive, bytes, path };
}

const run = (cmd: string, args: string[]) =>
  execFileSync(cmd, args, { encoding: 'utf8', env: { ...process.env, LC_ALL: 'C.UTF-8' } });

describe('zip', () => {
  it('writes what unzip lists and extracts, with UTF-8 names, the sizes and the times', async () => {
    const when = new Date(2021, 4, 6, 7, 8, 0);
    const files = [text('Grüße 日本.txt', 'hello '.repeat(1000), when), text('notes.md', '# Title\n')];
    const { archive, bytes, path } = await build(files, { format: 'zip' });
    expect(archive.outputSize).toBe(bytes.length);
    expect(archive.originalSize).toBe(6000 + 8);
    expect(archive.mime).toBe('application/zip');
    const listing = run('unzip', ['-l', path]);
    expect(listing).toContain('Grüße 日本.txt');
    expect(listing).toContain('2021-05-06 07:08');
    expect(run('unzip', ['-p', path, 'Grüße 日本.txt'])).toBe('hello '.repeat(1000));
    // General purpose bit 11 (names are UTF-8) is set in every central directory entry.
    const flags: number[] = [];
    for (let at = bytes.indexOf('PK\u0001\u0002'); at !== -1; at = bytes.indexOf('PK\u0001\u0002', at + 4)) {
      flags.push(bytes.readUInt16LE(at + 8));
    }
    expect(flags).toHaveLength(2);
    expect(flags.every((flag) => (flag & 0x0800) !== 0)).toBe(true);
  });

  it('stores without compression at level 0 and deflates at 9', async () => {
    const files = [text('a.txt', 'abc'.repeat(5000))];
    const stored = await build(files, { format: 'zip', level: 0 });
    expect(run('unzip', ['-v', stored.path])).toMatch(/\bStored\b/);
    const deflated = await build(files, { format: 'zip', level: 9 });
    expect(run('unzip', ['-v', deflated.path])).toMatch(/\bDefl:/);
    expect(deflated.bytes.length).toBeLessThan(stored.bytes.length / 10);
  });

  it('cleans dangerous names and renames duplicates', async () => {
    const long = `${'x'.repeat(300)}.txt`;
    const files = [
      text('../../etc/passwd', '1'),
      text('/abs/path.txt', '2'),
      text('nul\u0000byte.txt', '3'),
      text(long, '4'),
      text('report.txt', '5'),
      text('REPORT.txt', '6'),
      text('..', '7'),
    ];
    const { archive, path } = await build(files, { format: 'zip' });
    expect(archive.names.slice(0, 3)).toEqual(['etc/passwd', 'abs/path.txt', 'nulbyte.txt']);
    expect(archive.names[3]).toMatch(/^x{196}\.txt$/);
    expect(archive.names.slice(4)).toEqual(['report.txt', 'REPORT (2).txt', 'file-7']);
    const listing = run('unzip', ['-Z1', path]).trim().split('\n');
    expect(listing).toEqual(archive.names);
    expect(run('unzip', ['-p', path, 'REPORT (2).txt'])).toBe('6');
  });
});

describe('tar.gz and gzip', () => {
  it('writes a tar.gz that tar lists and extracts, with the times kept', async () => {
    const when = new Date(Date.UTC(2020, 0, 2, 3, 4, 5));
    const { archive, path } = await build([text('a.txt', 'alpha', when), text('dir/b.txt', 'beta')], {
      format: 'tar.gz',
    });
    expect(archive.extension).toBe('tar.gz');
    expect(run('tar', ['tzf', path]).trim().split('\n')).toEqual(['a.txt', 'dir/b.txt']);
    expect(run('tar', ['tzvf', path, '--utc', '--full-time'])).toContain('2020-01-02 03:04:05 a.txt');
    expect(run('tar', ['xzOf', path, 'dir/b.txt'])).toBe('beta');
  });

  it('gzips exactly one file, which gunzip restores byte for byte', async () => {
    const content = readFileSync(new URL(import.meta.url));
    const { archive, path } = await build([{ name: 'source.ts', data: content }], {
      format: 'gzip',
      level: 9,
    });
    expect(archive.extension).toBe('gz');
    expect(execFileSync('gzip', ['-dc', path]).equals(content)).toBe(true);
    expect(run('gzip', ['-l', path])).toContain(String(content.length));
  });

  it('refuses gzip of two files, naming the format field', async () => {
    await expect(build([text('a', '1'), text('b', '2')], { format: 'gzip' })).rejects.toMatchObject({
      code: 'VALIDATION_ERROR',
      field: 'format',
    });
  });
});

describe('limits', () => {
  it('refuses a 51st file and a total over the limit with PAYLOAD_TOO_LARGE, and no files with MISSING_FILE', async () => {
    const many = Array.from({ length: 51 }, (_, i) => text(`f${i}.txt`, 'x'));
    await expect(build(many, { format: 'zip' })).rejects.toMatchObject({
      code: 'PAYLOAD_TOO_LARGE',
      message: 'An archive takes at most 50 files; 51 were sent.',
    });
    await expect(build(many.slice(0, 50), { format: 'zip' })).resolves.toBeDefined();
    const big = { name: 'big.bin', data: new Uint8Array(2048) };
    await expect(build([big], { format: 'zip', maxTotalBytes: 1024 })).rejects.toMatchObject({
      code: 'PAYLOAD_TOO_LARGE',
    });
    await expect(build([], { format: 'zip' })).rejects.toMatchObject({ code: 'MISSING_FILE' });
    await expect(build([text('a', '1')], { format: 'zip', level: 10 })).rejects.toMatchObject({
      field: 'level',
    });
  });

  it('archives empty files, and leaves no temporary folder behind', async () => {
    const before = readdirSync(tmpdir()).filter((n) => n.startsWith('toolkit-compress-')).length;
    const { path } = await build([text('empty.txt', '')], { format: 'zip' });
    expect(run('unzip', ['-l', path])).toMatch(/\b0\s+\S+ \S+\s+empty\.txt/);
    const after = readdirSync(tmpdir()).filter((n) => n.startsWith('toolkit-compress-')).length;
    expect(after).toBeLessThanOrEqual(before);
  });
});
