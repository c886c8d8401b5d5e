import { percentile } from '../lib/stats.js';
import type { DetectionBatch, PdfRow, Relation } from './batches.js';
import type { BenchCase, CellResult } from './case.js';
import { type LadderPoint, matchedComparison, reaches } from './ladder.js';

export interface EventLoopDelay {
  samples: number;
  p50Ms: number;
  p99Ms: number;
  maxMs: number;
}

export interface Verdict {
  group: BenchCase['group'];
  target: string;
  measured: string;
  pass: boolean;
}

const pct = (x: number) => `${(x * 100).toFixed(1)}%`;
const cellsOf = (cells: readonly CellResult[], name: string) => cells.filter((c) => c.case === name);
const find = (cells: readonly CellResult[], tool: string | RegExp, concurrency: number) =>
  cells.find(
    (c) => (typeof tool === 'string' ? c.tool === tool : tool.test(c.tool)) && c.concurrency === concurrency,
  );
/** A cell with failures, or whose output is wrong, never meets a target. */
const clean = (c: CellResult | undefined): c is CellResult =>
  c !== undefined && c.errors === 0 && !c.facts.problem && c.completed > 0;

/** The ceiling of a case at a concurrency: the better of its in-process variants. */
function ceiling(cells: readonly CellResult[], concurrency: number): CellResult | undefined {
  return cells
    .filter((c) => c.tool.startsWith('in-process') && c.concurrency === concurrency)
    .reduce<CellResult | undefined>(
      (best, c) => (!best || c.opsPerSecond > best.opsPerSecond ? c : best),
      undefined,
    );
}

/** Output sizes at equal SSIM: the timed settings, then each side matched to the other (ladder.ts). */
function smallerAtEqualQuality(
  c: BenchCase,
  http: CellResult | undefined,
  peer: CellResult,
  ladder: readonly LadderPoint[],
): Verdict {
  const target = `${c.name}: smaller than ${peer.tool} at equal or better SSIM`;
  const scored = (cell: CellResult | undefined, setting: string) =>
    cell?.outputBytes !== undefined && cell.facts.ssim !== undefined
      ? { bytes: cell.outputBytes, ssim: cell.facts.ssim, setting }
      : undefined;
  const ours = scored(http, 'the timed request');
  const theirs = scored(peer, 'the timed command');
  if (!ours || !theirs) return { group: c.group, target, measured: 'no output to compare', pass: false };
  const point = (p: { bytes: number; ssim: number }) => `${p.bytes} bytes at ${p.ssim.toFixed(4)}`;
  const direct = ours.bytes < theirs.bytes && reaches(ours.ssim, theirs.ssim);
  let measured = `ours ${point(ours)}, ${peer.tool} ${point(theirs)}`;
  const mine = ladder.filter((p) => p.case === c.name);
  if (direct || mine.length === 0) return { group: c.group, target, measured, pass: direct };
  const matched = matchedComparison(ours, theirs, mine, peer.tool);
  const at = (p: { setting: string; bytes: number; ssim: number } | undefined) =>
    p ? `${point(p)} (${p.setting})` : 'none of its settings reaches it';
  measured += `; matched: ${peer.tool}'s smallest at our SSIM ${at(matched.peerAtOurs)}, our smallest at its SSIM ${at(matched.oursAtPeers)}`;
  return { group: c.group, target, measured, pass: matched.pass };
}

export interface Batches {
  /** Quality ladders of the cases that have one (ladder.ts). */
  ladder?: LadderPoint[];
  detection?: DetectionBatch;
  pdf?: PdfRow[];
  healthMs?: number[];
  /** The server's own event-loop delay during the same stretch (perf_hooks, lib/event-loop-probe.mjs). */
  eventLoop?: EventLoopDelay;
}

const count = (d: DetectionBatch, relation: Relation) => d.rows.filter((r) => r.relation === relation).length;

export function verdicts(
  cases: readonly BenchCase[],
  cells: readonly CellResult[],
  batches: Batches,
): Verdict[] {
  const out: Verdict[] = [];
  for (const c of cases) {
    const mine = cellsOf(cells, c.name);
    if (mine.length === 0) continue;
    for (const n of c.concurrencies) {
      const http = find(mine, 'HTTP API', n);
      if (c.inProcess) {
        const top = ceiling(mine, n);
        const ratio = http && top ? http.opsPerSecond / top.opsPerSecond : Number.NaN;
        out.push({
          group: c.group,
          target: `${c.name}: HTTP ≥ 85% of in-process (concurrency ${n})`,
          measured: pct(ratio),
          pass: clean(http) && ratio >= 0.85,
        });
      }
      for (const peer of c.peers) {
        const other = find(mine, peer.label, n);
        if (!other) continue;
        const ratio = http ? http.opsPerSecond / other.opsPerSecond : Number.NaN;
        const need = peer.speedup ?? (c.group === 'media' ? 0.9 : 1);
        const target =
          need === 1
            ? `faster than ${peer.label}`
            : need > 1
              ? `at least ${need}× as fast as ${peer.label}`
              : `within ${Math.round((1 - need) * 100)}% of ${peer.label}`;
        out.push({
          group: c.group,
          target: `${c.name}: ${target} (concurrency ${n})`,
          measured: `${ratio.toFixed(2)}× its speed`,
          pass: clean(http) && ratio >= need,
        });
        if (c.group === 'files' && c.name.includes('level')) {
          const bytes =
            http?.outputBytes && other.outputBytes ? http.outputBytes / other.outputBytes : Number.NaN;
          out.push({
            group: c.group,
            target: `${c.name}: bytes within 10% of ${peer.label}`,
            measured: `${pct(bytes)} of its size`,
            pass: bytes <= 1.1,
          });
        }
        if (
          c.name.startsWith('compress') &&
          peer.label.startsWith('ImageMagick') &&
          n === c.concurrencies[0]
        ) {
          out.push(smallerAtEqualQuality(c, http, other, batches.ladder ?? []));
        }
      }
      if (c.name.startsWith('text → PDF') && http) {
        out.push({
          group: c.group,
          target: 'text → PDF of 1 MB in under 2 s',
          measured: `${(http.p50Ms / 1000).toFixed(2)} s`,
          pass: clean(http) && http.p50Ms < 2000,
        });
      }
    }
  }
  if (batches.eventLoop) {
    const { p50Ms, p99Ms, maxMs, samples } = batches.eventLoop;
    out.push({
      group: 'data',
      target: 'event-loop delay p99 < 50 ms while 4 conversions run (measured in the server)',
      measured: `${p99Ms.toFixed(1)} ms (p50 ${p50Ms.toFixed(1)} ms, max ${maxMs.toFixed(1)} ms, ${samples} samples)`,
      pass: p99Ms < 50,
    });
  }
  if (batches.healthMs?.length) {
    const p99 = percentile(batches.healthMs, 99);
    out.push({
      group: 'data',
      target:
        'GET /health answered in < 50 ms at p99 while 4 conversions run (includes waiting for a core and the loopback)',
      measured: `${p99.toFixed(1)} ms`,
      pass: p99 < 50,
    });
  }
  if (batches.detection) {
    const d = batches.detection;
    out.push({
      group: 'files',
      target: 'detection agrees with `file --mime-type` on ≥ 95% of the corpus',
      measured: `${d.agree}/${d.compared} (${pct(d.agree / d.compared)}; ${count(d, 'same')} the same type, ${count(d, 'ours more specific')} ours more specific, ${count(d, 'file more specific')} file's; ${d.files - d.compared} empty files not compared); ${(d.httpMs / 1000).toFixed(2)} s over HTTP vs ${(d.fileMs / 1000).toFixed(2)} s`,
      pass: d.agree / d.compared >= 0.95,
    });
  }
  if (batches.pdf?.length) {
    const rows = batches.pdf;
    const ours = rows.reduce((s, r) => s + r.httpMs, 0);
    const theirs = rows.reduce((s, r) => s + r.popplerMs, 0);
    const textRows = rows.filter((r) => r.status === 200 && r.agreement > 0);
    const agreement = textRows.reduce((s, r) => s + r.agreement, 0) / Math.max(1, textRows.length);
    out.push({
      group: 'media',
      target: 'PDF to text agrees with pdftotext on ≥ 98% of words',
      measured: pct(agreement),
      pass: agreement >= 0.98,
    });
    out.push({
      group: 'media',
      target: 'PDF to text takes at most 3× pdftotext on the corpus',
      measured: `${(ours / theirs).toFixed(2)}× (${(ours / 1000).toFixed(1)} s vs ${(theirs / 1000).toFixed(1)} s)`,
      pass: ours <= 3 * theirs && rows.every((r) => r.status === 200 || r.status === 422),
    });
  }
  return out;
}
