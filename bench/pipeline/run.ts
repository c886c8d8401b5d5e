/**
 * Pipelines (issue 32): resize → WebP as ONE `POST /api/v1/pipeline` against the same two
 * operations called one after the other by a client (resize, then convert its result to WebP), on
 * corpus photos, over loopback against the built server started as `npm start` starts it.
 *
 * Per photo: N rounds (BENCH_ROUNDS, default 15), the two ways alternating which goes first; ms per
 * chain (median, p90), bytes over the wire and of the result, and how far each result's pixels are
 * from the same chain done by sharp in one go (one encode). Every pipeline answer is checked: a WebP
 * of the asked width, and Server-Timing showing step 1 handed on unencoded and one encode in all.
 * Rewrites the "pipeline" section of bench/RESULTS.md.
 *
 * Usage: npm run bench:pipeline -w bench (builds the server when dist/ is missing)
 */
import { readFileSync } from 'node:fs';
import os from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { machineInfo, machineMarkdown } from '../lib/machine.js';
import { type MultipartBody, multipartBody } from '../lib/multipart.js';
import { fixtureDir } from '../lib/paths.js';
import { raisePriority } from '../lib/priority.js';
import { processCpuMs } from '../lib/proc-cpu.js';
import { writeRawResults, writeResultsSection } from '../lib/results.js';
import { ensureBuilt, startServer } from '../lib/server.js';
import { fmt, median, percentile } from '../lib/stats.js';

const port = 3591;
const rounds = Number(process.env.BENCH_ROUNDS) || 15;
const width = 800;
const quality = 80;
const photos = ['photo_freshflower_progressive_1600x1203.jpg', 'photo_elephants_3840x2160.jpg'];
const env = { RATE_LIMIT_MAX: '1000000', SHED_MAX_EVENT_LOOP_DELAY_MS: '0', LOG_LEVEL: 'warn' };
const steps = [
  { op: 'images/resize', width },
  { op: 'images/convert', format: 'webp', quality },
];

interface Chain {
  ms: number;
  /** The server's CPU time (all threads) during the chain. */
  cpuMs: number;
  /** Request and response bodies, every call of the chain. */
  wireBytes: number;
  result: Buffer;
  serverTiming: string;
}

async function post(origin: string, path: string, form: MultipartBody) {
  const response = await fetch(`${origin}/api/v1/${path}`, {
    method: 'POST',
    headers: { 'content-type': form.contentType },
    body: form.body,
  });
  const body = Buffer.from(await response.arrayBuffer());
  if (response.status !== 200) throw new Error(`${path}: ${response.status} ${body.toString('utf8')}`);
  return { body, serverTiming: response.headers.get('server-timing') ?? '', sent: form.body.length };
}

const image = (bytes: Buffer, name: string) => ({ field: 'image', name, type: 'image/jpeg', bytes });

type Way = (origin: string, photo: Buffer, name: string) => Promise<Omit<Chain, 'cpuMs'>>;

/** A chain with the server's CPU time around it (ticks of 10 ms: read as a mean over rounds). */
async function withCpu(pid: number, way: Way, photo: Buffer, name: string, origin: string): Promise<Chain> {
  const before = processCpuMs(pid) ?? 0;
  const chain = await way(origin, photo, name);
  return { ...chain, cpuMs: (processCpuMs(pid) ?? 0) - before };
}

async function viaPipeline(origin: string, photo: Buffer, name: string) {
  const form = multipartBody(
    { pipeline: JSON.stringify({ steps }) },
    { field: 'files', name, type: 'image/jpeg', bytes: photo },
  );
  const start = performance.now();
  const answer = await post(origin, 'pipeline', form);
  const ms = performance.now() - start;
  return {
    ms,
    wireBytes: answer.sent + answer.body.length,
    result: answer.body,
    serverTiming: answer.serverTiming,
  };
}

async function viaTwoCalls(origin: string, photo: Buffer, name: string) {
  const start = performance.now();
  const resized = await post(
    origin,
    'images/resize',
    multipartBody({ width: String(width) }, image(photo, name)),
  );
  const converted = await post(
    origin,
    'images/convert',
    multipartBody({ format: 'webp', quality: String(quality) }, image(resized.body, name)),
  );
  const ms = performance.now() - start;
  const wireBytes = resized.sent + resized.body.length + converted.sent + converted.body.length;
  return { ms, wireBytes, result: converted.body, serverTiming: converted.serverTiming };
}

/** Each step named in Server-Timing, in order (else throws). */
function checkSteps(serverTiming: string): void {
  const descs = [...serverTiming.matchAll(/desc="([^"]*)"/g)].map((m) => m[1]);
  const expected = ['images/resize', 'images/convert'];
  if (JSON.stringify(descs) !== JSON.stringify(expected)) {
    throw new Error(`Server-Timing does not name the two steps: ${serverTiming}`);
  }
}

/** Mean absolute difference of two same-sized images' RGB pixels (0–255). */
async function difference(a: Buffer, b: Buffer): Promise<number> {
  const [x, y] = await Promise.all([a, b].map((i) => sharp(i).removeAlpha().raw().toBuffer()));
  if (!x || !y || x.length !== y.length) throw new Error('The results differ in size.');
  let sum = 0;
  for (let i = 0; i < x.length; i++) sum += Math.abs((x[i] ?? 0) - (y[i] ?? 0));
  return sum / x.length;
}

async function measurePhoto(origin: string, pid: number, name: string) {
  const photo = readFileSync(join(fixtureDir, name));
  const pipeline: Chain[] = [];
  const twoCalls: Chain[] = [];
  // One untimed chain each: the server's first image request starts its threads.
  await viaPipeline(origin, photo, name);
  await viaTwoCalls(origin, photo, name);
  for (let round = 0; round < rounds; round++) {
    const order = round % 2 === 0 ? ['pipeline', 'two'] : ['two', 'pipeline'];
    for (const way of order) {
      if (way === 'pipeline') pipeline.push(await withCpu(pid, viaPipeline, photo, name, origin));
      else twoCalls.push(await withCpu(pid, viaTwoCalls, photo, name, origin));
    }
  }
  for (const chain of pipeline) checkSteps(chain.serverTiming);
  const meta = await sharp(pipeline[0]?.result).metadata();
  if (meta.format !== 'webp' || meta.width !== width)
    throw new Error(`Not a ${width} px WebP: ${meta.format} ${meta.width}`);
  const reference = await sharp(photo).resize({ width }).webp({ quality }).toBuffer();
  const summary = async (chains: Chain[]) => ({
    medianMs: median(chains.map((c) => c.ms)),
    p90Ms: percentile(
      chains.map((c) => c.ms),
      90,
    ),
    cpuMs: chains.reduce((total, c) => total + c.cpuMs, 0) / chains.length,
    wireBytes: chains[0]?.wireBytes ?? 0,
    resultBytes: chains[0]?.result.length ?? 0,
    offReference: await difference(chains[0]?.result ?? Buffer.alloc(0), reference),
  });
  return {
    name,
    inputBytes: photo.length,
    pipeline: await summary(pipeline),
    twoCalls: await summary(twoCalls),
    serverTiming: pipeline[0]?.serverTiming ?? '',
  };
}

type PhotoResult = Awaited<ReturnType<typeof measurePhoto>>;

/** Issue 32's target: the pipeline at least as fast as the two calls, on every photo. */
function verdict(results: PhotoResult[]): string {
  const met = results.every((r) => r.pipeline.medianMs <= r.twoCalls.medianMs);
  return `Target, the pipeline at least as fast as two calls (median, every photo): ${met ? 'met' : '**not met**'}.`;
}

interface Report {
  results: PhotoResult[];
  machine: string;
  load: { before: number[]; after: number[] };
}

function report({ results, machine, load }: Report): string {
  const kb = (bytes: number) => fmt(bytes / 1000);
  const rows = results.flatMap((r) => {
    const ratio = `${fmt(r.twoCalls.medianMs / r.pipeline.medianMs, 2)}× / ${fmt(r.twoCalls.cpuMs / r.pipeline.cpuMs, 2)}×`;
    const row = (way: string, s: PhotoResult['pipeline'], extra: string) =>
      `| ${r.name.replace('.jpg', '')} (${kb(r.inputBytes)} KB) | ${way} | ${fmt(s.medianMs)} | ${fmt(s.p90Ms)} | ${fmt(s.cpuMs)} | ${kb(s.wireBytes)} | ${kb(s.resultBytes)} | ${fmt(s.offReference, 2)} | ${extra} |`;
    return [row('pipeline', r.pipeline, ratio), row('two calls', r.twoCalls, '')];
  });
  const loads = (xs: number[]) => xs.map((x) => x.toFixed(1)).join(' / ');
  return [
    '## Pipelines (`npm run bench:pipeline -w bench`)',
    '',
    `${new Date().toISOString().slice(0, 16)} UTC; ${machine}. Load average (1 / 5 / 15 min) ${loads(load.before)} before, ${loads(load.after)} after.`,
    `Resize to ${width} px → WebP quality ${quality}: one pipeline request against resize then convert by the client; ${rounds} rounds alternating which goes first; ms per chain.`,
    '',
    '| Photo | Way | Median ms | p90 ms | Server CPU ms | Wire KB | Result KB | Off one-go sharp | Two calls ÷ pipeline, time / CPU |',
    '| --- | --- | ---: | ---: | ---: | ---: | ---: | ---: | --- |',
    ...rows,
    '',
    verdict(results),
    `Every pipeline answer: a ${width} px WebP; its Server-Timing names each step (e.g. \`${results[0]?.serverTiming.replace(/dur=[\d.]+/g, 'dur=…')}\`).`,
    'Server CPU: mean per chain, all threads. Off one-go sharp: mean absolute RGB difference (0–255) from sharp resizing and writing WebP in one go. Wire: request and response bodies of every call.',
  ].join('\n');
}

await ensureBuilt(false);
const priority = raisePriority();
const machine = await machineInfo({ priority });
const load = { before: os.loadavg(), after: [] as number[] };
const server = await startServer('pipeline', port, { env });
const results: PhotoResult[] = [];
try {
  for (const name of photos) results.push(await measurePhoto(server.origin, server.pid, name));
} finally {
  await server.stop();
}
load.after = os.loadavg();
const machineLine = `${machine.cpuModel}, ${machine.logicalCores} cores, Node ${machine.node}, priority ${priority}`;
const markdown = report({ results, machine: machineLine, load });
console.log(markdown);
console.log(machineMarkdown(machine));
await writeRawResults('pipeline', { machine, load, rounds, results });
await writeResultsSection('pipeline', markdown);
