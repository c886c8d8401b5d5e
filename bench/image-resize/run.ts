/**
 * `npm run bench`: POST /api/v1/images/resize over HTTP against the built server, side by side with
 * the same sharp pipeline in-process, ImageMagick and vipsthumbnail, at several concurrencies.
 * Prints a table, writes bench/RESULTS.md (its section) and raw JSON to bench/results/.
 */
import sharp from 'sharp';
import { ensureDebianTools } from '../lib/apt.js';
import { machineInfo } from '../lib/machine.js';
import { writeRawResults, writeResultsSection } from '../lib/results.js';
import { versionLine } from '../lib/run-command.js';
import { ensureBuilt, startServer } from '../lib/server.js';
import { benchCli, imageMagick, vipsThumbnail } from './cli-tools.js';
import { benchHttp } from './http-load.js';
import { benchInProcess } from './in-process.js';
import { bigPhotoInput, photoInput } from './inputs.js';
import { multipartBody } from './multipart.js';
import { phaseLine, phaseTable, ratioTable, resizeMarkdown, verdictTable } from './report.js';
import { serverEnv } from './server-env.js';
import { settings } from './settings.js';
import type { PhaseResult } from './types.js';
import { verdicts } from './verdicts.js';

const [magickBinary, vipsthumbnailBinary, vipsBinary] = await ensureDebianTools([
  { pkg: 'imagemagick', candidates: ['/usr/bin/magick', '/usr/bin/convert'] },
  { pkg: 'libvips-tools', candidates: ['/usr/bin/vipsthumbnail'] },
  { pkg: 'libvips-tools', candidates: ['/usr/bin/vips'] },
  { pkg: 'time', candidates: ['/usr/bin/time'] },
]);
if (!magickBinary || !vipsthumbnailBinary || !vipsBinary) throw new Error('A tool is missing.');
await ensureBuilt(false);

const photo = await photoInput();
const big = await bigPhotoInput();
const machine = await machineInfo({
  sharp: `${sharp.versions.sharp} (libvips ${sharp.versions.vips}, as bundled with sharp)`,
  ImageMagick: `${(await versionLine(magickBinary, ['-version'])) ?? 'unknown'} (${magickBinary})`,
  libvips: `${(await versionLine(vipsBinary, ['--version'])) ?? 'unknown'} (Debian's, for vipsthumbnail)`,
  UV_THREADPOOL_SIZE: process.env.UV_THREADPOOL_SIZE ?? 'unset (libuv default 4)',
});
const field = { width: String(settings.targetWidth), quality: String(settings.quality) };
const photoUpload = multipartBody(field, {
  field: 'image',
  name: 'photo.jpg',
  type: 'image/jpeg',
  bytes: photo.bytes,
});
const bigUpload = multipartBody(field, {
  field: 'image',
  name: 'photo-10mb.jpg',
  type: 'image/jpeg',
  bytes: big.bytes,
});
const clis = [imageMagick(magickBinary), vipsThumbnail(vipsthumbnailBinary)];

const server = await startServer('image-resize', settings.port, serverEnv());
const phases: PhaseResult[] = [];
let memory: PhaseResult | undefined;
const show = (phase: PhaseResult): void => {
  console.log(phaseLine(phase));
};
try {
  console.log(phaseTable([]));
  // Interleaved by concurrency, so any drift of the machine over the run touches every tool alike.
  for (const concurrency of settings.concurrencies) {
    phases.push(await benchHttp(server, photoUpload, 'photo', concurrency, photo));
    show(phases.at(-1) as PhaseResult);
    phases.push(await benchInProcess(photo.path, concurrency, photo));
    show(phases.at(-1) as PhaseResult);
    for (const cli of clis) {
      phases.push(await benchCli(cli, photo.path, concurrency, photo));
      show(phases.at(-1) as PhaseResult);
    }
  }
  memory = await benchHttp(server, bigUpload, 'photo-10mb', settings.memoryClients, big);
  show(memory);
} finally {
  await server.stop();
}

const list = verdicts(phases, memory);
console.log(`\n${ratioTable(phases)}\n\n${verdictTable(list)}`);
const findings = '';
const date = new Date().toISOString();
const raw = await writeRawResults('image-resize', {
  date,
  machine,
  settings,
  inputs: { photo: photo.path, big: big.path },
  phases,
  memory,
  verdicts: list,
});
await writeResultsSection(
  'image-resize',
  resizeMarkdown({ date, machine, photo, big, phases, memory, verdicts: list, findings }),
);
console.log(`\nWrote bench/RESULTS.md and ${raw}`);
