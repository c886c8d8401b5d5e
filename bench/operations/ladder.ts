/**
 * Quality ladders: a case's other settings, each run once and untimed, so that output size can be
 * compared at equal quality. One setting per tool says little when the tools land at different SSIMs:
 * a 256-colour palette that dithers fully is larger *and* closer to the input than one that dithers
 * less. Matched both ways, the claim "smaller at equal or better SSIM" means: the peer's smallest output
 * that reaches our SSIM is larger than ours, and our smallest output that reaches the peer's SSIM is
 * smaller than the peer's.
 */
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { runCommand } from '../lib/run-command.js';
import type { RunningServer } from '../lib/server.js';
import type { BenchCase, CliPeer, LadderStep, Output } from './case.js';
import { expand, requestBody } from './cells.js';

/** One point of a ladder: a tool at one setting, its output's size and similarity to the input. */
export interface LadderPoint {
  case: string;
  tool: string;
  setting: string;
  bytes: number | undefined;
  ssim: number | undefined;
  problem?: string;
}

async function outputOf(server: RunningServer, c: BenchCase, step: LadderStep, dir: string): Promise<Output> {
  if ('fields' in step) {
    const { contentType, body } = await requestBody({
      ...c.http,
      fields: { ...c.http.fields, ...step.fields },
    });
    const response = await fetch(`${server.origin}/api/v1${c.http.path}`, {
      method: 'POST',
      headers: { 'content-type': contentType },
      body,
    });
    const bytes = Buffer.from(await response.arrayBuffer());
    if (!response.ok) throw new Error(`HTTP ${response.status}: ${bytes.toString('utf8').slice(0, 200)}`);
    return { bytes };
  }
  const peer = c.peers.find((p): p is CliPeer => 'command' in p && p.label === step.tool);
  const out = join(dir, `out${peer?.outputExtension ?? ''}`);
  const [command, ...args] = expand(step.command, c.input, out);
  if (command === undefined) throw new Error('empty command');
  const result = await runCommand(command, args, { env: { ...process.env, ...peer?.env?.(1) } });
  if (result.code !== 0) throw new Error(`exited with ${result.code}: ${result.stderr.slice(0, 200)}`);
  return { bytes: await readFile(out) };
}

/** Runs every step of a case's ladder once and scores each output with the case's own check. */
export async function runLadder(server: RunningServer, c: BenchCase): Promise<LadderPoint[]> {
  const points: LadderPoint[] = [];
  const dir = await mkdtemp(join(tmpdir(), 'bench-ladder-'));
  try {
    for (const step of c.ladder ?? []) {
      const point = { case: c.name, tool: step.tool, setting: step.setting };
      try {
        const output = await outputOf(server, c, step, dir);
        const facts = await c.check(output);
        points.push({ ...point, bytes: output.bytes.length, ssim: facts.ssim, problem: facts.problem });
      } catch (error) {
        points.push({ ...point, bytes: undefined, ssim: undefined, problem: String(error).slice(0, 200) });
      }
    }
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
  return points;
}

/** A tool's output as the comparison needs it: its size and SSIM, known and without a problem. */
interface Scored {
  bytes: number;
  ssim: number;
  setting: string;
}

const usable = (p: { bytes?: number | undefined; ssim?: number | undefined; problem?: string }) =>
  p.bytes !== undefined && p.ssim !== undefined && !p.problem;

/** `x` is at least `ssim`, both rounded to the 4 places the report shows. */
export const reaches = (x: number, ssim: number) => Math.round(x * 1e4) >= Math.round(ssim * 1e4);

/** The smallest of `points` whose SSIM reaches `ssim`. */
export function smallestReaching(points: readonly Scored[], ssim: number): Scored | undefined {
  return points.filter((p) => reaches(p.ssim, ssim)).sort((a, b) => a.bytes - b.bytes)[0];
}

export interface MatchedComparison {
  /** The peer's smallest output at our SSIM or better, and whether ours is smaller than it. */
  peerAtOurs: Scored | undefined;
  /** Our smallest output at the peer's SSIM or better, and whether it is smaller than the peer's. */
  oursAtPeers: Scored | undefined;
  pass: boolean;
}

/**
 * Compares `ours` and `peer` (the timed rows' outputs) at equal quality, each side matched to the
 * other's SSIM with the settings on its ladder (its timed setting included).
 */
export function matchedComparison(
  ours: Scored,
  peer: Scored,
  ladder: readonly LadderPoint[],
  peerTool: string,
): MatchedComparison {
  const scored = (tool: string) =>
    ladder
      .filter((p) => p.tool === tool && usable(p))
      .map((p) => ({ bytes: p.bytes as number, ssim: p.ssim as number, setting: p.setting }));
  const peerAtOurs = smallestReaching([peer, ...scored(peerTool)], ours.ssim);
  const oursAtPeers = smallestReaching([ours, ...scored('HTTP API')], peer.ssim);
  return {
    peerAtOurs,
    oursAtPeers,
    pass:
      peerAtOurs !== undefined &&
      ours.bytes < peerAtOurs.bytes &&
      oursAtPeers !== undefined &&
      oursAtPeers.bytes < peer.bytes,
  };
}
