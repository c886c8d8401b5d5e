/**
 * CPU time the server spends receiving one 8.5 MB upload, for two or more checkouts of apps/api
 * side by side (e.g. two form parsers). Each server gets a form whose width is invalid, so the whole form
 * is received and parsed and a 400 answered without resizing: what is measured is the upload path.
 * Rounds alternate between the servers (the order rotates every round); the figure is CPU
 * milliseconds per upload from /proc/<pid>/stat, median over rounds.
 *
 * With --resize the width is valid: each request is a whole resize, the figure a user waits for.
 *
 * Usage: tsx bench/multipart/upload-cpu.ts <label>=<apps/api dir>… [uploads per round] [rounds] [--resize]
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import { readFileSync } from 'node:fs';
import { Agent, request } from 'node:http';
import { createServer } from 'node:net';
import { join } from 'node:path';
import { multipartBody } from '../lib/multipart.js';
import { fixtureDir } from '../lib/paths.js';
import { processCpuMs } from '../lib/proc-cpu.js';
import { median } from '../lib/stats.js';

interface Server {
  label: string;
  child: ChildProcess;
  port: number;
  perUpload: number[];
}

const args = process.argv.slice(2);
// --resize: a valid width, so each request is a whole resize (the figure a user waits for).
const resize = args.includes('--resize');
const specs = args.filter((arg) => arg.includes('='));
const [perRound = '50', rounds = '6'] = args.filter((arg) => !arg.includes('=') && !arg.startsWith('--'));
if (specs.length < 2) {
  throw new Error('Usage: upload-cpu.ts <label>=<apps/api dir> <label>=<apps/api dir>… [uploads] [rounds]');
}

const photo = readFileSync(join(fixtureDir, 'photo_elephants_3840x2160.jpg'));
const form = multipartBody(
  { width: resize ? '1024' : 'not-a-number' },
  { field: 'image', name: 'photo.jpg', type: 'image/jpeg', bytes: photo },
);
const agent = new Agent({ keepAlive: true, maxSockets: 1 });

async function freePort(): Promise<number> {
  const server = createServer().listen(0, '127.0.0.1');
  await once(server, 'listening');
  const { port } = server.address() as { port: number };
  server.close();
  return port;
}

async function start(spec: string): Promise<Server> {
  const [label = '', dir = ''] = spec.split('=');
  const port = await freePort();
  const child = spawn(process.execPath, ['--import', 'tsx', join(dir, 'src/server.ts')], {
    cwd: dir,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      LOG_LEVEL: 'warn',
      RATE_LIMIT_ENABLED: 'false',
      SHED_MAX_EVENT_LOOP_DELAY_MS: '0',
      WEB_ROOT: '/nonexistent-web-build',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  for (let i = 0; i < 200; i++) {
    await new Promise((resolve) => setTimeout(resolve, 100));
    const ok = await fetch(`http://127.0.0.1:${port}/api/v1/health`).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) return { label, child, port, perUpload: [] };
  }
  throw new Error(`${label} did not start`);
}

function upload(port: number): Promise<number> {
  return new Promise((resolve, reject) => {
    const req = request(
      {
        host: '127.0.0.1',
        port,
        path: '/api/v1/images/resize',
        method: 'POST',
        agent,
        headers: { 'content-type': form.contentType, 'content-length': form.body.length },
      },
      (res) => {
        res.resume();
        res.on('end', () => resolve(res.statusCode ?? 0));
      },
    );
    req.on('error', reject);
    req.end(form.body);
  });
}

async function round(server: Server, count: number): Promise<number> {
  const before = processCpuMs(server.child.pid ?? 0) ?? Number.NaN;
  for (let i = 0; i < count; i++) {
    const status = await upload(server.port);
    if (status !== (resize ? 200 : 400)) throw new Error(`${server.label} answered ${status}`);
  }
  return ((processCpuMs(server.child.pid ?? 0) ?? Number.NaN) - before) / count;
}

const servers: Server[] = [];
for (const spec of specs) servers.push(await start(spec));
try {
  for (const server of servers) await round(server, 20); // warm-up: JIT, first allocations
  for (let r = 0; r < Number(rounds); r++) {
    // Each round starts with a different server, so none always follows the same neighbour.
    const order = servers.map((_, i) => servers[(i + r) % servers.length] as Server);
    for (const server of order) server.perUpload.push(await round(server, Number(perRound)));
  }
  for (const server of servers) {
    const values = server.perUpload.map((v) => v.toFixed(1)).join(', ');
    console.log(
      `${server.label}: median ${median(server.perUpload).toFixed(1)} ms CPU per upload (rounds: ${values})`,
    );
  }
} finally {
  agent.destroy();
  for (const server of servers) server.child.kill('SIGTERM');
}
