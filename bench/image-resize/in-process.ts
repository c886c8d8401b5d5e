import { fileURLToPath } from 'node:url';
import type { LoadResult } from '../lib/closed-loop.js';
import { benchDir } from '../lib/paths.js';
import { runCommand } from '../lib/run-command.js';
import type { BenchInput } from './inputs.js';
import { settings } from './settings.js';
import type { PhaseResult } from './types.js';
import { checkOutput } from './verify.js';

const workerScript = fileURLToPath(new URL('./sharp-worker.ts', import.meta.url));

interface WorkerOutput extends LoadResult {
  peakRssBytes?: number;
  cpuPercent?: number;
  sampleBase64: string;
}

/**
 * Runs the sharp pipeline in a fresh Node process (no HTTP) at one concurrency. `env` reaches that
 * process only (e.g. BENCH_SHARP_CONCURRENCY for the diagnosis).
 */
export async function benchInProcess(
  input: BenchInput,
  concurrency: number,
  options: { kind?: PhaseResult['input']; env?: Record<string, string> } = {},
): Promise<PhaseResult> {
  const args = [input.path, concurrency, settings.warmupMs, settings.durationMs].map(String);
  const result = await runCommand(process.execPath, ['--import', 'tsx', workerScript, ...args], {
    cwd: benchDir,
    env: { ...process.env, ...options.env },
  });
  const lastLine = result.stdout.trim().split('\n').at(-1);
  if (result.code !== 0 || lastLine === undefined) {
    throw new Error(`The in-process sharp worker failed (exit ${result.code}): ${result.stderr.trim()}`);
  }
  const { sampleBase64, peakRssBytes, cpuPercent, ...load } = JSON.parse(lastLine) as WorkerOutput;
  return {
    ...load,
    tool: 'sharp',
    input: options.kind ?? 'photo',
    peakRssBytes,
    cpuPercent,
    outputProblem: await checkOutput(Buffer.from(sampleBase64, 'base64'), input.width, input.height),
  };
}
