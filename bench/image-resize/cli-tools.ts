import { mkdtemp, readFile, rm } from 'node:fs/promises';
import os, { tmpdir } from 'node:os';
import { join } from 'node:path';
import { runClosedLoop } from '../lib/closed-loop.js';
import { runCommand } from '../lib/run-command.js';
import type { BenchInput } from './inputs.js';
import { settings } from './settings.js';
import type { PhaseResult, ToolName } from './types.js';
import { inspectOutput } from './verify.js';

/** A command-line resizer: how to call it for one input and output file. */
export interface CliTool {
  tool: Extract<ToolName, 'imagemagick' | 'vipsthumbnail'>;
  command: (input: string, output: string) => string[];
  /** Environment for one run at a concurrency (thread limits). */
  env: (concurrency: number) => Record<string, string>;
}

/**
 * Threads one process may use when `concurrency` of them run at once: the cores shared out, at least
 * one. More would only oversubscribe the machine (OpenMP threads spinning against each other).
 */
function threadsPerProcess(concurrency: number): string {
  return String(Math.max(1, Math.floor(os.cpus().length / concurrency)));
}

/**
 * ImageMagick at its best documented settings for this job: auto-orient, resize to a width, quality,
 * strip metadata, with the `jpeg:size` hint (libjpeg then decodes at a reduced scale, no smaller than
 * twice the target, as ImageMagick's documentation advises for thumbnails) and its OpenMP threads
 * limited to the cores each process may have.
 */
export function imageMagick(binary: string, source: { width: number; height: number }): CliTool {
  const width = settings.targetWidth * 2;
  const height = Math.round((source.height * width) / source.width);
  return {
    tool: 'imagemagick',
    env: (concurrency) => ({ MAGICK_THREAD_LIMIT: threadsPerProcess(concurrency) }),
    command: (input, output) => [
      binary,
      '-define',
      `jpeg:size=${width}x${height}`,
      input,
      '-auto-orient',
      '-resize',
      `${settings.targetWidth}x`,
      '-quality',
      String(settings.quality),
      '-strip',
      output,
    ],
  };
}

/**
 * libvips' thumbnailer: it auto-rotates and shrinks on load by itself; the save options strip
 * metadata; its worker threads are limited to the cores each process may have.
 */
export function vipsThumbnail(binary: string): CliTool {
  return {
    tool: 'vipsthumbnail',
    env: (concurrency) => ({ VIPS_CONCURRENCY: threadsPerProcess(concurrency) }),
    command: (input, output) => [
      binary,
      input,
      '--size',
      `${settings.targetWidth}x`,
      '-o',
      `${output}[Q=${settings.quality},strip]`,
    ],
  };
}

/** GNU time's report on stderr: peak RSS (KiB), user and system seconds. */
const timeFormat = 'BENCH_TIME %M %U %S';
const timeLine = /^BENCH_TIME (\d+) ([\d.]+) ([\d.]+)$/m;

/**
 * Runs one CLI at one concurrency: `concurrency` processes at a time, back to back, each under
 * /usr/bin/time so its own peak RSS and CPU time are measured by the kernel.
 */
export async function benchCli(cli: CliTool, input: BenchInput, concurrency: number): Promise<PhaseResult> {
  const dir = await mkdtemp(join(tmpdir(), `bench-${cli.tool}-`));
  let peakRssBytes = 0;
  let cpuSeconds = 0;
  let inWindow = false;
  try {
    const load = await runClosedLoop(
      {
        concurrency,
        warmupMs: settings.warmupMs,
        durationMs: settings.durationMs,
        onWindowStart: () => {
          inWindow = true;
        },
        onWindowEnd: () => {
          inWindow = false;
        },
      },
      async (worker) => {
        const [command, ...args] = cli.command(input.path, join(dir, `out-${worker}.jpg`));
        if (command === undefined) throw new Error('empty command');
        const result = await runCommand('/usr/bin/time', ['-f', timeFormat, command, ...args], {
          fromHelper: true,
          env: { ...process.env, ...cli.env(concurrency) },
        });
        const match = timeLine.exec(result.stderr);
        if (result.code !== 0 || !match) {
          throw new Error(`${cli.tool} exited with ${result.code}: ${result.stderr.trim().slice(0, 300)}`);
        }
        peakRssBytes = Math.max(peakRssBytes, Number(match[1]) * 1024);
        if (inWindow) cpuSeconds += Number(match[2]) + Number(match[3]);
      },
    );
    const output = await readFile(join(dir, 'out-0.jpg'));
    return {
      ...load,
      tool: cli.tool,
      input: 'photo',
      peakRssBytes,
      cpuPercent: Math.round((cpuSeconds * 100_000) / load.windowMs),
      ...(await inspectOutput(output, input)),
    };
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}
