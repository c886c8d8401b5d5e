import { type ChildProcess, execFile, spawn } from 'node:child_process';
import { once } from 'node:events';
import { accessSync, constants, readdirSync, readFileSync, utimesSync, writeFileSync } from 'node:fs';
import { createServer, type Server, type Socket } from 'node:net';
import { basename, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { errorCodes } from '@toolkit/catalog';
import type { FastifyInstance } from 'fastify';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseAllDocuments, parse as parseYaml } from 'yaml';
import { ConfigError, envSchema, loadConfig } from '../src/config.js';
import { heartbeatFile, heartbeatMaxAgeMs, startHeartbeat } from '../src/worker-health.js';
import { makeApp } from './helpers/app.js';
import { freePort } from './helpers/listen.js';
import { parseReply, rawRequest } from './helpers/raw-socket.js';
import { scratchDir } from './helpers/scratch.js';

/*
 * The deploy files (Dockerfile, compose.yaml, deploy/) cannot be run here (no container runtime), so
 * they are checked against the code and run in pieces: every variable they set is one the server
 * reads and their settings load; probes hit routes that answer or run for real against a worker's
 * heartbeat; Redis starts with their flags; nginx runs with their configuration and its own failures
 * answer in the contract's JSON; the image's init hands SIGTERM on; and the topology (instances,
 * workers, Redis with AOF and a password, limits, disruption budgets, pinned images) is all there.
 */

const root = fileURLToPath(new URL('../../../', import.meta.url));
const read = (path: string) => readFileSync(`${root}${path}`, 'utf8');

/** Read by Node and glibc rather than by config.ts (docs/configuration.md names them too). */
const processVariables = new Set(['NODE_ENV', 'MALLOC_ARENA_MAX']);
const known = (name: string) => name in envSchema.shape || processVariables.has(name);

/** The Redis password the deploy files are filled in with here (letters and digits, as they ask). */
const password = 'samplepassword0123456789';

/** The entry file an npm script runs through scripts/serve.sh (its last word). */
const entryOf = (script: 'serve' | 'worker') =>
  (JSON.parse(read('package.json')).scripts[script] as string).split(' ').at(-1) as string;

/** Keeps flags as given to redis-server: `--name value` pairs. */
function redisFlags(args: readonly string[]): Map<string, string> {
  const flags = new Map<string, string>();
  args.forEach((arg, i) => {
    if (arg.startsWith('--')) flags.set(arg.slice(2), args[i + 1] ?? '');
  });
  return flags;
}

/** What every Redis of the deploy files must be: persistent every second, never evicting, locked. */
function expectRedisFlags(args: readonly string[], passwordValue: string) {
  const flags = redisFlags(args);
  expect(flags.get('appendonly')).toBe('yes');
  expect(flags.get('appendfsync')).toBe('everysec');
  expect(flags.get('maxmemory-policy')).toBe('noeviction');
  expect(flags.get('maxmemory')).toMatch(/^\d+[mg]b$/);
  expect(flags.get('requirepass')).toBe(passwordValue);
}

/** A Docker or Kubernetes image reference with an exact version (no `latest`, no bare major). */
const expectPinned = (image: string) => expect(image).toMatch(/^[\w./-]+:\d+\.\d+\.\d+(-[\w.-]+)?$/);

/** Runs `node -e script`: its exit code. */
function runNode(script: string): Promise<number> {
  return new Promise((resolve) => {
    execFile(process.execPath, ['-e', script], (error) => {
      resolve(error ? Number((error as { code?: number }).code ?? 1) : 0);
    });
  });
}

/**
 * A worker probe's script (`node -e …`) run for real against a heartbeat file of the test's own:
 * it must pass while startHeartbeat writes, and fail with no file and with a stale one.
 */
async function expectHeartbeatProbe(script: string) {
  const written = /'(\/tmp\/[^']+)'/.exec(script)?.[1];
  // The file the image's worker writes (TMPDIR unset there: /tmp).
  expect(written).toBe(`/tmp/${basename(heartbeatFile())}`);
  expect(script).toContain(`< ${heartbeatMaxAgeMs}`);
  const file = join(scratchDir('probe-'), 'worker.alive');
  const probe = script.replace(written as string, file);
  expect(await runNode(probe), 'no heartbeat yet').toBe(1);
  const heartbeat = startHeartbeat({ file, intervalMs: 60_000 });
  try {
    await expect.poll(() => runNode(probe), { timeout: 20_000 }).toBe(0);
  } finally {
    await heartbeat.stop();
  }
  writeFileSync(file, 'old\n');
  const stale = (Date.now() - heartbeatMaxAgeMs - 60_000) / 1000;
  utimesSync(file, stale, stale);
  expect(await runNode(probe), 'a stale heartbeat').toBe(1);
}

let app: FastifyInstance;
beforeAll(async () => {
  app = await makeApp();
});
afterAll(() => app.close());

async function expectRoute(path: string) {
  const response = await app.inject({ url: path });
  expect([200, 503], `GET ${path}`).toContain(response.statusCode);
}

/** The instances' settings load, and the same without REDIS_URL is a start-up error naming it. */
function expectSharedInstance(env: Record<string, string>) {
  expect(env.EXECUTION).toBe('shared');
  const config = loadConfig(env);
  expect(config.rateLimit.redisUrl).toBe(env.REDIS_URL);
  const { REDIS_URL: _, ...withoutRedis } = env;
  expect(() => loadConfig(withoutRedis)).toThrow(
    new ConfigError(
      'Invalid environment: EXECUTION=shared needs REDIS_URL (the instances share their jobs and rate limits through it).',
    ),
  );
  return config;
}

describe('Dockerfile', () => {
  const dockerfile = read('Dockerfile');
  const lines = dockerfile.replace(/\\\n/g, ' ').split('\n');
  const entrypoint = JSON.parse(
    lines
      .filter((l) => l.startsWith('ENTRYPOINT '))
      .at(-1)
      ?.slice('ENTRYPOINT '.length) ?? '[]',
  ) as string[];

  it('runs node directly on the entry `npm run serve` runs, under an init (PID 1) that hands on signals', () => {
    const cmd = lines.filter((l) => l.startsWith('CMD ')).at(-1);
    expect(cmd).toBe(`CMD ["node", "${entryOf('serve')}"]`);
    expect(entrypoint).toEqual(['/usr/bin/tini', '--']);
    const runtime = /^runtime=\(([^)]*)\)/m.exec(read('scripts/install-system-packages.sh'))?.[1] ?? '';
    expect(runtime.split(/\s+/)).toContain('tini');
  });

  it("hands SIGTERM to node through that init, which exits with node's code", async () => {
    const [init, ...initArgs] = entrypoint;
    const child = spawn(
      init as string,
      [
        ...initArgs,
        process.execPath,
        '-e',
        "process.on('SIGTERM', () => { process.stdout.write('stopping'); process.exit(0) }); process.stdout.write('ready'); setInterval(() => {}, 1000)",
      ],
      { stdio: ['ignore', 'pipe', 'pipe'] },
    );
    let output = '';
    child.stdout?.setEncoding('utf8');
    child.stdout?.on('data', (chunk: string) => {
      output += chunk;
      if (output === 'ready') child.kill('SIGTERM');
    });
    const [code] = await once(child, 'exit');
    expect(output).toBe('readystopping');
    expect(code).toBe(0);
  });

  it('sets only variables the server knows, MALLOC_ARENA_MAX as `npm run serve` does, as a non-root user', () => {
    const env = lines
      .filter((l) => l.startsWith('ENV '))
      .flatMap((l) => [...l.matchAll(/(\w+)=/g)].map((m) => m[1] as string));
    for (const name of env) expect(known(name), name).toBe(true);
    const served = /MALLOC_ARENA_MAX="\$\{MALLOC_ARENA_MAX-(\d+)\}"/.exec(read('scripts/serve.sh'))?.[1];
    expect(served).toBe('2');
    expect(lines.join('\n')).toMatch(new RegExp(`ENV [^\\n]*MALLOC_ARENA_MAX=${served}\\b`));
    expect(lines.filter((l) => l.startsWith('USER ')).at(-1)).toBe('USER node');
  });

  it('builds from pinned images', () => {
    const images = lines.filter((l) => l.startsWith('FROM ')).map((l) => l.split(/\s+/)[1] as string);
    expect(images.length).toBeGreaterThan(0);
    for (const image of images) expectPinned(image);
  });

  it('checks its health on a route that answers, on the port it exposes', async () => {
    const healthcheck = lines.find((l) => l.startsWith('HEALTHCHECK '));
    const path = /\/api\/v1\/\w+/.exec(healthcheck ?? '')?.[0];
    expect(path).toBe('/api/v1/health');
    await expectRoute(path as string);
    const port = /PORT=(\d+)/.exec(dockerfile)?.[1];
    expect(lines).toContain(`EXPOSE ${port}`);
  });

  it('installs its system packages with the script CI runs, and builds the entries it runs', () => {
    expect(dockerfile).toContain('install-system-packages.sh runtime');
    accessSync(`${root}scripts/install-system-packages.sh`, constants.X_OK);
    expect(read('.ci/run')).toMatch(/scripts\/install-system-packages\.sh ci/);
    const build = read('apps/api/build.mjs');
    for (const entry of [entryOf('serve'), entryOf('worker')]) {
      const name = basename(entry, '.js');
      expect(entry).toBe(`apps/api/dist/${name}.js`);
      expect(build).toMatch(new RegExp(`['"]?${name}['"]?: resolve\\(here, 'src/`));
    }
  });
});

interface ComposeService {
  image?: string;
  command?: string[];
  environment?: Record<string, string>;
  expose?: string[];
  volumes?: string[];
  healthcheck?: { test: string[] };
  stop_grace_period?: string;
  depends_on?: Record<string, { condition: string }>;
  deploy?: { replicas?: number; resources?: { limits?: { cpus?: string; memory?: string } } };
}

describe('compose.yaml', () => {
  // What `docker compose` does with ${REDIS_PASSWORD:?…} once .env sets it.
  const text = read('compose.yaml').replace(/\$\{REDIS_PASSWORD:\?[^}]*\}/g, password);
  const compose = parseYaml(text, { merge: true }) as {
    services: Record<string, ComposeService>;
    volumes?: Record<string, unknown>;
  };
  const services = compose.services;
  const apis = Object.entries(services).filter(([name]) => name.startsWith('api-'));
  const worker = services.worker as ComposeService;
  const redis = services.redis as ComposeService;

  it('runs nginx, two HTTP instances, two workers and Redis', () => {
    expect(apis.map(([name]) => name)).toEqual(['api-1', 'api-2']);
    expect(Object.keys(services).sort()).toEqual(['api-1', 'api-2', 'proxy', 'redis', 'worker']);
    expect(worker.deploy?.replicas).toBe(2);
    expect(worker.command).toEqual(['node', entryOf('worker')]);
  });

  it('sets only variables the server knows, and the settings load; without REDIS_URL an instance refuses to start', () => {
    for (const [, service] of [...apis, ['worker', worker] as const]) {
      for (const name of Object.keys(service.environment ?? {})) expect(known(name), name).toBe(true);
      expect(service.environment?.REDIS_URL).toBe(`redis://:${password}@redis:6379`);
      loadConfig(service.environment);
    }
    for (const [, service] of apis) expectSharedInstance(service.environment ?? {});
  });

  it('gives every process time to finish its work after SIGTERM', () => {
    for (const [name, service] of [...apis, ['worker', worker] as const]) {
      const config = loadConfig(service.environment);
      const grace = Number(/^(\d+)s$/.exec(service.stop_grace_period ?? '')?.[1]) * 1000;
      expect(grace, name).toBeGreaterThan(config.timeouts.shutdownMs);
    }
  });

  it('limits every service, and runs pinned images', () => {
    for (const [name, service] of Object.entries(services)) {
      expect(service.deploy?.resources?.limits?.memory, name).toMatch(/^\d+[mg]$/);
      expect(service.deploy?.resources?.limits?.cpus, name).toMatch(/^\d+(\.\d+)?$/);
      expectPinned(service.image ?? '');
    }
    const version = JSON.parse(read('package.json')).version as string;
    for (const [, service] of [...apis, ['worker', worker] as const])
      expect(service.image).toBe(`toolkit:${version}`);
  });

  it('probes a worker by its heartbeat file, as src/worker-health.ts writes it', async () => {
    const [kind, node, flag, script] = worker.healthcheck?.test ?? [];
    expect([kind, node, flag]).toEqual(['CMD', 'node', '-e']);
    await expectHeartbeatProbe(script as string);
  });

  it('keeps Redis on a volume, written every second, never evicting, behind a password', () => {
    expect(redis.command?.[0]).toBe('redis-server');
    expectRedisFlags(redis.command ?? [], password);
    expect(redis.volumes).toContain('redis-data:/data');
    expect(Object.keys(compose.volumes ?? {})).toContain('redis-data');
    expect(redis.environment?.REDISCLI_AUTH).toBe(password);
    for (const service of [...apis.map(([, s]) => s), worker]) {
      expect(service.depends_on?.redis?.condition).toBe('service_healthy');
    }
  });

  it('points the proxy at each instance on the port it listens on', () => {
    const nginx = read('deploy/nginx.conf');
    for (const [name, service] of apis) {
      const port = service.environment?.PORT;
      expect(service.expose).toContain(port);
      expect(nginx).toContain(`server ${name}:${port}`);
    }
  });
});

describe('Redis as the deploy files start it', () => {
  const compose = parseYaml(read('compose.yaml').replace(/\$\{REDIS_PASSWORD:\?[^}]*\}/g, password), {
    merge: true,
  }) as { services: { redis: ComposeService } };
  let child: ChildProcess | undefined;
  afterAll(async () => {
    if (child && child.exitCode === null) {
      const exited = once(child, 'exit');
      child.kill('SIGTERM');
      await exited;
    }
  });

  it('takes the flags, keeps an append-only file synced every second, refuses to evict and to answer without the password', async () => {
    const [command, ...args] = compose.services.redis.command ?? [];
    const port = await freePort();
    const dir = scratchDir('redis-deploy-');
    // Its own port and folder here; every other flag as deployed.
    child = spawn(command as string, [...args, '--port', String(port), '--bind', '127.0.0.1', '--dir', dir], {
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    let output = '';
    child.stdout?.setEncoding('utf8');
    await new Promise<void>((resolve, reject) => {
      child?.once('exit', (code) => reject(new Error(`redis-server exited with ${code}: ${output}`)));
      child?.stdout?.on('data', (chunk: string) => {
        output += chunk;
        if (output.includes('Ready to accept connections')) resolve();
      });
    });
    const anonymous = new Redis({ port, host: '127.0.0.1', lazyConnect: true, maxRetriesPerRequest: 0 });
    anonymous.on('error', () => {});
    await anonymous.connect().catch(() => {});
    await expect(anonymous.ping()).rejects.toThrow(/NOAUTH/);
    anonymous.disconnect();
    const client = new Redis(`redis://:${password}@127.0.0.1:${port}`);
    try {
      const setting = async (name: string) => ((await client.config('GET', name)) as string[])[1];
      expect(await setting('appendonly')).toBe('yes');
      expect(await setting('appendfsync')).toBe('everysec');
      expect(await setting('maxmemory-policy')).toBe('noeviction');
      expect(Number(await setting('maxmemory'))).toBeGreaterThan(0);
    } finally {
      client.disconnect();
    }
  });
});

describe('Kubernetes manifests', () => {
  type EnvVar = {
    name: string;
    value?: string;
    valueFrom?: { secretKeyRef?: { name: string; key: string; optional?: boolean } };
  };
  type Probe = { httpGet?: { path: string; port: string }; exec?: { command: string[] } };
  type Container = {
    name: string;
    image: string;
    command?: string[];
    args?: string[];
    ports?: { name: string; containerPort: number }[];
    env?: EnvVar[];
    volumeMounts?: { name: string; mountPath: string }[];
    readinessProbe?: Probe;
    livenessProbe?: Probe;
    resources?: { requests?: Record<string, string>; limits?: Record<string, string> };
    securityContext?: { allowPrivilegeEscalation?: boolean; capabilities?: { drop?: string[] } };
  };
  type PodSpec = {
    containers: Container[];
    terminationGracePeriodSeconds?: number;
    securityContext?: { runAsNonRoot?: boolean };
  };
  type Labels = Record<string, string>;
  type Manifest = {
    kind: string;
    metadata: { name: string; labels?: Labels };
    spec: {
      replicas?: number;
      selector?: { matchLabels: Labels };
      template?: { metadata: { labels: Labels }; spec: PodSpec };
      volumeClaimTemplates?: { metadata: { name: string } }[];
      minAvailable?: number;
      podSelector?: { matchLabels: Labels };
      ingress?: { from: { podSelector: { matchExpressions: { key: string; values: string[] }[] } }[] }[];
      ports?: { port: number; targetPort: string }[];
      scaleTargetRef?: { name: string };
    };
  };
  const files = readdirSync(`${root}deploy/k8s`).filter((f) => f.endsWith('.yaml'));
  const manifests = files.flatMap((file) =>
    parseAllDocuments(read(`deploy/k8s/${file}`)).map((d) => d.toJS() as Manifest),
  );
  const find = (kind: string, name: string) => {
    const found = manifests.find((m) => m.kind === kind && m.metadata.name === name);
    if (!found) throw new Error(`no ${kind} ${name} in deploy/k8s`);
    return found;
  };
  const workloads = manifests.filter((m) => ['Deployment', 'StatefulSet'].includes(m.kind));
  const containerOf = (m: Manifest) => m.spec.template?.spec.containers[0] as Container;
  const api = find('Deployment', 'toolkit-api');
  const worker = find('Deployment', 'toolkit-worker');
  const redis = find('StatefulSet', 'toolkit-redis');
  const redisService = find('Service', 'toolkit-redis');

  /** A container's environment as the kubelet gives it: Secrets filled in, $(NAME) expanded in order. */
  function envOf(container: Container): Record<string, string> {
    const env: Record<string, string> = {};
    for (const variable of container.env ?? []) {
      const secret = variable.valueFrom?.secretKeyRef;
      if (secret?.key === 'redis-password') env[variable.name] = password;
      else if (secret) continue;
      else
        env[variable.name] = (variable.value ?? '').replace(
          /\$\((\w+)\)/g,
          (_, name: string) => env[name] ?? '',
        );
    }
    return env;
  }

  it('runs the instances, the workers on the entry `npm run worker` runs, and Redis with a volume', () => {
    expect((api.spec.replicas ?? 0) >= 2 && (worker.spec.replicas ?? 0) >= 2).toBe(true);
    // args, not command: the image's init stays PID 1.
    expect(containerOf(worker).command).toBeUndefined();
    expect(containerOf(worker).args).toEqual(['node', entryOf('worker')]);
    const claims = (redis.spec.volumeClaimTemplates ?? []).map((c) => c.metadata.name);
    expect(containerOf(redis).volumeMounts).toContainEqual({ name: claims[0], mountPath: '/data' });
  });

  it('limits, probes and pins every container, none able to gain privileges', () => {
    expect(workloads.length).toBe(3);
    for (const workload of workloads) {
      expect(workload.spec.template?.spec.securityContext?.runAsNonRoot, workload.metadata.name).toBe(true);
      for (const container of workload.spec.template?.spec.containers ?? []) {
        const where = `${workload.metadata.name}/${container.name}`;
        expectPinned(container.image);
        for (const kind of ['requests', 'limits'] as const) {
          expect(container.resources?.[kind]?.cpu, `${where} ${kind}`).toBeTruthy();
          expect(container.resources?.[kind]?.memory, `${where} ${kind}`).toBeTruthy();
        }
        expect(container.securityContext?.allowPrivilegeEscalation, where).toBe(false);
        expect(container.securityContext?.capabilities?.drop, where).toEqual(['ALL']);
        expect(container.readinessProbe, where).toBeTruthy();
        expect(container.livenessProbe, where).toBeTruthy();
      }
    }
  });

  it('sets only variables the server knows, needs the Redis Secret, and the settings load', () => {
    for (const workload of [api, worker]) {
      const container = containerOf(workload);
      for (const variable of container.env ?? []) {
        // REDIS_PASSWORD only composes REDIS_URL.
        if (variable.name !== 'REDIS_PASSWORD') expect(known(variable.name), variable.name).toBe(true);
        const secret = variable.valueFrom?.secretKeyRef;
        if (secret?.key === 'redis-password') expect(secret.optional, variable.name).toBeUndefined();
      }
      const env = envOf(container);
      const port = redisService.spec.ports?.[0]?.port;
      expect(env.REDIS_URL).toBe(`redis://:${password}@${redisService.metadata.name}:${port}`);
      const config = loadConfig(env);
      expect((workload.spec.template?.spec.terminationGracePeriodSeconds ?? 0) * 1000).toBeGreaterThan(
        config.timeouts.shutdownMs,
      );
    }
    expectSharedInstance(envOf(containerOf(api)));
  });

  it('runs Redis written every second, never evicting, behind the password, reached only by the toolkit', () => {
    const container = containerOf(redis);
    expect(container.args?.[0]).toBe('redis-server');
    expectRedisFlags(container.args ?? [], '$(REDIS_PASSWORD)');
    const secrets = (container.env ?? []).filter((v) => v.valueFrom?.secretKeyRef);
    expect(
      secrets.map((v) => [v.name, v.valueFrom?.secretKeyRef?.key, v.valueFrom?.secretKeyRef?.optional]),
    ).toEqual([
      ['REDIS_PASSWORD', 'redis-password', undefined],
      ['REDISCLI_AUTH', 'redis-password', undefined],
    ]);
    const policy = find('NetworkPolicy', 'toolkit-redis');
    expect(policy.spec.podSelector?.matchLabels).toEqual(redis.spec.selector?.matchLabels);
    const allowed = policy.spec.ingress?.flatMap((rule) =>
      rule.from.map((from) => from.podSelector.matchExpressions),
    );
    expect(allowed).toEqual([
      [
        { key: 'app.kubernetes.io/name', operator: 'In', values: ['toolkit'] },
        { key: 'app.kubernetes.io/component', operator: 'In', values: ['api', 'worker'] },
      ],
    ]);
  });

  it('keeps at least one instance and one worker through a disruption', () => {
    for (const workload of [api, worker]) {
      const budget = manifests.find(
        (m) =>
          m.kind === 'PodDisruptionBudget' &&
          JSON.stringify(m.spec.selector?.matchLabels) ===
            JSON.stringify(workload.spec.selector?.matchLabels),
      );
      expect(budget, workload.metadata.name).toBeTruthy();
      expect(budget?.spec.minAvailable).toBeGreaterThanOrEqual(1);
      expect(budget?.spec.minAvailable).toBeLessThan(workload.spec.replicas ?? 0);
    }
  });

  it('probes the instances on /ready and /health, real routes on the named port', async () => {
    const container = containerOf(api);
    expect(container.readinessProbe?.httpGet?.path).toBe('/api/v1/ready');
    expect(container.livenessProbe?.httpGet?.path).toBe('/api/v1/health');
    const portNames = (container.ports ?? []).map((p) => p.name);
    for (const probe of [container.readinessProbe, container.livenessProbe]) {
      expect(portNames).toContain(probe?.httpGet?.port);
      await expectRoute(probe?.httpGet?.path as string);
    }
    const port = envOf(container).PORT;
    expect((container.ports ?? []).map((p) => String(p.containerPort))).toEqual([port]);
  });

  it('probes the workers by their heartbeat file, the same script as compose.yaml', async () => {
    const container = containerOf(worker);
    const scripts = [container.readinessProbe, container.livenessProbe].map((p) => p?.exec?.command);
    for (const command of scripts) expect(command?.slice(0, 2)).toEqual(['node', '-e']);
    expect(scripts[0]).toEqual(scripts[1]);
    const compose = parseYaml(read('compose.yaml'), { merge: true }) as {
      services: { worker: ComposeService };
    };
    expect(scripts[0]?.[2]).toBe(compose.services.worker.healthcheck?.test[3]);
    await expectHeartbeatProbe(scripts[0]?.[2] as string);
  });

  it('has a Service on the instances port and an autoscaler for their Deployment', () => {
    const service = find('Service', 'toolkit');
    expect((containerOf(api).ports ?? []).map((p) => p.name)).toContain(service.spec.ports?.[0]?.targetPort);
    const hpa = manifests.find((m) => m.kind === 'HorizontalPodAutoscaler') as Manifest;
    expect(hpa.spec.scaleTargetRef?.name).toBe(api.metadata.name);
  });
});

describe('deploy/nginx.conf', () => {
  const conf = read('deploy/nginx.conf');
  const seconds = (name: string) => Number(new RegExp(`^\\s*${name} (\\d+)s;`, 'm').exec(conf)?.[1]);
  const compose = parseYaml(read('compose.yaml').replace(/\$\{REDIS_PASSWORD:\?[^}]*\}/g, password), {
    merge: true,
  }) as { services: Record<string, ComposeService> };
  const config = loadConfig(compose.services['api-1']?.environment);

  it('waits for an answer longer than the longest request (a pipeline) and an upload may take', () => {
    expect(seconds('proxy_read_timeout') * 1000).toBeGreaterThan(config.timeouts.pipelineMs);
    expect(seconds('proxy_read_timeout') * 1000).toBeGreaterThan(config.timeouts.requestMs);
    expect(seconds('proxy_send_timeout') * 1000).toBeGreaterThanOrEqual(config.timeouts.uploadMs);
  });

  /**
   * nginx with this configuration, on a free loopback port, in front of `upstream` (its instances
   * replaced: api-1 and api-2 resolve only in compose), and the answer to `request`. The only other
   * changes: files in a folder of the test's own, and `changes` (a shorter read timeout).
   */
  async function throughNginx<T>(
    upstream: string,
    changes: (conf: string) => string,
    request: (base: string) => Promise<T>,
  ): Promise<T> {
    const dir = scratchDir('nginx-deploy-');
    const port = await freePort();
    let servers = 0;
    const edited = changes(conf)
      .replace(/^(\s*)server [\w.-]+:\d+[^;]*;\n/gm, (_, indent: string) =>
        servers++ === 0 ? `${indent}server ${upstream};\n` : '',
      )
      .replace(/listen 8080;/, `listen 127.0.0.1:${port};`)
      .replace(
        /^http \{/m,
        `http {\n  access_log off;\n  client_body_temp_path ${dir}/body; proxy_temp_path ${dir}/proxy;\n  fastcgi_temp_path ${dir}/f; uwsgi_temp_path ${dir}/u; scgi_temp_path ${dir}/s;`,
      );
    writeFileSync(join(dir, 'nginx.conf'), edited);
    const nginx = spawn(
      'nginx',
      [
        '-p',
        dir,
        '-c',
        join(dir, 'nginx.conf'),
        '-g',
        `daemon off; pid ${dir}/nginx.pid; error_log ${dir}/error.log;`,
      ],
      { stdio: 'ignore', detached: true },
    );
    const exited = once(nginx, 'exit');
    const base = `http://127.0.0.1:${port}`;
    try {
      await expect
        .poll(
          () =>
            fetch(`${base}/`).then(
              () => true,
              () => false,
            ),
          { timeout: 20_000, interval: 100 },
        )
        .toBe(true);
      return await request(base);
    } finally {
      // Its whole group: the master and the workers it forked.
      if (nginx.pid) process.kill(-nginx.pid, 'SIGTERM');
      await exited;
    }
  }

  const postJson = async (base: string) => {
    const response = await fetch(`${base}/api/v1/text/word-count`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ text: 'a b' }),
    });
    return { status: response.status, headers: response.headers, body: await response.text() };
  };

  function expectContract(answer: { status: number; body: string }, code: keyof typeof errorCodes) {
    expect(answer.status).toBe(errorCodes[code].status);
    const body = JSON.parse(answer.body) as Record<string, unknown>;
    expect(Object.keys(body).sort()).toEqual(['code', 'message', 'success']);
    expect(body.success).toBe(false);
    expect(body.code).toBe(code);
    expect(String(body.message)).toMatch(/^[A-Z].+\.$/);
  }

  it('answers 503 OVERLOADED with Retry-After in the contract JSON when no instance answers (its 502)', async () => {
    const closed = await freePort();
    const answer = await throughNginx(`127.0.0.1:${closed}`, (c) => c, postJson);
    expectContract(answer, 'OVERLOADED');
    expect(answer.headers.get('content-type')).toBe('application/json');
    expect(Number(answer.headers.get('retry-after'))).toBeGreaterThan(0);
  });

  it('answers 503 TIMEOUT in the contract JSON when an instance does not answer in time (its 504)', async () => {
    const held: Socket[] = [];
    const silent: Server = createServer((socket) => {
      held.push(socket);
    });
    silent.listen(0, '127.0.0.1');
    await once(silent, 'listening');
    const address = silent.address();
    const port = typeof address === 'object' && address ? address.port : 0;
    try {
      const answer = await throughNginx(
        `127.0.0.1:${port}`,
        (c) => c.replace(/proxy_read_timeout \d+s;/, 'proxy_read_timeout 1s;'),
        postJson,
      );
      expectContract(answer, 'TIMEOUT');
      expect(answer.headers.get('content-type')).toBe('application/json');
    } finally {
      for (const socket of held) socket.destroy();
      silent.close();
    }
  });

  it('answers 413 PAYLOAD_TOO_LARGE in the contract JSON past client_max_body_size', async () => {
    const limit = Number(/client_max_body_size (\d+)m;/.exec(conf)?.[1]) * 1024 * 1024;
    const closed = await freePort();
    const reply = await throughNginx(
      `127.0.0.1:${closed}`,
      (c) => c,
      async (base) => {
        const exchange = rawRequest(
          base,
          `POST /api/v1/images/resize HTTP/1.1\r\nHost: x\r\nContent-Type: application/octet-stream\r\nContent-Length: ${limit + 1}\r\n\r\n`,
        );
        // No body follows: nginx need not wait for one before it closes.
        await exchange.sent;
        exchange.socket.end();
        return parseReply(await exchange.reply);
      },
    );
    expectContract({ status: reply.status, body: reply.body }, 'PAYLOAD_TOO_LARGE');
    expect(reply.headers['content-type']).toBe('application/json');
  });
});
