/**
 * The operations benchmark (run by `npm run bench` after the resize benchmark, or alone with
 * `npm run bench:ops`): every live operation that an issue asks to compare, over HTTP, in-process
 * where asked, and against the command-line tools a user would otherwise pick, side by side in one
 * run. Writes its section of bench/RESULTS.md and raw JSON to bench/results/.
 */
import { existsSync } from 'node:fs';
import { readdir, readFile, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { serverEnv } from '../image-resize/server-env.js';
import { ensureDebianTools } from '../lib/apt.js';
import { machineInfo } from '../lib/machine.js';
import { corpusDir, resultsDir } from '../lib/paths.js';
import { raisePriority } from '../lib/priority.js';
import { writeRawResults, writeResultsSection } from '../lib/results.js';
import { versionLine } from '../lib/run-command.js';
import { ensureBuilt, startServer } from '../lib/server.js';
import { quietly } from '../lib/system-cpu.js';
import {
  type DetectionBatch,
  detectionBatch,
  healthUnderLoad,
  type PdfRow,
  pdfTextBatch,
} from './batches.js';
import type { BenchCase, CellResult } from './case.js';
import { dataCases } from './cases/data.js';
import { fileCases } from './cases/files.js';
import { imageCases } from './cases/images.js';
import { mediaCases } from './cases/media.js';
import { cliCell, fastestCell, httpCell, inProcessCell, serverPeerCell } from './cells.js';
import { ffmpegPath } from './ffmpeg.js';
import { corpusFiles } from './inputs.js';
import { type LadderPoint, runLadder } from './ladder.js';
import { cellTable, operationsMarkdown } from './report.js';
import { settings } from './settings.js';
import { type EventLoopDelay, verdicts } from './verdicts.js';

const priority = raisePriority();
const [magick = ''] = await ensureDebianTools([
  { pkg: 'imagemagick', candidates: ['/usr/bin/convert'] },
  { pkg: 'libvips-tools', candidates: ['/usr/bin/vips'] },
  { pkg: 'miller', candidates: ['/usr/bin/mlr'] },
  { pkg: 'yq', candidates: ['/usr/bin/yq'] },
  { pkg: 'poppler-utils', candidates: ['/usr/bin/pdftotext'] },
  { pkg: 'zip', candidates: ['/usr/bin/zip'] },
  { pkg: 'unzip', candidates: ['/usr/bin/unzip'] },
]);
// LibreOffice is optional for the product too: the docx → pdf row runs only where it is installed.
const soffice = existsSync('/usr/bin/soffice') ? '/usr/bin/soffice' : undefined;
await ensureBuilt(false);
const ffmpeg = await ffmpegPath();

const start = (extra: { env?: Record<string, string>; nodeArgs?: string[] } = {}) =>
  startServer('operations', settings.port, {
    env: { ...serverEnv(), ...extra.env },
    nodeArgs: extra.nodeArgs,
  });
let server = await start();
/**
 * A fresh server for each group of cases and each batch: in one long-lived server, worker-pool
 * requests after the image groups once ran 5–10× slower than against a fresh one, which made the
 * ratios of whole groups wrong (bench/RESULTS.md).
 */
const restart = async (extra?: Parameters<typeof start>[0]) => {
  await server.stop();
  server = await start(extra);
};
const cells: CellResult[] = [];
const skipped: string[] = [];
let detection: DetectionBatch | undefined;
let pdf: PdfRow[] | undefined;
let healthMs: number[] | undefined;
let eventLoop: EventLoopDelay | undefined;
const ladder: LadderPoint[] = [];
const cases: BenchCase[] = [];
try {
  const spec = (await (await fetch(`${server.origin}/api/v1/openapi.json`)).json()) as {
    paths: Record<string, unknown>;
  };
  const live = (path: string) => `/api/v1${path}` in spec.paths || path in spec.paths;
  const all = [
    ...imageCases,
    ...(await dataCases()),
    ...(await fileCases(soffice)),
    ...(await mediaCases(ffmpeg)),
  ];
  for (const c of all) {
    if (!settings.only.split('|').some((only) => c.name.includes(only) || c.group === only)) continue;
    if (live(c.http.path)) cases.push(c);
    else skipped.push(`${c.name} (${c.http.path} not live)`);
  }
  /** One round of one cell: its result, or why it failed (which keeps the cell from a verdict). */
  const record = async (measure: () => Promise<CellResult>, round: number) => {
    try {
      const cell = await quietly(measure);
      console.log(`${cellTable([cell]).split('\n').at(-1)} round ${round}`);
      return cell;
    } catch (error) {
      const reason = `round ${round} failed: ${String(error).slice(0, 300)}`;
      console.error(`  ${reason}`);
      return reason;
    }
  };
  let group: string | undefined;
  for (const c of cases) {
    if (group !== undefined && c.group !== group) await restart();
    group = c.group;
    const adapter = c.inProcess && fileURLToPath(new URL(`./in-process/${c.inProcess}.ts`, import.meta.url));
    for (const n of c.concurrencies) {
      const measures = [
        () => httpCell(server, c, n),
        ...(adapter && existsSync(adapter)
          ? [() => inProcessCell(c, n, 'server'), () => inProcessCell(c, n, 'defaults')]
          : []),
        ...c.peers.map((peer) => () => ('server' in peer ? serverPeerCell(c, peer, n) : cliCell(c, peer, n))),
      ];
      // Round by round, every tool once per round, so that a slow stretch of the machine touches
      // every tool alike; each cell keeps its fastest round.
      const rounds: (CellResult | string)[][] = measures.map(() => []);
      for (let round = 1; round <= settings.rounds; round++) {
        for (const [i, measure] of measures.entries()) rounds[i]?.push(await record(measure, round));
      }
      for (const measured of rounds) {
        const done = measured.filter((r): r is CellResult => typeof r !== 'string');
        const failed = measured.filter((r): r is string => typeof r === 'string');
        if (done.length > 0) cells.push(fastestCell(done, failed));
      }
    }
    if (c.ladder) ladder.push(...(await runLadder(server, c)));
  }
  const csvCase = cases.find((c) => c.http.path === '/data/csv-to-json');
  if (csvCase) {
    // This server also measures its own event-loop delay (lib/event-loop-probe.mjs).
    const eventLoopFile = join(resultsDir, 'event-loop.json');
    // Never a figure left by an earlier run: the file is written when this server exits.
    await rm(eventLoopFile, { force: true });
    await restart({
      env: { BENCH_EVENT_LOOP_FILE: eventLoopFile },
      nodeArgs: ['--import', fileURLToPath(new URL('../lib/event-loop-probe.mjs', import.meta.url))],
    });
    const measuring = server.pid;
    healthMs = await quietly(() =>
      healthUnderLoad(
        server,
        async (stopped) => {
          await Promise.all(
            Array.from({ length: 4 }, async () => {
              while (!stopped())
                await httpCell(server, { ...csvCase, concurrencies: [1] }, 1).catch(() => undefined);
            }),
          );
        },
        settings.durationMs,
        () => process.kill(measuring, 'SIGUSR2'),
      ),
    );
    await restart();
    eventLoop = JSON.parse(await readFile(eventLoopFile, 'utf8')) as EventLoopDelay;
  }
  if (live('/files/detect') && settings.only === '') {
    await restart();
    detection = await quietly(async () => detectionBatch(server, await corpusFiles()));
  }
  if (live('/pdf/to-text') && settings.only === '') {
    await restart();
    const dir = join(corpusDir, 'pdf');
    pdf = await quietly(async () =>
      pdfTextBatch(
        server,
        (await readdir(dir)).sort().map((f) => join(dir, f)),
      ),
    );
  }
} finally {
  await server.stop();
}

const list = verdicts(cases, cells, { detection, pdf, healthMs, eventLoop, ladder });
const machine = await machineInfo({
  ImageMagick: (await versionLine(magick, ['-version'])) ?? 'unknown',
  'libvips CLI': (await versionLine('/usr/bin/vips', ['--version'])) ?? 'unknown',
  Miller: (await versionLine('mlr', ['--version'])) ?? 'unknown',
  yq: (await versionLine('yq', ['--version'])) ?? 'unknown',
  pdftotext: (await versionLine('pdftotext', ['-v'])) ?? 'unknown',
  ffmpeg: `${(await versionLine(ffmpeg, ['-version'])) ?? 'unknown'} (${ffmpeg})`,
  LibreOffice: soffice ? ((await versionLine(soffice, ['--version'])) ?? 'unknown') : 'not installed',
  'Scheduling priority': priority,
});
const date = new Date().toISOString();
const raw = await writeRawResults('operations', {
  date,
  machine,
  settings,
  cells,
  verdicts: list,
  detection,
  pdf,
  healthMs,
  eventLoop,
  ladder,
  skipped,
});
if (settings.only === '') {
  await writeResultsSection(
    'operations',
    operationsMarkdown({ date, machine, cells, verdicts: list, skipped, detection, pdf, ladder }),
  );
}
for (const v of list) console.log(`${v.pass ? 'met ' : 'MISS'}  ${v.target}: ${v.measured}`);
console.log(`\nWrote ${settings.only === '' ? 'bench/RESULTS.md and ' : ''}${raw}`);
