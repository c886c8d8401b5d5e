import { basename } from 'node:path';
import { type MachineInfo, machineMarkdown } from '../lib/machine.js';
import { markdownTable } from '../lib/markdown.js';
import { fmt } from '../lib/stats.js';
import type { DetectionBatch, PdfRow } from './batches.js';
import type { CellResult } from './case.js';
import type { LadderPoint } from './ladder.js';
import { settings } from './settings.js';
import type { Verdict } from './verdicts.js';

const groups = {
  images: 'Images (issue 8)',
  data: 'Text and data (issue 9)',
  files: 'Files (issue 10)',
  media: 'Audio and PDF (issue 11)',
} as const;

export function cellRow(c: CellResult): unknown[] {
  const check = c.facts.problem
    ? `**${c.facts.problem}**`
    : c.errors > 0
      ? `**${c.errors} errors: ${c.errorSamples[0] ?? ''}**`
      : (c.facts.note ?? 'ok');
  return [
    c.case,
    c.tool,
    c.concurrency,
    fmt(c.opsPerSecond, 2),
    c.rounds && c.rounds.length > 1 ? c.rounds.map((r) => fmt(r, 2)).join(' · ') : '—',
    fmt(c.p50Ms, 0),
    c.outputBytes === undefined ? '—' : fmt(c.outputBytes / 1000, 0),
    fmt(c.facts.ssim, 4),
    c.systemCpuPercent ?? '—',
    check,
  ];
}

const head = [
  'Operation',
  'Tool',
  'Concurrency',
  'Ops/s',
  'Every round',
  'p50 ms',
  'Output KB',
  'SSIM',
  'Machine CPU %',
  'Output check',
];

export function cellTable(cells: readonly CellResult[]): string {
  return markdownTable(head, cells.map(cellRow), [2, 3, 4, 5, 6, 7, 8]);
}

export function verdictTable(list: readonly Verdict[]): string {
  return markdownTable(
    ['Target', 'Measured', 'Met'],
    list.map((v) => [v.target, v.measured, v.pass ? 'yes' : '**no**']),
  );
}

export interface OperationsMarkdown {
  date: string;
  machine: MachineInfo;
  cells: readonly CellResult[];
  verdicts: readonly Verdict[];
  skipped: readonly string[];
  detection?: DetectionBatch;
  pdf?: PdfRow[];
  ladder?: LadderPoint[];
}

function detectionSection(d: DetectionBatch): string {
  const differ = d.rows.filter((r) => r.ours !== r.file1);
  return `#### Detection of every corpus file against \`file --mime-type\`

${d.files} files, ${d.compared} compared (empty files are a 400 here); ${d.agree} answers agree: the same type (also
under another registered name, such as \`audio/wav\` and \`audio/x-wav\`), or one answer a more specific type
within the other's family (\`text/csv\` within \`text/plain\`, an EPUB within \`application/zip\`). Every answer
that is not character for character the same:

${markdownTable(
  ['File', 'This API', 'file', 'Relation'],
  differ.map((r) => [basename(r.file), r.ours ?? '—', r.file1, r.relation]),
)}`;
}

function ladderSection(points: readonly LadderPoint[]): string {
  return `#### Quality ladders (each setting run once, untimed)

Output size against SSIM at other settings of the same tools, so that sizes are compared at equal
quality: the verdict "smaller at equal or better SSIM" matches each side to the other's SSIM with these.

${markdownTable(
  ['Operation', 'Tool', 'Setting', 'Output KB', 'SSIM', 'Output check'],
  points.map((p) => [
    p.case,
    p.tool,
    p.setting,
    p.bytes === undefined ? '—' : fmt(p.bytes / 1000, 0),
    fmt(p.ssim, 4),
    p.problem ? `**${p.problem}**` : 'ok',
  ]),
  [3, 4],
)}`;
}

function pdfSection(rows: readonly PdfRow[]): string {
  return `#### PDF to text against \`pdftotext\`

${markdownTable(
  ['PDF', 'HTTP ms', 'pdftotext ms', 'Ratio', 'Words agreeing', 'Status'],
  rows.map((r) => [
    basename(r.file),
    fmt(r.httpMs, 0),
    fmt(r.popplerMs, 0),
    `${fmt(r.httpMs / r.popplerMs, 2)}×`,
    `${fmt(r.agreement * 100)}%`,
    r.status,
  ]),
  [1, 2, 3, 4, 5],
)}`;
}

export function operationsMarkdown(r: OperationsMarkdown): string {
  const sections = (Object.keys(groups) as (keyof typeof groups)[])
    .map((g) => {
      const cells = r.cells.filter((c) => c.group === g);
      const list = r.verdicts.filter((v) => v.group === g);
      if (cells.length === 0 && list.length === 0) return '';
      const extra = [
        g === 'files' && r.detection ? detectionSection(r.detection) : '',
        g === 'media' && r.pdf ? pdfSection(r.pdf) : '',
        g === 'images' && r.ladder?.length ? ladderSection(r.ladder) : '',
      ]
        .filter(Boolean)
        .join('\n\n');
      return `### ${groups[g]}\n\n${list.length ? `${verdictTable(list)}\n\n` : ''}${cells.length ? cellTable(cells) : ''}${extra ? `\n\n${extra}` : ''}`;
    })
    .filter(Boolean)
    .join('\n\n');
  return `## Operations (\`npm run bench\`, after the resize benchmark)

Measured ${r.date}. Each cell is a closed loop: ${settings.warmupMs / 1000} s warm-up, then a ${settings.durationMs / 1000} s window, measured in
${settings.rounds} rounds (every tool of a row once per round, round after round) and keeping its fastest round, like the
resize comparison: this machine has slow stretches that no process shows, and the rule is the same for every
tool, the in-process ceiling included. The HTTP API
is the built server (production settings, rate limit raised), the in-process rows call the same operation
directly in a Node process of their own (with the server's settings, and with the libraries' defaults: the
better is the ceiling), and the command-line tools run one process per operation with their threads shared
out between the processes running at once. Every output is checked by an independent reader (decoded,
listed, probed or parsed); SSIM is against the input decoded at full resolution. Machine CPU % is what the
whole machine used during the window (200% = both cores).
${r.skipped.length ? `\nNot measured (the endpoint is not live in this build, or a tool is missing): ${r.skipped.join('; ')}.\n` : ''}
### Machine

${machineMarkdown(r.machine)}

${sections}
`;
}
