import { spawn, spawnSync } from 'node:child_process';
import { once } from 'node:events';
import { createServer } from 'node:net';
import { Redis } from 'ioredis';
import { afterAll, beforeAll } from 'vitest';

/**
 * A redis-server of a net test's own, on a loopback port the system picked, without persistence.
 * (Kept apart from test/helpers so these tests load nothing of the app.)
 *
 * @example
 *   describe.skipIf(redisServerMissing() !== undefined)('in Redis', () => {
 *     const redis = useRedisServer(); // redis.client and redis.other: two connections, two "instances"
 *   });
 */

/** Why redis-server cannot run here, or undefined when it can. */
export function redisServerMissing(): string | undefined {
  const probe = spawnSync('redis-server', ['--version'], { stdio: 'ignore' });
  return probe.error || probe.status !== 0
    ? 'redis-server is not installed (apt-get install redis-server): the Redis tests are skipped'
    : undefined;
}

async function freeLoopbackPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  const address = server.address();
  await new Promise<void>((resolve) => server.close(() => resolve()));
  if (!address || typeof address === 'string') throw new Error('No TCP port.');
  return address.port;
}

export interface RedisServerHandle {
  url: string;
  stop(): Promise<void>;
}

async function startOn(port: number): Promise<RedisServerHandle> {
  const child = spawn(
    'redis-server',
    ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'],
    { stdio: ['ignore', 'pipe', 'pipe'] },
  );
  let output = '';
  child.stdout.setEncoding('utf8');
  child.stderr.resume();
  await new Promise<void>((resolve, reject) => {
    child.once('exit', (code) => reject(new Error(`redis-server exited with ${code}: ${output}`)));
    child.stdout.on('data', (chunk: string) => {
      output += chunk;
      if (output.includes('Ready to accept connections')) resolve();
    });
  });
  return {
    url: `redis://127.0.0.1:${port}`,
    async stop() {
      if (child.exitCode !== null) return;
      const exited = once(child, 'exit');
      child.kill('SIGTERM');
      await exited;
    },
  };
}

export async function startRedisServer(): Promise<RedisServerHandle> {
  // Another process may take the port between our probe and redis binding it: try a few.
  for (let attempt = 1; ; attempt++) {
    try {
      return await startOn(await freeLoopbackPort());
    } catch (error) {
      if (attempt >= 3) throw error;
    }
  }
}

/**
 * A redis-server for the tests of one describe block, with two clients on it (two instances
 * sharing a Redis), started before them and stopped after them.
 */
export function useRedisServer(): { readonly client: Redis; readonly other: Redis } {
  let server: RedisServerHandle | undefined;
  let clients: [Redis, Redis] | undefined;
  beforeAll(async () => {
    server = await startRedisServer();
    clients = [new Redis(server.url), new Redis(server.url)];
  });
  afterAll(async () => {
    await Promise.all(clients?.map((client) => client.quit()) ?? []);
    await server?.stop();
  });
  const connected = (): [Redis, Redis] => {
    if (!clients) throw new Error('The Redis server has not started yet.');
    return clients;
  };
  return {
    get client() {
      return connected()[0];
    },
    get other() {
      return connected()[1];
    },
  };
}
