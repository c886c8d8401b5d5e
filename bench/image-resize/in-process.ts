import os from 'node:os';
import { fileURLToPath } from 'node:url';
import type { LoadResult } from '../lib/closed-loop.js';
import { launched, launcherVariables } from '../lib/launch.js';
import { benchDir } from '../lib/paths.js';
import { runCommand } from '../lib/run-command.js';
import type { BenchInput } from './inputs.js';
import { settings } from './settings.js';
import type { ThreadCpu } from './thread-cpu.js';
import type { PhaseResult } from './types.js';
import { inspectOutput } from './verify.js';

const workerScript = fileURLToPath(new URL('./sharp-worker.ts', import.meta.url));

/** The server's defaults (apps/api/src/config.ts): four images at once, cores ÷ 4 libvips threads each. */
const serverThreadPool = 4;
/**
 * The two in-process baselines. `sharp`: sharp's own defaults, in a process with glibc's default
 * malloc settings (none of `npm start`'s environment). `sharp-tuned`: exactly the server's settings,
 * started through `npm start`'s launcher. Neither is assumed to be faster: the ceiling HTTP
 * is compared with is the better of the two at each concurrency.
 */
export const inProcessVariants: Record<'sharp' | 'sharp-tuned', Record<string, string | undefined>> = {
  sharp: {
    ...Object.fromEntries(launcherVariables.map((name) => [name, undefined])),
    BENCH_SHARP_CONCURRENCY: undefined,
    BENCH_SHARP_CACHE: undefined,
  },
  'sharp-tuned': {
    BENCH_SHARP_CONCURRENCY: String(Math.max(1, Math.floor(os.cpus().length / serverThreadPool))),
    BENCH_SHARP_CACHE: '0',
    UV_THREADPOOL_SIZE: String(serverThreadPool),
  },
};

interface WorkerOutput extends LoadResult {
  peakRssBytes?: number;
  cpuPercent?: number;
  threadCpuMsPerImage?: ThreadCpu;
  sampleBase64: string;
}

/**
 * Runs the sharp pipeline in a fresh Node process (no HTTP) at one concurrency. `env` reaches that
 * process only (e.g. BENCH_SHARP_CONCURRENCY for the diagnosis).
 */
export async function benchInProcess(
  input: BenchInput,
  concurrency: number,
  options: {
    kind?: PhaseResult['input'];
    variant?: keyof typeof inProcessVariants;
    env?: Record<string, string>;
  } = {},
): Promise<PhaseResult> {
  const variant = options.variant ?? 'sharp';
  const env: NodeJS.ProcessEnv = { ...process.env, ...inProcessVariants[variant], ...options.env };
  for (const [key, value] of Object.entries(env)) if (value === undefined) delete env[key];
  const args = [input.path, concurrency, settings.warmupMs, settings.durationMs].map(String);
  const node = ['--import', 'tsx', workerScript, ...args];
  const [command, commandArgs] = variant === 'sharp-tuned' ? launched(node) : [process.execPath, node];
  const result = await runCommand(command, commandArgs, {
    cwd: benchDir,
    env,
  });
  const lastLine = result.stdout.trim().split('\n').at(-1);
  if (result.code !== 0 || lastLine === undefined) {
    throw new Error(`The in-process sharp worker failed (exit ${result.code}): ${result.stderr.trim()}`);
  }
  const { sampleBase64, peakRssBytes, cpuPercent, threadCpuMsPerImage, ...load } = JSON.parse(
    lastLine,
  ) as WorkerOutput;
  return {
    ...load,
    tool: variant,
    input: options.kind ?? 'photo',
    peakRssBytes,
    cpuPercent,
    threadCpuMsPerImage,
    ...(await inspectOutput(Buffer.from(sampleBase64, 'base64'), input)),
  };
}
