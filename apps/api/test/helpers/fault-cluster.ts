import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { once } from 'node:events';
import { mkdirSync, openSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import { freePort } from './listen.js';
import { scratchDir } from './scratch.js';

/*
 * The documented topology on loopback, for the fault test: Redis with the deploy files' persistence
 * (AOF everysec, noeviction), two HTTP instances (EXECUTION=queue), two job workers, and nginx with
 * deploy/nginx.conf in front. The server is bundled once (as `npm run build` does, into a folder of
 * its own under dist/), so that each process starts in a second or two even on a busy machine. Every
 * process runs in a process group of its own and is stopped with its whole group.
 */

const apiDir = fileURLToPath(new URL('../../', import.meta.url));
const repoDir = resolve(apiDir, '../..');

export function hasPrograms(...names: string[]): boolean {
  return names.every((name) => {
    try {
      execFileSync(name, name === 'nginx' ? ['-v'] : ['--version'], { stdio: 'ignore' });
      return true;
    } catch {
      return false;
    }
  });
}

/** Bundles server, worker threads and job worker into dist/faults-<id>/ (externals resolve from apps/api). */
async function bundle(): Promise<string> {
  const outdir = join(apiDir, 'dist', `faults-${randomUUID()}`);
  await build({
    entryPoints: {
      server: join(apiDir, 'src/server.ts'),
      worker: join(apiDir, 'src/workers/worker.ts'),
      'job-worker': join(apiDir, 'src/job-worker.ts'),
    },
    outdir,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    packages: 'external',
    logLevel: 'silent',
    plugins: [
      {
        name: 'bundle-workspace-packages',
        setup(b) {
          b.onResolve({ filter: /^@toolkit\// }, (args) => ({
            path: fileURLToPath(import.meta.resolve(args.path)),
          }));
        },
      },
    ],
  });
  return outdir;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

export class FaultCluster {
  readonly dir = scratchDir('toolkit-faults-');
  private readonly children = new Set<ChildProcess>();
  private outdir = '';
  redisPort = 0;
  base = '';
  instances: { port: number; child: ChildProcess }[] = [];
  workers: ChildProcess[] = [];
  private redis: ChildProcess | undefined;

  private start(name: string, command: string, args: string[], env: Record<string, string> = {}) {
    const log = openSync(join(this.dir, `${name}.log`), 'a');
    const child = spawn(command, args, {
      cwd: repoDir,
      env: { ...process.env, ...env },
      stdio: ['ignore', log, log],
      detached: true,
    });
    this.children.add(child);
    child.once('exit', () => this.children.delete(child));
    return child;
  }

  env(): Record<string, string> {
    return {
      REDIS_URL: `redis://127.0.0.1:${this.redisPort}`,
      EXECUTION: 'queue',
      JOB_LOCK_MS: '2000',
      WORKER_HEARTBEAT_MS: '1000',
      READY_CACHE_MS: '200',
      RATE_LIMIT_MAX: '1000000',
      TRUST_PROXY: '1',
      UPLOADS_PER_CLIENT: '10000',
      SHED_MAX_EVENT_LOOP_DELAY_MS: '0',
      LOG_LEVEL: 'warn',
      WEB_ROOT: '/nonexistent-web-build',
      MALLOC_ARENA_MAX: '2',
      HOST: '127.0.0.1',
    };
  }

  async up(): Promise<void> {
    this.outdir = await bundle();
    this.redisPort = await freePort();
    await this.startRedis();
    for (let i = 0; i < 2; i++) this.instances.push(await this.startInstance(await freePort()));
    for (let i = 0; i < 2; i++) this.startWorker();
    for (const { port } of this.instances) await waitFor(`http://127.0.0.1:${port}/api/v1/health`);
    await this.startNginx();
  }

  async startRedis(): Promise<void> {
    const data = join(this.dir, 'redis');
    mkdirSync(data, { recursive: true });
    const args = ['--port', String(this.redisPort), '--bind', '127.0.0.1', '--dir', data, '--save', ''];
    const persistence = [
      '--appendonly',
      'yes',
      '--appendfsync',
      'everysec',
      '--maxmemory-policy',
      'noeviction',
    ];
    this.redis = this.start('redis', 'redis-server', [...args, ...persistence]);
    const until = Date.now() + 20_000;
    while (!readLog(join(this.dir, 'redis.log')).includes('Ready to accept connections')) {
      if (Date.now() > until) throw new Error('redis-server did not start');
      await sleep(50);
    }
  }

  /** SIGTERM (Redis writes its AOF and exits), then the same server again on the same files. */
  async restartRedis(): Promise<void> {
    const redis = this.redis;
    if (redis) {
      const exited = once(redis, 'exit');
      process.kill(-(redis.pid ?? 0), 'SIGTERM');
      await exited;
    }
    rmSync(join(this.dir, 'redis.log'), { force: true });
    await this.startRedis();
  }

  async startInstance(port: number) {
    // The instances wait REQUEST_TIMEOUT_MS for a worker to take a synchronous request (8 s here);
    // the workers keep the default limits, so that a busy machine does not time their work out.
    const child = this.start(`http-${port}`, process.execPath, [join(this.outdir, 'server.js')], {
      ...this.env(),
      PORT: String(port),
      REQUEST_TIMEOUT_MS: '8000',
    });
    return { port, child };
  }

  startWorker(): ChildProcess {
    const child = this.start(
      `worker-${this.workers.length + 1}`,
      process.execPath,
      [join(this.outdir, 'job-worker.js')],
      this.env(),
    );
    this.workers.push(child);
    return child;
  }

  /** Stops a process group with `signal` and waits for it to be gone. */
  async stop(child: ChildProcess, signal: NodeJS.Signals): Promise<void> {
    if (child.exitCode !== null || child.signalCode !== null) return;
    const exited = once(child, 'exit');
    try {
      process.kill(-(child.pid ?? 0), signal);
    } catch {
      return;
    }
    await exited;
  }

  private async startNginx(): Promise<void> {
    const port = await freePort();
    const conf = readFileSync(join(repoDir, 'deploy/nginx.conf'), 'utf8');
    let servers = 0;
    const upstream = this.instances.map((i) => `server 127.0.0.1:${i.port} max_fails=3 fail_timeout=10s;`);
    const edited = conf
      .replace(/^(\s*)server [\w.-]+:\d+[^;]*;\n/gm, (_, indent: string) =>
        servers++ === 0 ? `${indent}${upstream.join(`\n${indent}`)}\n` : '',
      )
      .replace(/listen 8080;/, `listen 127.0.0.1:${port};`)
      .replace(
        /^http \{/m,
        `http {\n  access_log off;\n  client_body_temp_path ${this.dir}/body; proxy_temp_path ${this.dir}/proxy;\n  fastcgi_temp_path ${this.dir}/f; uwsgi_temp_path ${this.dir}/u; scgi_temp_path ${this.dir}/s;`,
      );
    writeFileSync(join(this.dir, 'nginx.conf'), edited);
    this.start('nginx', 'nginx', [
      '-p',
      this.dir,
      '-c',
      join(this.dir, 'nginx.conf'),
      '-g',
      `daemon off; pid ${this.dir}/nginx.pid; error_log ${this.dir}/nginx-error.log;`,
    ]);
    this.base = `http://127.0.0.1:${port}`;
    await waitFor(`${this.base}/api/v1/health`);
  }

  /** Stops every process group started, and removes the bundle. */
  async down(): Promise<void> {
    await Promise.all([...this.children].map((child) => this.stop(child, 'SIGKILL')));
    if (this.outdir) rmSync(this.outdir, { recursive: true, force: true });
  }

  log(name: string): string {
    return readLog(join(this.dir, `${name}.log`));
  }
}

function readLog(file: string): string {
  try {
    return readFileSync(file, 'utf8');
  } catch {
    return '';
  }
}

export async function waitFor(url: string, timeoutMs = 60_000): Promise<void> {
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    if ((await fetch(url).catch(() => undefined))?.ok) return;
    await sleep(100);
  }
  throw new Error(`${url} did not answer`);
}
