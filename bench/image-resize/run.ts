/**
 * `npm run bench`: POST /api/v1/images/resize over HTTP against the built server, side by side with
 * the same sharp pipeline in-process, ImageMagick and vipsthumbnail, at several concurrencies.
 * Prints a table, writes bench/RESULTS.md (its section) and raw JSON to bench/results/.
 */
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import sharp from 'sharp';
import { ensureDebianTools } from '../lib/apt.js';
import { machineInfo } from '../lib/machine.js';
import { resultsDir } from '../lib/paths.js';
import { raisePriority } from '../lib/priority.js';
import { writeRawResults, writeResultsSection } from '../lib/results.js';
import { versionLine } from '../lib/run-command.js';
import { ensureBuilt, startServer } from '../lib/server.js';
import { benchCli, imageMagick, vipsThumbnail } from './cli-tools.js';
import { type Diagnosis, diagnose, diagnosisMarkdown } from './diagnose.js';
import { benchHttp } from './http-load.js';
import { benchInProcess } from './in-process.js';
import { bigPhotoInput, photoInput } from './inputs.js';
import { fastestRound, measureCleanly } from './measure.js';
import { phaseLine, phaseTable, ratioTable, resizeMarkdown, verdictTable } from './report.js';
import { serverEnv } from './server-env.js';
import { settings } from './settings.js';
import type { PhaseResult } from './types.js';
import { verdicts } from './verdicts.js';

const priority = raisePriority();
const [magick = '', thumbnailer = '', vips = ''] = await ensureDebianTools([
  { pkg: 'imagemagick', candidates: ['/usr/bin/magick', '/usr/bin/convert'] },
  { pkg: 'libvips-tools', candidates: ['/usr/bin/vipsthumbnail'] },
  { pkg: 'libvips-tools', candidates: ['/usr/bin/vips'] },
  { pkg: 'time', candidates: ['/usr/bin/time'] },
]);
await ensureBuilt(false);

const photo = await photoInput();
const big = await bigPhotoInput();
const machine = await machineInfo({
  sharp: `${sharp.versions.sharp} (libvips ${sharp.versions.vips}, bundled with sharp)`,
  ImageMagick: `${(await versionLine(magick, ['-version'])) ?? 'unknown'} (${magick})`,
  'libvips (Debian, for vipsthumbnail)': (await versionLine(vips, ['--version'])) ?? 'unknown',
  'Scheduling priority': priority,
});
const clis = [imageMagick(magick, photo), vipsThumbnail(thumbnailer)];

/** Measures every cell; with BENCH_DIAGNOSE_ONLY=1, takes the last run's cells instead and only profiles. */
async function measureAll(): Promise<{ date: string; phases: PhaseResult[]; memory?: PhaseResult }> {
  if (process.env.BENCH_DIAGNOSE_ONLY === '1') {
    return JSON.parse(await readFile(join(resultsDir, 'image-resize-latest.json'), 'utf8'));
  }
  const date = new Date().toISOString();
  const phases: PhaseResult[] = [];
  const record = async (measure: () => Promise<PhaseResult>): Promise<PhaseResult> => {
    const phase = await measureCleanly(measure);
    console.log(phaseLine(phase));
    return phase;
  };
  const server = await startServer('image-resize', settings.port, { env: serverEnv() });
  try {
    console.log(phaseTable([]));
    // Interleaved by concurrency and, within one, round by round (every tool once per round), so that
    // any drift or slow stretch of the machine touches every tool alike; each cell keeps its fastest.
    for (const concurrency of settings.concurrencies) {
      const cells = [
        () => benchHttp(server, photo, 'photo', concurrency),
        () => benchInProcess(photo, concurrency),
        () => benchInProcess(photo, concurrency, { variant: 'sharp-tuned' }),
        ...clis.map((cli) => () => benchCli(cli, photo, concurrency)),
      ];
      const rounds: PhaseResult[][] = cells.map(() => []);
      for (let round = 0; round < settings.rounds; round += 1) {
        for (const [i, cell] of cells.entries()) rounds[i]?.push(await record(cell));
      }
      phases.push(...rounds.map(fastestRound));
    }
    const memory = await record(() => benchHttp(server, big, 'photo-10mb', settings.memoryClients));
    return { date, phases, memory };
  } finally {
    await server.stop();
  }
}
const { date, phases, memory } = await measureAll();

const list = verdicts(phases, memory);
console.log(`\n${ratioTable(phases)}\n\n${verdictTable(list)}`);

const inputs = {
  photo: { path: photo.path, bytes: photo.bytes.length },
  big: { path: big.path, bytes: big.bytes.length },
};
const save = async (diagnosis: Diagnosis | undefined, findings: string): Promise<string> => {
  const raw = await writeRawResults('image-resize', {
    date,
    machine,
    settings,
    inputs,
    phases,
    memory,
    verdicts: list,
    diagnosis,
  });
  await writeResultsSection(
    'image-resize',
    resizeMarkdown({ date, machine, photo, big, phases, memory, verdicts: list, findings }),
  );
  return raw;
};
// Saved before the profiling, so a failure there never loses the measurements.
let raw = await save(undefined, '');

const all = process.env.BENCH_DIAGNOSE === '1';
const missed = { throughput: all || !list[0]?.pass || !list[1]?.pass, memory: all || !list[2]?.pass };
if (missed.throughput || missed.memory) {
  console.log('\nA target is missed (or BENCH_DIAGNOSE=1): profiling the server …');
  try {
    const diagnosis = await diagnose(photo, big, missed);
    const findings = diagnosisMarkdown(diagnosis);
    console.log(findings);
    raw = await save(diagnosis, findings);
  } catch (error) {
    console.error(`The profiling failed; the measurements are saved without it: ${String(error)}`);
  }
}
console.log(`\nWrote bench/RESULTS.md and ${raw}`);
