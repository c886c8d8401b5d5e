import { readFile } from 'node:fs/promises';
import { basename } from 'node:path';
import { performance } from 'node:perf_hooks';
import { Worker } from 'node:worker_threads';
import { Pool } from 'undici';
import { multipartBody } from '../lib/multipart.js';
import { runCommand } from '../lib/run-command.js';
import type { RunningServer } from '../lib/server.js';

/**
 * Operations measured over a set of files rather than one input in a loop: detection of every corpus
 * file against `file`, and PDF text against poppler's `pdftotext`, each file once per tool, timed end
 * to end, with how often the two agree.
 */

async function post(
  pool: Pool,
  path: string,
  field: string,
  file: string,
  headers: Record<string, string> = {},
) {
  const upload = multipartBody(
    {},
    { field, name: basename(file), type: 'application/octet-stream', bytes: await readFile(file) },
  );
  const response = await pool.request({
    path: `/api/v1${path}`,
    method: 'POST',
    headers: { 'content-type': upload.contentType, ...headers },
    body: upload.body,
  });
  return { status: response.statusCode, body: Buffer.from(await response.body.arrayBuffer()) };
}

/**
 * How the API's answer relates to `file`'s: the same type (or the same under another registered
 * name), a more specific type where the other gives the family (`text/plain` for CSV, `application/zip`
 * for an EPUB, `octet-stream` for "don't know"), an empty file (the contract answers 400 for an empty
 * upload; `file` says `inode/x-empty`: not compared), or a real disagreement.
 */
export type Relation = 'same' | 'ours more specific' | 'file more specific' | 'empty' | 'differ';

export interface DetectionRow {
  file: string;
  ours: string | undefined;
  file1: string;
  relation: Relation;
}

export interface DetectionBatch {
  files: number;
  httpMs: number;
  fileMs: number;
  /** Files both answered (empty files left out). */
  compared: number;
  /** Answers that name the same type, or one a more specific form of the other. */
  agree: number;
  rows: DetectionRow[];
}

/** Names `file` (libmagic) uses for a type the API calls by its registered or common name. */
const aliases: Readonly<Record<string, string>> = {
  'audio/x-wav': 'audio/wav',
  'text/xml': 'application/xml',
  'image/vnd.microsoft.icon': 'image/x-icon',
  'application/vnd.sqlite3': 'application/x-sqlite3',
  'application/vnd.debian.binary-package': 'application/x-deb',
  'font/sfnt': 'font/ttf',
};
/** Family → the more specific types within it, each way round. */
const families: Readonly<Record<string, (type: string) => boolean>> = {
  'application/octet-stream': () => true,
  'text/plain': (t) => t.startsWith('text/') || /^application\/(json|xml|yaml|x-yaml|javascript)$/.test(t),
  'application/zip': (t) => /^application\/(epub\+zip|java-archive|vnd\.openxmlformats|vnd\.oasis)/.test(t),
  'application/postscript': (t) => t === 'application/eps',
  'image/x-portable-anymap': (t) => /^image\/x-portable-(bitmap|graymap|pixmap)$/.test(t),
  'application/x-elf': (t) => /^application\/x-(pie-)?(executable|sharedlib|object)$/.test(t),
};

const canonical = (type: string) => (aliases[type] ?? type).replace('/x-', '/');

export function relation(ours: string, file1: string): Relation {
  if (file1 === 'inode/x-empty') return 'empty';
  if (canonical(ours) === canonical(file1)) return 'same';
  if (families[file1]?.(ours)) return 'ours more specific';
  if (families[ours]?.(file1)) return 'file more specific';
  return 'differ';
}

export async function detectionBatch(
  server: RunningServer,
  files: readonly string[],
): Promise<DetectionBatch> {
  const pool = new Pool(server.origin, { connections: 1 });
  const rows: DetectionRow[] = [];
  let httpMs = 0;
  try {
    for (const file of files) {
      const t0 = performance.now();
      const { status, body } = await post(pool, '/files/detect', 'file', file);
      httpMs += performance.now() - t0;
      const mime =
        status === 200
          ? (JSON.parse(body.toString('utf8')) as { data?: { mime?: string } }).data?.mime
          : undefined;
      rows.push({ file, ours: mime ?? `HTTP ${status}`, file1: '', relation: 'differ' });
    }
  } finally {
    await pool.close();
  }
  // `file` at its best: one process for the whole list, as a user scripting it would.
  const t0 = performance.now();
  const result = await runCommand('file', ['--mime-type', '-b', ...files]);
  const fileMs = performance.now() - t0;
  const answers = result.stdout.trim().split('\n');
  rows.forEach((row, i) => {
    row.file1 = answers[i] ?? '';
    row.relation = relation(row.ours ?? '', row.file1);
  });
  const compared = rows.filter((r) => r.relation !== 'empty').length;
  const agree = rows.filter((r) => r.relation !== 'empty' && r.relation !== 'differ').length;
  return { files: files.length, httpMs, fileMs, compared, agree, rows };
}

export interface PdfRow {
  file: string;
  httpMs: number;
  popplerMs: number;
  /** Share of pdftotext's words that our text has too (multiset overlap ÷ the larger count). */
  agreement: number;
  status: number;
}

const words = (text: string) => text.normalize('NFKC').split(/\s+/).filter(Boolean);

function overlap(a: readonly string[], b: readonly string[]): number {
  const counts = new Map<string, number>();
  for (const w of a) counts.set(w, (counts.get(w) ?? 0) + 1);
  let shared = 0;
  for (const w of b) {
    const n = counts.get(w) ?? 0;
    if (n > 0) {
      shared += 1;
      counts.set(w, n - 1);
    }
  }
  return shared / Math.max(1, a.length, b.length);
}

export async function pdfTextBatch(server: RunningServer, pdfs: readonly string[]): Promise<PdfRow[]> {
  const pool = new Pool(server.origin, { connections: 1, headersTimeout: 300_000, bodyTimeout: 300_000 });
  const rows: PdfRow[] = [];
  try {
    for (const file of pdfs) {
      const t0 = performance.now();
      const { status, body } = await post(pool, '/pdf/to-text', 'pdf', file, { accept: 'text/plain' });
      const httpMs = performance.now() - t0;
      const t1 = performance.now();
      const poppler = await runCommand('pdftotext', [file, '-']);
      const popplerMs = performance.now() - t1;
      const ours = status === 200 ? words(body.toString('utf8')) : [];
      rows.push({ file, httpMs, popplerMs, agreement: overlap(words(poppler.stdout), ours), status });
    }
  } finally {
    await pool.close();
  }
  return rows;
}

/**
 * Polls GET /api/v1/health every 20 ms for `durationMs` from a thread of its own, so that the load
 * generator's event loop (uploading and reading megabytes on this thread) does not delay the probe.
 */
const healthPoller = `
const { parentPort, workerData } = require('node:worker_threads');
(async () => {
  const latencies = [];
  const end = performance.now() + workerData.durationMs;
  while (performance.now() < end) {
    const t0 = performance.now();
    const response = await fetch(workerData.url);
    await response.arrayBuffer();
    latencies.push(performance.now() - t0);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  parentPort.postMessage(latencies);
})();
`;

/**
 * The event loop's responsiveness while conversions run: GET /api/v1/health every 20 ms while
 * `concurrency` clients convert back to back. Its latency is an upper bound of the event-loop delay
 * (it includes the request's own handling, the loopback network and waiting for a core).
 */
export async function healthUnderLoad(
  server: RunningServer,
  load: (stop: () => boolean) => Promise<void>,
  durationMs: number,
  onMeasuring?: () => void,
): Promise<number[]> {
  let stopped = false;
  const loading = load(() => stopped);
  // Let the conversions start before the first probe.
  await new Promise((resolve) => setTimeout(resolve, 1000));
  onMeasuring?.();
  const poller = new Worker(healthPoller, {
    eval: true,
    workerData: { url: `${server.origin}/api/v1/health`, durationMs },
  });
  try {
    return await new Promise<number[]>((resolve, reject) => {
      poller.once('message', resolve);
      poller.once('error', reject);
    });
  } finally {
    stopped = true;
    await loading;
    await poller.terminate();
  }
}
