import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { scratchDir } from '../test/helpers/scratch.js';
import { heartbeatFile, heartbeatIntervalMs, heartbeatMaxAgeMs, startHeartbeat } from './worker-health.js';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Waits (as long as the test may) until `test` holds. */
async function until(test: () => boolean): Promise<void> {
  while (!test()) await sleep(10);
}

describe('startHeartbeat', () => {
  it('writes the time at once and again at each beat, and removes the file when stopped', async () => {
    const file = join(scratchDir('heartbeat-'), 'worker.alive');
    const heartbeat = startHeartbeat({ file, intervalMs: 20 });
    await until(() => existsSync(file) && readFileSync(file, 'utf8') !== '');
    const first = readFileSync(file, 'utf8');
    expect(Number.isNaN(Date.parse(first.trim()))).toBe(false);
    await until(() => readFileSync(file, 'utf8') !== first);
    await heartbeat.stop();
    expect(existsSync(file)).toBe(false);
    // No beat after the stop brings it back.
    await sleep(100);
    expect(existsSync(file)).toBe(false);
  });

  it('reports a write that fails', async () => {
    const errors: Error[] = [];
    const file = join(scratchDir('heartbeat-'), 'missing-folder', 'worker.alive');
    const heartbeat = startHeartbeat({ file, intervalMs: 20, onError: (error) => errors.push(error) });
    await until(() => errors.length > 0);
    await heartbeat.stop();
    expect((errors[0] as NodeJS.ErrnoException).code).toBe('ENOENT');
  });

  it('lives in the temporary folder, and a probe allows several missed beats', () => {
    expect(heartbeatFile()).toMatch(/[/\\]toolkit-worker\.alive$/);
    expect(heartbeatMaxAgeMs).toBeGreaterThanOrEqual(3 * heartbeatIntervalMs);
  });
});
