/**
 * Lanes (API.md "Heavy work is isolated"), measured over loopback against the built server started
 * as `npm start` starts it. Not a test: figures go to bench/RESULTS.md ("Lanes") by hand.
 *
 * 1. While 8 heavy jobs run (4 × a 4K photo to AVIF, 4 × 1.9 million characters to PDF), the p50/p99
 *    latency of GET /health and of a 5-byte data/base64-encode, with heavy work at the server's own
 *    priority (HEAVY_WORK_NICE=0) and lowered (10), twice each, interleaved.
 * 2. A full lane (images: 1 slot, no queue) answers a further image request within how long.
 * 3. After a 503 TIMEOUT (REQUEST_TIMEOUT_MS=1000, a long PDF), how much CPU the server still uses
 *    in the next second, and the one after.
 *
 * Usage: npx tsx bench/lanes/run.ts (builds the server when dist/ is missing)
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fixtureDir } from '../lib/paths.js';
import { processCpuMs } from '../lib/proc-cpu.js';
import { ensureBuilt, startServer } from '../lib/server.js';
import { fmt, percentile } from '../lib/stats.js';

const port = 3590;
const photo = readFileSync(join(fixtureDir, 'photo_elephants_3840x2160.jpg'));
const longText = 'lorem ipsum dolor sit amet '.repeat(70_000);
const env = { RATE_LIMIT_MAX: '1000000', SHED_MAX_EVENT_LOOP_DELAY_MS: '0', LOG_LEVEL: 'warn' };
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function avif(origin: string): Promise<Response> {
  const form = new FormData();
  form.append('image', new Blob([photo]), 'photo.jpg');
  form.append('format', 'avif');
  return fetch(`${origin}/api/v1/images/convert`, { method: 'POST', body: form });
}

const json = (origin: string, path: string, body: unknown) =>
  fetch(`${origin}/api/v1${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });

/** Milliseconds to a whole answer, and its status. */
async function timed(request: () => Promise<Response>): Promise<{ ms: number; status: number }> {
  const start = performance.now();
  const response = await request();
  await response.arrayBuffer();
  return { ms: performance.now() - start, status: response.status };
}

async function lightUnderHeavy(nice: string): Promise<string[]> {
  const server = await startServer('lanes-heavy', port, { env: { ...env, HEAVY_WORK_NICE: nice } });
  const { origin } = server;
  // A server that has been up a while has its light lane's threads started: so does this one.
  await timed(() => json(origin, '/data/base64-encode', { text: 'warm' }));
  let running = true;
  const heavyStatuses: number[] = [];
  const heavy = (start: () => Promise<Response>) =>
    (async () => {
      while (running) heavyStatuses.push((await timed(start)).status);
    })();
  const jobs = [
    ...Array.from({ length: 4 }, () => heavy(() => avif(origin))),
    ...Array.from({ length: 4 }, () => heavy(() => json(origin, '/pdf/from-text', { text: longText }))),
  ];
  await sleep(3000);
  const health: { ms: number; status: number }[] = [];
  const base64: { ms: number; status: number }[] = [];
  for (const end = Date.now() + 30_000; Date.now() < end; ) {
    health.push(await timed(() => fetch(`${origin}/api/v1/health`)));
    base64.push(await timed(() => json(origin, '/data/base64-encode', { text: 'hello' })));
    await sleep(100);
  }
  running = false;
  await Promise.all(jobs);
  await server.stop();
  const row = (name: string, xs: { ms: number; status: number }[]) => {
    const ms = xs.map((x) => x.ms);
    const ok = xs.filter((x) => x.status === 200).length;
    const cells = [percentile(ms, 50), percentile(ms, 99), Math.max(...ms)].map((v) => fmt(v));
    return `| ${name} | ${xs.length} | ${ok} | ${cells.join(' | ')} |`;
  };
  const ok = heavyStatuses.filter((s) => s === 200).length;
  return [
    row(`GET /api/v1/health, HEAVY_WORK_NICE=${nice}`, health),
    row(`POST /api/v1/data/base64-encode (5 bytes), HEAVY_WORK_NICE=${nice}`, base64),
    `| heavy jobs answered meanwhile, HEAVY_WORK_NICE=${nice} | ${heavyStatuses.length} | ${ok} | | | |`,
  ];
}

/** The same load with heavy work at the server's own priority and lowered (runtime/priority.ts), interleaved. */
async function lightUnderHeavyWithAndWithout(): Promise<string[]> {
  const rows: string[] = [];
  for (const nice of ['0', '10', '0', '10']) rows.push(...(await lightUnderHeavy(nice)));
  return [
    '| Request, while 8 heavy jobs run | Sent | 200 | p50 ms | p99 ms | max ms |',
    '| --- | --- | --- | --- | --- | --- |',
    ...rows,
  ];
}

async function fullLane(): Promise<string[]> {
  const server = await startServer('lanes-full', port, {
    env: { ...env, LANE_IMAGES_CONCURRENCY: '1', LANE_QUEUE: '0' },
  });
  const first = avif(server.origin);
  await sleep(500);
  const refused: { ms: number; status: number }[] = [];
  for (let i = 0; i < 5; i++) refused.push(await timed(() => avif(server.origin)));
  await (await first).arrayBuffer();
  await server.stop();
  return [
    `A further image request while the image lane (1 slot, no queue) converts a photo to AVIF: statuses ${refused.map((r) => r.status).join(', ')}, answered in ${refused.map((r) => fmt(r.ms)).join(', ')} ms.`,
  ];
}

async function cpuAfterTimeout(): Promise<string[]> {
  const server = await startServer('lanes-timeout', port, { env: { ...env, REQUEST_TIMEOUT_MS: '1000' } });
  const answer = await timed(() => json(server.origin, '/pdf/from-text', { text: longText }));
  // CPU time of the server in each of the three seconds after the answer.
  const perSecond: number[] = [];
  let last = processCpuMs(server.pid) ?? 0;
  for (let i = 0; i < 3; i++) {
    await sleep(1000);
    const now = processCpuMs(server.pid) ?? 0;
    perSecond.push(now - last);
    last = now;
  }
  await server.stop();
  return [
    `1.9 million characters to PDF with REQUEST_TIMEOUT_MS=1000: ${answer.status} after ${fmt(answer.ms)} ms; server CPU in each of the three seconds after the answer: ${perSecond.map((ms) => fmt(ms)).join(', ')} ms.`,
  ];
}

await ensureBuilt(false);
const lines = [
  ...(await lightUnderHeavyWithAndWithout()),
  '',
  ...(await fullLane()),
  '',
  ...(await cpuAfterTimeout()),
];
console.log(lines.join('\n'));
