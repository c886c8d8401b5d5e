import { fileURLToPath } from 'node:url';
import type { LoadResult } from '../lib/closed-loop.js';
import { benchDir } from '../lib/paths.js';
import { runCommand } from '../lib/run-command.js';
import { settings } from './settings.js';
import type { PhaseResult } from './types.js';
import { checkOutput } from './verify.js';

const workerScript = fileURLToPath(new URL('./sharp-worker.ts', import.meta.url));

interface WorkerOutput extends LoadResult {
  peakRssBytes?: number;
  cpuPercent?: number;
  sampleBase64: string;
}

/** Runs the sharp pipeline in a fresh Node process (no HTTP) at one concurrency. */
export async function benchInProcess(
  input: string,
  concurrency: number,
  size: { width: number; height: number },
): Promise<PhaseResult> {
  const result = await runCommand(
    process.execPath,
    [
      '--import',
      'tsx',
      workerScript,
      input,
      String(concurrency),
      String(settings.warmupMs),
      String(settings.durationMs),
    ],
    { cwd: benchDir },
  );
  const lastLine = result.stdout.trim().split('\n').at(-1);
  if (result.code !== 0 || lastLine === undefined) {
    throw new Error(`The in-process sharp worker failed (exit ${result.code}): ${result.stderr.trim()}`);
  }
  const { sampleBase64, peakRssBytes, cpuPercent, ...load } = JSON.parse(lastLine) as WorkerOutput;
  return {
    ...load,
    tool: 'sharp',
    input: 'photo',
    peakRssBytes,
    cpuPercent,
    outputProblem: await checkOutput(Buffer.from(sampleBase64, 'base64'), size.width, size.height),
  };
}
