/**
 * Child process that runs the resize pipeline in-process (no HTTP) under the same closed-loop load as
 * the server gets, so its memory and CPU are its own and not the harness's. Prints one JSON line.
 * Usage: node --import tsx sharp-worker.ts <input> <concurrency> <warmupMs> <durationMs>
 */
import { readFile } from 'node:fs/promises';
import { runClosedLoop } from '../lib/closed-loop.js';
import { peakRss, resetPeakRss } from '../lib/proc-memory.js';
import { resizeInProcess } from './pipeline.js';
import { perImage, type ThreadCpu, threadCpuMs } from './thread-cpu.js';

const [input, concurrency, warmupMs, durationMs] = process.argv.slice(2);
if (input === undefined || concurrency === undefined || warmupMs === undefined || durationMs === undefined) {
  throw new Error('Usage: sharp-worker.ts <input> <concurrency> <warmupMs> <durationMs>');
}
const photo = await readFile(input);
let cpuAtStart = process.cpuUsage();
let cpuMicros = 0;
let threadsAtStart: ThreadCpu | undefined;
let threadsAtEnd: ThreadCpu | undefined;
const result = await runClosedLoop(
  {
    concurrency: Number(concurrency),
    warmupMs: Number(warmupMs),
    durationMs: Number(durationMs),
    onWindowStart: () => {
      resetPeakRss(process.pid);
      cpuAtStart = process.cpuUsage();
      threadsAtStart = threadCpuMs(process.pid);
    },
    onWindowEnd: () => {
      const used = process.cpuUsage(cpuAtStart);
      cpuMicros = used.user + used.system;
      threadsAtEnd = threadCpuMs(process.pid);
    },
  },
  async () => {
    await resizeInProcess(photo);
  },
);
const sample = await resizeInProcess(photo);
process.stdout.write(
  `${JSON.stringify({
    ...result,
    peakRssBytes: peakRss(process.pid),
    cpuPercent: Math.round(cpuMicros / 10 / result.windowMs),
    threadCpuMsPerImage: perImage(threadsAtStart, threadsAtEnd, result.completed),
    sampleBase64: sample.toString('base64'),
  })}\n`,
);
