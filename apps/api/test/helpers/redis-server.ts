import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { once } from 'node:events';
import { freePort } from './listen.js';

/** Whether redis-server can be run here (CI installs it: scripts/install-system-packages.sh). */
export function hasRedisServer(): boolean {
  try {
    execFileSync('redis-server', ['--version'], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
}

export interface RedisServer {
  url: string;
  port: number;
  stop(): Promise<void>;
}

/** A redis-server of the test's own on a free loopback port, without persistence. */
export async function startRedis(port?: number): Promise<RedisServer> {
  const chosen = port ?? (await freePort());
  const child: ChildProcess = spawn(
    'redis-server',
    ['--port', String(chosen), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'],
    { stdio: ['ignore', 'pipe', 'inherit'] },
  );
  let output = '';
  child.stdout?.setEncoding('utf8');
  await new Promise<void>((resolve, reject) => {
    child.once('exit', (code) => reject(new Error(`redis-server exited with ${code}: ${output}`)));
    child.stdout?.on('data', (chunk: string) => {
      output += chunk;
      if (output.includes('Ready to accept connections')) resolve();
    });
  });
  return {
    url: `redis://127.0.0.1:${chosen}`,
    port: chosen,
    async stop() {
      if (child.exitCode !== null) return;
      const exited = once(child, 'exit');
      child.kill('SIGTERM');
      await exited;
    },
  };
}
