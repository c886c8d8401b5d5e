import { readdir, rm } from 'node:fs/promises';
import os from 'node:os';
import { join } from 'node:path';
import { ensureDebianTools } from '../lib/apt.js';
import { type ProfileSummary, summariseProfile } from '../lib/cpu-profile.js';
import { markdownTable } from '../lib/markdown.js';
import { resultsDir } from '../lib/paths.js';
import { startServer } from '../lib/server.js';
import { fmt } from '../lib/stats.js';
import { benchHttp } from './http-load.js';
import { benchInProcess } from './in-process.js';
import type { BenchInput } from './inputs.js';
import { measureCleanly } from './measure.js';
import { phaseHead, phaseRow, threadCpuText } from './report.js';
import { serverEnv } from './server-env.js';
import { settings } from './settings.js';
import type { PhaseResult } from './types.js';

/** One variation of the setup, run to see what moves a missed target. */
export interface Experiment {
  label: string;
  phase: PhaseResult;
}

export interface Diagnosis {
  profile?: ProfileSummary;
  experiments: Experiment[];
}

const profileDir = join(resultsDir, 'profiles');

/** One HTTP phase against a fresh server started with extra environment or Node flags. */
async function httpWith(
  input: BenchInput,
  kind: PhaseResult['input'],
  concurrency: number,
  env: Record<string, string>,
  nodeArgs: string[] = [],
): Promise<PhaseResult> {
  const server = await startServer('diagnosis', settings.port + 1, { env: serverEnv(env), nodeArgs });
  try {
    return await measureCleanly(() => benchHttp(server, input, kind, concurrency));
  } finally {
    await server.stop();
  }
}

/**
 * Throughput: a CPU profile of the server's main thread at concurrency 2 (how busy the event loop
 * is and with what), then the same load with other libvips and libuv thread settings, and the
 * in-process ceiling with the server's thread setting, to separate the cost of HTTP from settings.
 */
async function throughputExperiments(photo: BenchInput, diagnosis: Diagnosis): Promise<void> {
  await rm(profileDir, { recursive: true, force: true });
  const profiled = await httpWith(photo, 'photo', 2, {}, ['--cpu-prof', `--cpu-prof-dir=${profileDir}`]);
  diagnosis.experiments.push({ label: 'HTTP, server under --cpu-prof (default settings)', phase: profiled });
  const [file] = (await readdir(profileDir)).filter((f) => f.endsWith('.cpuprofile'));
  if (file) diagnosis.profile = await summariseProfile(join(profileDir, file));
  // The server runs UV_THREADPOOL_SIZE images at once with cores ÷ that many libvips threads each.
  const cores = String(os.cpus().length);
  const variants: [string, Record<string, string>][] = [
    [
      `HTTP, SHARP_CONCURRENCY=${cores} (every core for each image, as sharp's own default)`,
      { SHARP_CONCURRENCY: cores },
    ],
    [`HTTP, UV_THREADPOOL_SIZE=${cores} (as many images at once as cores)`, { UV_THREADPOOL_SIZE: cores }],
  ];
  for (const [label, env] of variants) {
    diagnosis.experiments.push({ label, phase: await httpWith(photo, 'photo', 2, env) });
  }
  // V8 sizes the old generation's first limit just above the server's ~32 MB of live objects: a full
  // collection (marking on every V8 thread) then came about once per 8.5 MB upload.
  diagnosis.experiments.push({
    label: 'HTTP, node --initial-old-space-size=128 (fewer full garbage collections)',
    phase: await httpWith(photo, 'photo', 2, {}, ['--initial-old-space-size=128']),
  });
  diagnosis.experiments.push({
    label: "sharp in-process with the server's default of one libvips thread per image (on 2 cores)",
    phase: await measureCleanly(() => benchInProcess(photo, 2, { env: { BENCH_SHARP_CONCURRENCY: '1' } })),
  });
}

/**
 * Memory: the 32 × ~10 MB load again with glibc's default malloc arenas (the server as shipped limits
 * them to two) and with jemalloc, and
 * the in-process pipeline under the same 32 images (one shared input buffer), which is what libvips
 * needs without any upload held in memory.
 */
async function memoryExperiments(big: BenchInput, diagnosis: Diagnosis): Promise<void> {
  const clients = settings.memoryClients;
  diagnosis.experiments.push({
    label: "HTTP, glibc's default malloc arenas (MALLOC_ARENA_MAX unset)",
    phase: await httpWith(big, 'photo-10mb', clients, { MALLOC_ARENA_MAX: '' }),
  });
  const [jemalloc] = await ensureDebianTools([
    {
      pkg: 'libjemalloc2',
      library: true,
      candidates: [
        '/usr/lib/x86_64-linux-gnu/libjemalloc.so.2',
        '/usr/lib/aarch64-linux-gnu/libjemalloc.so.2',
      ],
    },
  ]);
  if (jemalloc) {
    diagnosis.experiments.push({
      label: 'HTTP, jemalloc (LD_PRELOAD)',
      phase: await httpWith(big, 'photo-10mb', clients, { LD_PRELOAD: jemalloc }),
    });
  }
  diagnosis.experiments.push({
    label: 'HTTP, UV_THREADPOOL_SIZE=2 (at most 2 images decoded at once)',
    phase: await httpWith(big, 'photo-10mb', clients, { UV_THREADPOOL_SIZE: '2' }),
  });
  diagnosis.experiments.push({
    label: 'sharp in-process, 32 at once, one libvips thread per image, one shared input buffer',
    phase: await measureCleanly(() =>
      benchInProcess(big, clients, { kind: 'photo-10mb', env: { BENCH_SHARP_CONCURRENCY: '1' } }),
    ),
  });
}

/** Runs the experiments that bear on the missed targets (or all of them when `all`). */
export async function diagnose(
  photo: BenchInput,
  big: BenchInput,
  missed: { throughput: boolean; memory: boolean },
): Promise<Diagnosis> {
  const diagnosis: Diagnosis = { experiments: [] };
  // Each group on its own: a failure in one keeps what the other found.
  const groups = [
    missed.throughput ? () => throughputExperiments(photo, diagnosis) : undefined,
    missed.memory ? () => memoryExperiments(big, diagnosis) : undefined,
  ];
  for (const group of groups) {
    try {
      await group?.();
    } catch (error) {
      console.error(`An experiment failed: ${String(error)}`);
    }
  }
  return diagnosis;
}

/** The measurements of the diagnosis as Markdown (the interpretation is written by hand beside it). */
export function diagnosisMarkdown(diagnosis: Diagnosis): string {
  const parts: string[] = [];
  if (diagnosis.experiments.length) {
    parts.push(
      markdownTable(
        ['Experiment', ...phaseHead],
        diagnosis.experiments.map(({ label, phase }) => [label, ...phaseRow(phase)]),
        [1, 3, 4, 5, 6, 7, 8, 9],
      ),
    );
    const threads = diagnosis.experiments.flatMap(({ label, phase }) => {
      const text = threadCpuText(phase);
      return text ? [`- ${label}: ${text}`] : [];
    });
    if (threads.length) parts.push(`CPU per image by thread:\n\n${threads.join('\n')}`);
  }
  const profile = diagnosis.profile;
  if (profile) {
    parts.push(
      `Server main thread at concurrency 2 (CPU profile, ${fmt(profile.totalMs / 1000)} s): busy ` +
        `${fmt((1 - profile.idleShare) * 100)}% of the time, garbage collection ${fmt(profile.gcShare * 100)}%. ` +
        'Functions with the most self time:',
      markdownTable(
        ['Function', 'Where', 'Share of main-thread time'],
        profile.top.map((t) => [t.name, t.where, `${fmt(t.share * 100)}%`]),
        [2],
      ),
    );
  }
  return parts.join('\n\n');
}
