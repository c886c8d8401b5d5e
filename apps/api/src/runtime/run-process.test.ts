import { existsSync, readFileSync } from 'node:fs';
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { OperationError } from '../operations/errors.js';
import { ProcessSlots, runProcess, withTempDir } from './run-process.js';

/** Running, not a zombie: a killed orphan may wait for a reaper that containers often lack. */
function alive(pid: number): boolean {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return stat.slice(stat.lastIndexOf(')') + 2)[0] !== 'Z';
  } catch {
    return false;
  }
}

/**
 * Whether `pid` has ended within 10 s. A killed process ends when the kernel next runs it, which
 * takes longer on a busy machine; one that was never killed here (sleep 60) is still running.
 */
async function ended(pid: number): Promise<boolean> {
  for (const end = Date.now() + 10_000; Date.now() < end; await new Promise((r) => setTimeout(r, 20))) {
    if (!alive(pid)) return true;
  }
  return !alive(pid);
}

async function failure(promise: Promise<unknown>): Promise<unknown> {
  return promise.then(
    () => expect.unreachable('the program should have been stopped'),
    (error: unknown) => error,
  );
}

/** A shell that starts a grandchild (like soffice starting soffice.bin), writes its pid, then waits. */
const spawnsGrandchild = (pidFile: string) => ['-c', `sleep 60 & echo $! > ${pidFile}; wait`];

describe('runProcess', () => {
  it('returns the exit code, standard output and standard error', async () => {
    const result = await runProcess('sh', ['-c', 'printf out; printf err >&2; exit 3'], {
      timeoutMs: 5000,
    });
    expect(result).toEqual({ code: 3, stdout: Buffer.from('out'), stderr: 'err' });
  });

  it('keeps every byte of a larger output in order', async () => {
    const result = await runProcess('sh', ['-c', 'seq 1 200000'], { timeoutMs: 10_000 });
    const expected = Array.from({ length: 200_000 }, (_, i) => `${i + 1}\n`).join('');
    expect(result.stdout.toString()).toBe(expected);
  });

  it('hands `input` to the program on descriptor 3, standard input still closed', async () => {
    const bytes = new Uint8Array(300_000).map((_, i) => i % 251);
    const result = await runProcess('sh', ['-c', 'cat <&3; cat; echo " done"'], {
      timeoutMs: 5000,
      input: bytes,
    });
    expect(result.code).toBe(0);
    expect(result.stdout.subarray(0, bytes.length).equals(Buffer.from(bytes))).toBe(true);
    expect(result.stdout.subarray(bytes.length).toString()).toBe(' done\n');
  });

  it('a program that exits before reading its input is no error', async () => {
    const result = await runProcess('sh', ['-c', 'exit 4'], {
      timeoutMs: 5000,
      input: new Uint8Array(4_000_000),
    });
    expect(result.code).toBe(4);
  });

  it('gives the program no standard input', async () => {
    const result = await runProcess('sh', ['-c', 'cat; echo done'], { timeoutMs: 5000 });
    expect(result.stdout.toString()).toBe('done\n');
  });

  it('kills the whole process group at the time limit and rejects with TIMEOUT once it is gone', async () => {
    await withTempDir('test-', async (dir) => {
      const pidFile = join(dir, 'pid');
      const error = await failure(runProcess('sh', spawnsGrandchild(pidFile), { timeoutMs: 300 }));
      expect(error).toBeInstanceOf(OperationError);
      expect(error).toMatchObject({
        code: 'TIMEOUT',
        message: 'The conversion took longer than 0.3 s and was stopped.',
      });
      expect(await ended(Number(await readFile(pidFile, 'utf8')))).toBe(true);
    });
  });

  it('stops the program as soon as its standard error says what the watcher refuses', async () => {
    await withTempDir('test-', async (dir) => {
      const pidFile = join(dir, 'pid');
      const refusal = new OperationError(
        'PAYLOAD_TOO_LARGE',
        'The audio is 1:54 long; at most 1:00 can be converted.',
      );
      const seen: string[] = [];
      const error = await failure(
        runProcess('sh', ['-c', `sleep 60 & echo $! > ${pidFile}; echo 'Duration: 00:01:54' >&2; wait`], {
          timeoutMs: 10_000,
          watchStderr: (stderr) => {
            seen.push(stderr);
            return stderr.includes('Duration: 00:01:54') ? refusal : undefined;
          },
        }),
      );
      // Not the TIMEOUT of the 10 s limit: the watcher stopped it.
      expect(error).toBe(refusal);
      expect(seen.at(-1)).toContain('Duration: 00:01:54');
      expect(await ended(Number(await readFile(pidFile, 'utf8')))).toBe(true);
    });
  });

  it('kills the group when the request is given up', async () => {
    await withTempDir('test-', async (dir) => {
      const pidFile = join(dir, 'pid');
      const controller = new AbortController();
      const running = failure(
        runProcess('sh', spawnsGrandchild(pidFile), {
          timeoutMs: 10_000,
          signal: controller.signal,
        }),
      );
      while (!existsSync(pidFile) || (await readFile(pidFile, 'utf8')) === '')
        await new Promise((r) => setTimeout(r, 20));
      controller.abort();
      expect(await running).toMatchObject({
        code: 'TIMEOUT',
        message: 'The request was cancelled before the work finished.',
      });
      expect(await ended(Number(await readFile(pidFile, 'utf8')))).toBe(true);
    });
  });

  it('stops a program that writes more than allowed', async () => {
    const error = await failure(
      runProcess('sh', ['-c', 'yes'], { timeoutMs: 5000, maxOutputBytes: 100_000 }),
    );
    expect(error).toMatchObject({ code: 'PAYLOAD_TOO_LARGE' });
  });

  it('rejects when the program does not exist', async () => {
    const error = await failure(runProcess('/nonexistent/program', [], { timeoutMs: 1000 }));
    expect((error as NodeJS.ErrnoException).code).toBe('ENOENT');
  });
});

describe('ProcessSlots', () => {
  it('runs at most N programs at once', async () => {
    const slots = new ProcessSlots(2);
    let running = 0;
    let most = 0;
    await Promise.all(
      Array.from({ length: 6 }, () =>
        slots.run(async () => {
          running += 1;
          most = Math.max(most, running);
          await runProcess('sleep', ['0.05'], { timeoutMs: 5000 });
          running -= 1;
        }),
      ),
    );
    expect(most).toBe(2);
  });
});

describe('withTempDir', () => {
  it('removes the folder and its files after success and after failure', async () => {
    let kept = '';
    await withTempDir('test-', async (dir) => {
      kept = dir;
      await writeFile(join(dir, 'a.txt'), 'x');
    });
    expect(existsSync(kept)).toBe(false);
    await expect(
      withTempDir('test-', async (dir) => {
        kept = dir;
        await writeFile(join(dir, 'b.txt'), 'y');
        throw new Error('conversion failed');
      }),
    ).rejects.toThrow('conversion failed');
    expect(existsSync(kept)).toBe(false);
  });
});
