import { accessSync, constants, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseAllDocuments, parse as parseYaml } from 'yaml';
import { envSchema } from '../src/config.js';
import { makeApp } from './helpers/app.js';

/*
 * The deploy files (Dockerfile, compose.yaml, deploy/) cannot be run here (no container runtime), so
 * they are checked against the code: every variable they set is one the server reads, every probe and
 * health check is a route that answers, ports agree, the image starts the way `npm run serve` does,
 * and the system packages come from the script CI runs.
 */

const root = fileURLToPath(new URL('../../../', import.meta.url));
const read = (path: string) => readFileSync(`${root}${path}`, 'utf8');

/** Read by Node and glibc rather than by config.ts (docs/configuration.md names them too). */
const processVariables = new Set(['NODE_ENV', 'MALLOC_ARENA_MAX']);
const known = (name: string) => name in envSchema.shape || processVariables.has(name);

let app: FastifyInstance;
beforeAll(async () => {
  app = await makeApp();
});
afterAll(() => app.close());

async function expectRoute(path: string) {
  const response = await app.inject({ url: path });
  expect([200, 503], `GET ${path}`).toContain(response.statusCode);
}

describe('Dockerfile', () => {
  const dockerfile = read('Dockerfile');
  const lines = dockerfile.replace(/\\\n/g, ' ').split('\n');

  it('starts the server the way npm run serve does', () => {
    const cmd = lines.filter((l) => l.startsWith('CMD ')).at(-1);
    expect(cmd).toBe('CMD ["npm", "run", "serve"]');
    expect(JSON.parse(read('package.json')).scripts.serve).toBeTruthy();
  });

  it('sets only variables the server knows, MALLOC_ARENA_MAX=2 among them, as a non-root user', () => {
    const env = lines
      .filter((l) => l.startsWith('ENV '))
      .flatMap((l) => [...l.matchAll(/(\w+)=/g)].map((m) => m[1] as string));
    expect(env).toContain('MALLOC_ARENA_MAX');
    for (const name of env) expect(known(name), name).toBe(true);
    expect(lines.join('\n')).toMatch(/ENV [^\n]*MALLOC_ARENA_MAX=2/);
    expect(lines.filter((l) => l.startsWith('USER ')).at(-1)).toBe('USER node');
  });

  it('checks its health on a route that answers, on the port it exposes', async () => {
    const healthcheck = lines.find((l) => l.startsWith('HEALTHCHECK '));
    const path = /\/api\/v1\/\w+/.exec(healthcheck ?? '')?.[0];
    expect(path).toBe('/api/v1/health');
    await expectRoute(path as string);
    const port = /PORT=(\d+)/.exec(dockerfile)?.[1];
    expect(lines).toContain(`EXPOSE ${port}`);
  });

  it('installs its system packages with the script CI runs', () => {
    expect(dockerfile).toContain('install-system-packages.sh runtime');
    accessSync(`${root}scripts/install-system-packages.sh`, constants.X_OK);
    expect(read('.ci/run')).toMatch(/scripts\/install-system-packages\.sh ci/);
  });
});

describe('compose.yaml', () => {
  const compose = parseYaml(read('compose.yaml'), { merge: true }) as {
    services: Record<string, { environment?: Record<string, string>; expose?: string[]; command?: string[] }>;
  };
  const apis = Object.entries(compose.services).filter(([name]) => name.startsWith('api-'));

  it('runs two HTTP instances and Redis behind a proxy', () => {
    expect(apis.map(([name]) => name)).toEqual(['api-1', 'api-2']);
    expect(Object.keys(compose.services)).toEqual(expect.arrayContaining(['proxy', 'redis']));
  });

  it('sets only variables the server knows', () => {
    for (const [, service] of apis) {
      for (const name of Object.keys(service.environment ?? {})) expect(known(name), name).toBe(true);
      expect(service.environment?.REDIS_URL).toBe('redis://redis:6379');
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

describe('Kubernetes manifests', () => {
  type Container = {
    ports: { name: string; containerPort: number }[];
    env: { name: string; value?: string }[];
    readinessProbe: { httpGet: { path: string; port: string } };
    livenessProbe: { httpGet: { path: string; port: string } };
    resources: { requests: Record<string, string>; limits: Record<string, string> };
  };
  type Manifest = { kind: string; metadata: { name: string }; spec: Record<string, unknown> };
  const manifests = parseAllDocuments(read('deploy/k8s/api.yaml')).map((d) => d.toJS() as Manifest);
  const deployment = manifests.find((m) => m.kind === 'Deployment') as Manifest;
  const container = (deployment.spec as { template: { spec: { containers: Container[] } } }).template.spec
    .containers[0] as Container;

  it('sets only variables the server knows, and listens where its port says', () => {
    for (const { name } of container.env) expect(known(name), name).toBe(true);
    const port = container.env.find((e) => e.name === 'PORT')?.value;
    expect(container.ports.map((p) => String(p.containerPort))).toEqual([port]);
  });

  it('probes readiness on /ready and liveness on /health, both real routes on the named port', async () => {
    expect(container.readinessProbe.httpGet.path).toBe('/api/v1/ready');
    expect(container.livenessProbe.httpGet.path).toBe('/api/v1/health');
    const portNames = container.ports.map((p) => p.name);
    for (const probe of [container.readinessProbe, container.livenessProbe]) {
      expect(portNames).toContain(probe.httpGet.port);
      await expectRoute(probe.httpGet.path);
    }
    expect(container.resources.requests.memory).toBeTruthy();
    expect(container.resources.limits.memory).toBeTruthy();
  });

  it('has a Service on that port and an autoscaler for that Deployment', () => {
    const service = manifests.find((m) => m.kind === 'Service') as Manifest;
    const servicePorts = (service.spec as { ports: { targetPort: string }[] }).ports;
    expect(container.ports.map((p) => p.name)).toContain(servicePorts[0]?.targetPort);
    const hpa = manifests.find((m) => m.kind === 'HorizontalPodAutoscaler') as Manifest;
    expect((hpa.spec as { scaleTargetRef: { name: string } }).scaleTargetRef.name).toBe(
      deployment.metadata.name,
    );
  });
});
