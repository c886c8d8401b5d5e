import { basename } from 'node:path';
import { Pool } from 'undici';
import { runClosedLoop } from '../lib/closed-loop.js';
import { multipartBody } from '../lib/multipart.js';
import { processCpuMs } from '../lib/proc-cpu.js';
import { peakRss, resetPeakRss, sampleRss } from '../lib/proc-memory.js';
import type { RunningServer } from '../lib/server.js';
import type { BenchInput } from './inputs.js';
import { settings } from './settings.js';
import { perImage, type ThreadCpu, threadCpuMs } from './thread-cpu.js';
import type { PhaseResult } from './types.js';
import { inspectOutput } from './verify.js';

/** Adds each `name;dur=…` entry of a Server-Timing header to running sums. */
function addServerTiming(
  header: string | string[] | undefined,
  sums: Map<string, { total: number; count: number }>,
) {
  const value = Array.isArray(header) ? header.join(',') : header;
  if (!value) return;
  for (const entry of value.split(',')) {
    const [name, ...params] = entry.trim().split(';');
    const dur = params.map((p) => p.trim()).find((p) => p.startsWith('dur='));
    if (!name || !dur) continue;
    const sum = sums.get(name) ?? { total: 0, count: 0 };
    sum.total += Number(dur.slice(4));
    sum.count += 1;
    sums.set(name, sum);
  }
}

async function errorMessage(status: number, body: Buffer): Promise<string> {
  try {
    const json = JSON.parse(body.toString('utf8')) as { code?: string; message?: string };
    return `HTTP ${status} ${json.code ?? ''}: ${json.message ?? ''}`.trim();
  } catch {
    return `HTTP ${status}`;
  }
}

/**
 * POSTs the same multipart upload to /api/v1/images/resize from `concurrency` keep-alive connections,
 * back to back, and reads the server's peak RSS and CPU over the measured window.
 */
export async function benchHttp(
  server: RunningServer,
  input: BenchInput,
  kind: PhaseResult['input'],
  concurrency: number,
): Promise<PhaseResult> {
  const upload = multipartBody(
    { width: String(settings.targetWidth), quality: String(settings.quality) },
    { field: 'image', name: basename(input.path), type: 'image/jpeg', bytes: input.bytes },
  );
  const pool = new Pool(server.origin, {
    connections: concurrency,
    pipelining: 1,
    headersTimeout: 300_000,
    bodyTimeout: 300_000,
  });
  const statusCounts: Record<string, number> = {};
  const timings = new Map<string, { total: number; count: number }>();
  let sample: Buffer | undefined;
  let inWindow = false;
  let sampler: ReturnType<typeof sampleRss> | undefined;
  let serverCpuStart = 0;
  let serverCpuMs: number | undefined;
  let clientCpuStart = process.cpuUsage();
  let clientCpuMicros = 0;
  let peakRssBytes: number | undefined;
  let sampledRssBytes = 0;
  let threadsAtStart: ThreadCpu | undefined;
  let threadsAtEnd: ThreadCpu | undefined;
  try {
    const load = await runClosedLoop(
      {
        concurrency,
        warmupMs: settings.warmupMs,
        durationMs: settings.durationMs,
        onWindowStart: () => {
          resetPeakRss(server.pid);
          sampler = sampleRss(server.pid);
          serverCpuStart = processCpuMs(server.pid) ?? 0;
          threadsAtStart = threadCpuMs(server.pid);
          clientCpuStart = process.cpuUsage();
          inWindow = true;
        },
        onWindowEnd: async () => {
          inWindow = false;
          const cpu = process.cpuUsage(clientCpuStart);
          clientCpuMicros = cpu.user + cpu.system;
          const serverCpuEnd = processCpuMs(server.pid);
          threadsAtEnd = threadCpuMs(server.pid);
          serverCpuMs = serverCpuEnd === undefined ? undefined : serverCpuEnd - serverCpuStart;
          peakRssBytes = peakRss(server.pid);
          sampledRssBytes = (await sampler?.stop()) ?? 0;
        },
      },
      async () => {
        const response = await pool.request({
          path: '/api/v1/images/resize',
          method: 'POST',
          headers: { 'content-type': upload.contentType },
          body: upload.body,
        });
        const bytes = Buffer.from(await response.body.arrayBuffer());
        if (response.statusCode !== 200) {
          if (inWindow) statusCounts[response.statusCode] = (statusCounts[response.statusCode] ?? 0) + 1;
          throw new Error(await errorMessage(response.statusCode, bytes));
        }
        if (inWindow) addServerTiming(response.headers['server-timing'], timings);
        sample ??= bytes;
      },
    );
    return {
      ...load,
      tool: 'http',
      input: kind,
      peakRssBytes,
      sampledRssBytes,
      cpuPercent: serverCpuMs === undefined ? undefined : Math.round((serverCpuMs * 100) / load.windowMs),
      threadCpuMsPerImage: perImage(threadsAtStart, threadsAtEnd, load.completed),
      clientCpuPercent: Math.round(clientCpuMicros / 10 / load.windowMs),
      statusCounts,
      serverTimingMeanMs: Object.fromEntries(
        [...timings].map(([name, sum]) => [name, Math.round((sum.total / sum.count) * 10) / 10]),
      ),
      ...(await inspectOutput(sample, input)),
    };
  } finally {
    await pool.close();
  }
}
