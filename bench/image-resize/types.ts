import type { LoadResult } from '../lib/closed-loop.js';
import type { ThreadCpu } from './thread-cpu.js';
import type { OutputReport } from './verify.js';

/**
 * `sharp` is the in-process pipeline with sharp's defaults (every core for each image, operation
 * cache on); `sharp-tuned` with the server's settings (one libvips thread per image on two cores,
 * no cache, two malloc arenas). The fair ceiling for HTTP is the better of the two at each concurrency.
 */
export type ToolName = 'http' | 'sharp' | 'sharp-tuned' | 'imagemagick' | 'vipsthumbnail';

/** One cell of the comparison: one tool at one concurrency. */
export interface PhaseResult extends LoadResult, OutputReport {
  tool: ToolName;
  /** Which input was resized: the 8.1 MB photo, or its ~10 MB re-encoding for the memory target. */
  input: 'photo' | 'photo-10mb';
  /**
   * Peak resident memory: of the server process (HTTP), of the worker process (in-process sharp), or
   * the largest of the tool processes (CLIs, each process on its own).
   */
  peakRssBytes: number | undefined;
  /** HTTP only: the largest RSS seen by sampling every 50 ms, a cross-check of VmHWM. */
  sampledRssBytes?: number;
  /** CPU time of the measured process(es) during the window, in percent of one core. */
  cpuPercent: number | undefined;
  /**
   * HTTP and in-process: CPU milliseconds per image of the main thread, libvips' workers and the
   * other threads (V8's garbage-collection helpers, the libuv pool), see thread-cpu.ts.
   */
  threadCpuMsPerImage?: ThreadCpu | undefined;
  /** HTTP only: CPU the load generator itself used, in percent of one core. */
  clientCpuPercent?: number;
  /** HTTP only: status codes of failed responses and how often they came. */
  statusCounts?: Record<string, number>;
  /** HTTP only: the mean of each Server-Timing metric the server reported, in milliseconds. */
  serverTimingMeanMs?: Record<string, number>;
  /**
   * Every round this cell was measured in (see settings.rounds), in the order run; the other fields
   * are those of the fastest round.
   */
  rounds?: RoundSummary[];
}

/** What is kept of each round of a cell. */
export interface RoundSummary {
  imagesPerSecond: number;
  p99Ms: number;
  errors: number;
}

/**
 * CPU the rest of the machine used during the window: everything the kernel counted minus the
 * measured process(es) and the load generator. Near 0 means the figures are clean; a large value
 * means someone else's work shared the cores.
 */
export function otherCpuPercent(p: PhaseResult): number | undefined {
  if (p.systemCpuPercent === undefined || p.cpuPercent === undefined) return undefined;
  return Math.max(0, p.systemCpuPercent - p.cpuPercent - (p.clientCpuPercent ?? 0));
}
