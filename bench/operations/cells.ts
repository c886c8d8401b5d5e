import { spawn } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import os, { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { Pool } from 'undici';
import { killOnInterrupt } from '../lib/cleanup.js';
import { runClosedLoop } from '../lib/closed-loop.js';
import { launched, launcherVariables } from '../lib/launch.js';
import { type MultipartFile, multipartBody } from '../lib/multipart.js';
import { benchDir } from '../lib/paths.js';
import { fastestOf } from '../lib/rounds.js';
import { runCommand } from '../lib/run-command.js';
import type { RunningServer } from '../lib/server.js';
import type { BenchCase, CellResult, CliPeer, HttpCall, Output, ServerPeer } from './case.js';
import { settings } from './settings.js';

const types: Record<string, string> = {
  '.jpg': 'image/jpeg',
  '.png': 'image/png',
  '.csv': 'text/csv',
  '.json': 'application/json',
  '.yml': 'application/yaml',
  '.yaml': 'application/yaml',
  '.txt': 'text/plain',
  '.wav': 'audio/wav',
  '.flac': 'audio/flac',
  '.pdf': 'application/pdf',
};

function mediaType(path: string): string {
  const dot = path.lastIndexOf('.');
  return types[path.slice(dot).toLowerCase()] ?? 'application/octet-stream';
}

/** The request body of a case, built once so the load generator only sends bytes. */
export async function requestBody(call: HttpCall): Promise<{ contentType: string; body: Buffer }> {
  const fields = Object.fromEntries(Object.entries(call.fields).map(([k, v]) => [k, String(v)]));
  const files: MultipartFile[] = [];
  if (call.file) {
    const { field, path, type } = call.file;
    files.push({ field, name: basename(path), type, bytes: await readFile(path) });
  }
  for (const path of call.files?.paths ?? []) {
    files.push({
      field: call.files?.field ?? 'files',
      name: basename(path),
      type: mediaType(path),
      bytes: await readFile(path),
    });
  }
  if (files.length > 0) return multipartBody(fields, files);
  return { contentType: 'application/json', body: Buffer.from(JSON.stringify(call.fields)) };
}

function cell(
  c: BenchCase,
  tool: string,
  load: Awaited<ReturnType<typeof runClosedLoop>>,
): Omit<CellResult, 'outputBytes' | 'facts'> {
  return {
    case: c.name,
    group: c.group,
    tool,
    concurrency: load.concurrency,
    opsPerSecond: load.imagesPerSecond,
    p50Ms: load.p50Ms,
    completed: load.completed,
    errors: load.errors,
    errorSamples: load.errorSamples,
    systemCpuPercent: load.systemCpuPercent,
  };
}

async function finish(
  c: BenchCase,
  base: Omit<CellResult, 'outputBytes' | 'facts'>,
  sample: Output | undefined,
): Promise<CellResult> {
  if (!sample) return { ...base, outputBytes: undefined, facts: { problem: 'no successful output' } };
  return { ...base, outputBytes: sample.bytes.length, facts: await c.check(sample) };
}

const loadOptions = (concurrency: number) => ({
  concurrency,
  warmupMs: settings.warmupMs,
  // Two operations per core before the window: each of the server's worker threads, and each
  // in-process thread, has run the code once (its first run compiles it: 0.9 s against 0.3 s).
  minWarmupOps: 2 * os.availableParallelism(),
  durationMs: settings.durationMs,
});

/** The case's HTTP call from `concurrency` keep-alive connections, back to back. */
export async function httpCell(
  server: RunningServer,
  c: BenchCase,
  concurrency: number,
): Promise<CellResult> {
  const { contentType, body } = await requestBody(c.http);
  const pool = new Pool(server.origin, {
    connections: concurrency,
    headersTimeout: 300_000,
    bodyTimeout: 300_000,
  });
  let sample: Output | undefined;
  try {
    const load = await runClosedLoop(loadOptions(concurrency), async () => {
      const response = await pool.request({
        path: `/api/v1${c.http.path}`,
        method: 'POST',
        headers: { 'content-type': contentType, ...c.http.headers },
        body,
      });
      const bytes = Buffer.from(await response.body.arrayBuffer());
      if (response.statusCode !== 200)
        throw new Error(`HTTP ${response.statusCode}: ${bytes.toString('utf8').slice(0, 200)}`);
      const type = response.headers['content-type'];
      sample ??= { bytes, contentType: Array.isArray(type) ? type[0] : type };
    });
    return await finish(c, cell(c, 'HTTP API', load), sample);
  } finally {
    await pool.close();
  }
}

export function expand(command: readonly string[], input: string, output: string): string[] {
  return command.map((arg) => arg.replaceAll('{in}', input).replaceAll('{out}', output));
}

/** A command-line peer, `concurrency` processes at a time, back to back. */
export async function cliCell(c: BenchCase, peer: CliPeer, concurrency: number): Promise<CellResult> {
  const dir = await mkdtemp(join(tmpdir(), 'bench-op-'));
  const outPath = (worker: number) => join(dir, `out-${worker}${peer.outputExtension ?? ''}`);
  try {
    const load = await runClosedLoop(loadOptions(concurrency), async (worker) => {
      const [command, ...args] = expand(peer.command, c.input, outPath(worker));
      if (command === undefined) throw new Error('empty command');
      const result = await runCommand(command, args, {
        fromHelper: true,
        env: { ...process.env, ...peer.env?.(concurrency) },
        ...(peer.output === 'stdout' && { stdoutFile: outPath(worker) }),
      });
      if (result.code !== 0)
        throw new Error(`${peer.label} exited with ${result.code}: ${result.stderr.slice(0, 300)}`);
    });
    const bytes = await readFile(outPath(0)).catch(() => undefined);
    return await finish(c, cell(c, peer.label, load), bytes ? { bytes } : undefined);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/** A bare server of the benchmark's own (ServerPeer): started for the cell, the input POSTed to it as it is. */
export async function serverPeerCell(
  c: BenchCase,
  peer: ServerPeer,
  concurrency: number,
): Promise<CellResult> {
  const script = fileURLToPath(new URL(`./peers/${peer.server}`, import.meta.url));
  const child = spawn(process.execPath, [script], { stdio: ['ignore', 'pipe', 'inherit'] });
  const forget = killOnInterrupt(child);
  try {
    const port = await new Promise<string>((resolve, reject) => {
      const lines = createInterface({ input: child.stdout });
      lines.once('line', (line) => {
        lines.close();
        resolve(line.trim());
      });
      child.once('exit', (code) => reject(new Error(`${peer.label} exited with ${code} before listening`)));
    });
    const body = await readFile(c.input);
    const pool = new Pool(`http://127.0.0.1:${port}`, { connections: concurrency });
    let sample: Output | undefined;
    try {
      const load = await runClosedLoop(loadOptions(concurrency), async () => {
        const response = await pool.request({ path: '/', method: 'POST', body });
        const bytes = Buffer.from(await response.body.arrayBuffer());
        if (response.statusCode !== 200) throw new Error(`HTTP ${response.statusCode}`);
        sample ??= { bytes };
      });
      return await finish(c, cell(c, peer.label, load), sample);
    } finally {
      await pool.close();
    }
  } finally {
    forget();
    child.kill();
  }
}

const workerScript = fileURLToPath(new URL('./in-process/worker.ts', import.meta.url));

/**
 * The same operation called directly, in a Node process of its own, with the server's settings or
 * with the libraries' defaults (`variant`): the better of the two is the ceiling HTTP is judged by.
 */
export async function inProcessCell(
  c: BenchCase,
  concurrency: number,
  variant: 'defaults' | 'server',
): Promise<CellResult> {
  if (!c.inProcess) throw new Error(`${c.name} has no in-process variant`);
  const adapter = fileURLToPath(new URL(`./in-process/${c.inProcess}.ts`, import.meta.url));
  const env: NodeJS.ProcessEnv = { ...process.env, BENCH_VARIANT: variant };
  // With the server's settings: started through its launcher; with the defaults: without what it sets.
  if (variant === 'defaults') for (const name of launcherVariables) delete env[name];
  const args = [adapter, c.input, concurrency, settings.warmupMs, settings.durationMs].map(String);
  const node = ['--import', 'tsx', workerScript, ...args];
  const [command, commandArgs] = variant === 'server' ? launched(node) : [process.execPath, node];
  const result = await runCommand(command, commandArgs, {
    cwd: benchDir,
    env,
  });
  const last = result.stdout.trim().split('\n').at(-1);
  if (result.code !== 0 || last === undefined)
    throw new Error(`in-process ${c.name} failed: ${result.stderr.slice(-500)}`);
  const { sampleBase64, ...load } = JSON.parse(last) as Awaited<ReturnType<typeof runClosedLoop>> & {
    sampleBase64: string;
  };
  const label =
    variant === 'server' ? "in-process, the server's settings" : "in-process, the libraries' defaults";
  return finish(c, cell(c, label, load), { bytes: Buffer.from(sampleBase64, 'base64') });
}

/**
 * One cell measured in several rounds, as one result: the fastest round's figures (lib/rounds.ts says
 * why), every round's operations per second beside them, and the errors of all rounds (a round that
 * failed outright counts as one), so that a failure in any round still keeps the cell from a verdict.
 */
export function fastestCell(rounds: readonly CellResult[], failedRounds: readonly string[] = []): CellResult {
  const fastest = fastestOf(rounds, (r) => r.opsPerSecond);
  return {
    ...fastest,
    errors: rounds.reduce((sum, r) => sum + r.errors, failedRounds.length),
    errorSamples: [...failedRounds, ...rounds.flatMap((r) => r.errorSamples)].slice(0, 5),
    facts: rounds.find((r) => r.facts.problem)?.facts ?? fastest.facts,
    rounds: rounds.map((r) => r.opsPerSecond),
  };
}
