import { type MachineInfo, machineMarkdown } from '../lib/machine.js';
import { markdownTable } from '../lib/markdown.js';
import { fmt, mb } from '../lib/stats.js';
import type { BenchInput } from './inputs.js';
import { settings } from './settings.js';
import { otherCpuPercent, type PhaseResult } from './types.js';
import { ceilingPhase, throughputRatio, type Verdict } from './verdicts.js';

const toolLabels: Record<PhaseResult['tool'], string> = {
  http: 'HTTP API (server)',
  sharp: "sharp in-process, sharp's defaults",
  'sharp-tuned': "sharp in-process, the server's settings",
  imagemagick: 'ImageMagick convert',
  vipsthumbnail: 'vipsthumbnail',
};

function errorsCell(phase: PhaseResult): string {
  const total = phase.rounds?.reduce((sum, r) => sum + r.errors, 0) ?? phase.errors;
  const elsewhere = total > phase.errors ? ` (+${total - phase.errors} in other rounds)` : '';
  if (phase.errors === 0) return `0${elsewhere}`;
  const statuses = Object.entries(phase.statusCounts ?? {}).map(([status, n]) => `${n}× ${status}`);
  return `${phase.errors}${statuses.length ? ` (${statuses.join(', ')})` : ''}${elsewhere}`;
}

function otherCpu(p: PhaseResult): string {
  return String(otherCpuPercent(p) ?? '—');
}

export const phaseHead = [
  'Concurrency',
  'Tool',
  'Images/s',
  'Rounds, images/s',
  'p50 ms',
  'p99 ms',
  'Peak RSS MB',
  'CPU %',
  'Other CPU %',
  'Done',
  'Errors',
  'Output KB',
  'SSIM',
  'Output',
];

export function phaseRow(p: PhaseResult): unknown[] {
  return [
    p.concurrency,
    `${toolLabels[p.tool]}${p.input === 'photo-10mb' ? ', ~10 MB input' : ''}`,
    fmt(p.imagesPerSecond, 2),
    p.rounds ? p.rounds.map((r) => fmt(r.imagesPerSecond, 2)).join(' · ') : '—',
    fmt(p.p50Ms, 0),
    fmt(p.p99Ms, 0),
    mb(p.peakRssBytes),
    p.cpuPercent ?? '—',
    otherCpu(p),
    p.completed,
    errorsCell(p),
    p.outputBytes === undefined ? '—' : fmt(p.outputBytes / 1000, 0),
    fmt(p.ssim, 4),
    p.outputProblem ?? 'ok',
  ];
}

/** The phases as a Markdown table, one row per tool and concurrency. */
export function phaseTable(phases: readonly PhaseResult[]): string {
  return markdownTable(phaseHead, phases.map(phaseRow), [0, 2, 4, 5, 6, 7, 8, 9, 11, 12]);
}

/** One phase as the row of phaseTable, for printing as the run goes. */
export function phaseLine(phase: PhaseResult): string {
  const row = phaseTable([phase]).split('\n').at(-1) ?? '';
  const threads = threadCpuText(phase);
  return threads ? `${row} CPU per image: ${threads}` : row;
}

/** HTTP throughput against each other tool, at every concurrency. */
export function ratioTable(phases: readonly PhaseResult[]): string {
  return markdownTable(
    ['Concurrency', 'HTTP ÷ ceiling', 'Ceiling is', 'HTTP ÷ ImageMagick', 'HTTP ÷ vipsthumbnail'],
    settings.concurrencies.map((c) => [
      c,
      `${fmt(throughputRatio(phases, 'ceiling', c) * 100)}%`,
      toolLabels[ceilingPhase(phases, c)?.tool ?? 'sharp'],
      `${fmt(throughputRatio(phases, 'imagemagick', c), 2)}×`,
      `${fmt(throughputRatio(phases, 'vipsthumbnail', c), 2)}×`,
    ]),
    [0, 1, 3, 4],
  );
}

export function verdictTable(list: readonly Verdict[]): string {
  return markdownTable(
    ['Target', 'Measured', 'Met'],
    list.map((v) => [v.target, v.measured, v.pass ? 'yes' : '**no**']),
  );
}

export interface ResizeMarkdown {
  date: string;
  machine: MachineInfo;
  photo: BenchInput;
  big: BenchInput;
  phases: readonly PhaseResult[];
  memory: PhaseResult | undefined;
  verdicts: readonly Verdict[];
  findings: string;
}

function serverTimingLines(phases: readonly PhaseResult[]): string[] {
  return phases
    .filter((p) => p.tool === 'http' && Object.keys(p.serverTimingMeanMs ?? {}).length > 0)
    .map((p) => {
      const entries = Object.entries(p.serverTimingMeanMs ?? {}).map(([name, ms]) => `${name} ${ms} ms`);
      return `- concurrency ${p.concurrency}${p.input === 'photo-10mb' ? ' (~10 MB input)' : ''}: ${entries.join(', ')}`;
    });
}

/**
 * CPU per image by kind of thread, HTTP beside in-process at each concurrency: what the server
 * spends that the pipeline alone does not (the garbage collector shows as main and other threads).
 */
export function threadCpuLines(phases: readonly PhaseResult[]): string[] {
  return phases
    .filter((p) => p.tool === 'http' || p.tool === 'sharp-tuned')
    .flatMap((p) => {
      const who = p.tool === 'http' ? 'HTTP (server)' : 'in-process, server settings';
      const text = threadCpuText(p);
      return text ? [`- ${who}, concurrency ${p.concurrency}: ${text}`] : [];
    });
}

/** A phase's CPU per image by kind of thread, e.g. "main thread 30 ms, libvips 330 ms, …". */
export function threadCpuText(p: PhaseResult): string | undefined {
  if (!p.threadCpuMsPerImage) return undefined;
  const { main, libvips, other } = p.threadCpuMsPerImage;
  return `main thread ${main} ms, libvips ${libvips} ms, other threads ${other} ms (total ${main + libvips + other} ms)`;
}

export function resizeMarkdown(r: ResizeMarkdown): string {
  const timings = serverTimingLines([...r.phases, ...(r.memory ? [r.memory] : [])]);
  const threads = threadCpuLines(r.phases);
  const clientCpu = r.phases
    .filter((p) => p.tool === 'http')
    .map((p) => `${p.clientCpuPercent}% at ${p.concurrency}`)
    .join(', ');
  return `## Image resize (\`npm run bench\`)

Measured ${r.date}. POST /api/v1/images/resize of \`${r.photo.path.replace(/^.*fixtures/, 'fixtures')}\`
(${r.photo.width}×${r.photo.height}, ${mb(r.photo.bytes.length)} MB) to ${settings.targetWidth} px wide, JPEG quality
${settings.quality}; ${settings.warmupMs / 1000} s warm-up, then a ${settings.durationMs / 1000} s measured window per cell and round. Each
concurrency runs ${settings.rounds} rounds, every tool once per round, and each cell keeps its fastest round (all
rounds are listed): this machine has slow stretches, invisible to the processes, that used to decide verdicts.

### Machine

${machineMarkdown(r.machine)}

### Targets

${verdictTable(r.verdicts)}

### Throughput, latency and memory

${phaseTable([...r.phases, ...(r.memory ? [r.memory] : [])])}

CPU % is of one core (200% = both cores of this machine busy): the server process for HTTP, the worker
process for in-process sharp, the sum of the tool processes for the CLIs. Other CPU % is what the rest of
the machine used meanwhile (other people's builds and tests share it): near 0 means a clean measurement.
Each cell waits (up to 2 minutes) for the machine to be quiet before it starts. The load generator itself used
${clientCpu} of one core. The memory row uploads a ${mb(r.big.bytes.length)} MB re-encoding of the photo
(quality 99, 4:4:4) from ${settings.memoryClients} clients at once.

### Ratios

${ratioTable(r.phases)}
${timings.length ? `\n### Server-Timing reported by the server (means)\n\n${timings.join('\n')}\n` : ''}${threads.length ? `\n### CPU per image by thread (other threads: V8's garbage-collection helpers and the libuv pool)\n\n${threads.join('\n')}\n` : ''}
### Findings

${r.findings.trim() || (r.verdicts.every((v) => v.pass) ? 'Every target is met; nothing to profile.' : 'The profiling of the missed targets has not run (or failed); see the console output.')}
`;
}
