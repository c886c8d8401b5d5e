import { type ChildProcess, spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';

/* The real entry point (src/server.ts) in its own process, logging JSON at level info. */

const serverFile = fileURLToPath(new URL('../../src/server.ts', import.meta.url));

/** Starts the server on 127.0.0.1:`port`; its stdout (the log) is piped, stderr inherited. */
export function startServerProcess(port: number, webRoot = '/nonexistent-web-build'): ChildProcess {
  return spawn(process.execPath, ['--import', 'tsx', serverFile], {
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      LOG_LEVEL: 'info',
      LOG_FORMAT: 'json',
      WEB_ROOT: webRoot,
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
}

/** Collects the child's JSON log lines and resolves when one matches. */
export function logWatcher(proc: ChildProcess) {
  const lines: string[] = [];
  const waiters: { test: (msg: string) => boolean; resolve: () => void }[] = [];
  let buffer = '';
  proc.stdout?.setEncoding('utf8');
  proc.stdout?.on('data', (chunk: string) => {
    buffer += chunk;
    const parts = buffer.split('\n');
    buffer = parts.pop() ?? '';
    for (const line of parts) {
      lines.push(line);
      for (const w of [...waiters]) {
        if (w.test(line)) {
          waiters.splice(waiters.indexOf(w), 1);
          w.resolve();
        }
      }
    }
  });
  return {
    lines,
    until: (test: (line: string) => boolean) =>
      lines.some(test) ? Promise.resolve() : new Promise<void>((resolve) => waiters.push({ test, resolve })),
  };
}
