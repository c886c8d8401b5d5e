import { type Spawned, spawnHere, stopWarmPrograms } from './spawner.js';
import type { HelperMessage, HelperRequest } from './spawner-protocol.js';

// The spawn helper's entry (dist/spawner-process.js once built; see SpawnHelper in spawner.ts): it
// starts the programs the server asks for and sends back what they report. It holds nothing else,
// so that each fork it makes stays cheap.

const running = new Map<number, Spawned>();
const send = (message: HelperMessage) => process.send?.(message);

process.on('message', (request: HelperRequest) => {
  if (request.type !== 'run') return;
  const { id } = request;
  const spawned = spawnHere(request, {
    stdout: (chunk) => send({ type: 'stdout', id, chunk }),
    stderr: (chunk) => send({ type: 'stderr', id, chunk }),
    error: (error) =>
      send({ type: 'error', id, message: error.message, code: (error as NodeJS.ErrnoException).code }),
    close: (code) => {
      running.delete(id);
      send({ type: 'close', id, code });
    },
  });
  if (spawned.pid !== undefined) send({ type: 'spawned', id, pid: spawned.pid });
  running.set(id, spawned);
});

// The server is gone: nothing it started may outlive it.
process.on('disconnect', () => {
  for (const spawned of running.values()) spawned.kill();
  stopWarmPrograms();
  process.exit(0);
});
