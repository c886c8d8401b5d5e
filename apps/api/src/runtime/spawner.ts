import { type ChildProcess, fork, spawn } from 'node:child_process';
import type { Readable, Writable } from 'node:stream';
import type { HelperMessage, HelperRequest } from './spawner-protocol.js';
import { WarmPool } from './warm-pool.js';

/** What to start: the program, its arguments and what it reads on descriptor 3. */
export interface SpawnRequest {
  command: string;
  args: readonly string[];
  cwd?: string;
  env?: NodeJS.ProcessEnv;
  /** Written to the program's descriptor 3 and closed; its standard input stays closed. */
  input?: Uint8Array;
  /**
   * The program reads its whole job from descriptor 3 (no path of this job in its arguments): the
   * next run of the same command line is started now and waits for its input (WarmPool).
   */
  warm?: boolean;
}

/** What a started program reports, in this order: output as it comes, then one close (or an error). */
export interface SpawnEvents {
  stdout(chunk: Uint8Array): void;
  stderr(chunk: Uint8Array): void;
  error(error: Error): void;
  close(code: number | null): void;
}

export interface Spawned {
  /** The program's pid (its group's id), once known. */
  readonly pid?: number | undefined;
  /** Kills the program's whole process group (now, or as soon as it has one). */
  kill(): void;
}

/** SIGKILL to the whole group: converters start helpers (soffice.bin, ffmpeg's threads) that must die too. */
export function killGroup(pid: number | undefined): void {
  if (pid === undefined) return;
  try {
    process.kill(-pid, 'SIGKILL');
  } catch {
    // Already gone.
  }
}

/** Starts a program in its own process group with no standard input (see `spawnHere`). */
function start(request: SpawnRequest): ChildProcess {
  return spawn(request.command, request.args, {
    cwd: request.cwd,
    env: request.env,
    detached: true,
    stdio: request.input ? ['ignore', 'pipe', 'pipe', 'pipe'] : ['ignore', 'pipe', 'pipe'],
  });
}

/** Programs started ahead of a `warm` request (see WarmPool): two command lines, 30 s each. */
const warm = new WarmPool({
  limit: 2,
  idleMs: 30_000,
  kill: (child) => killGroup(child.pid),
});

/** Everything a program is started with: a waiting program is taken only by an identical request. */
const warmKey = (request: SpawnRequest) =>
  JSON.stringify([request.command, request.args, request.cwd ?? '', request.env ?? null]);

/** Stops the programs waiting for a `warm` request (the process is about to end). */
export function stopWarmPrograms(): void {
  warm.clear();
}

/**
 * Starts a program in its own process group with no standard input, reporting to `events`. Runs in
 * the calling process (see `spawnFromHelper` for short jobs) and in the helper process itself. With
 * `warm`, it takes the program started ahead for the same command line when one waits, and starts
 * the next one.
 */
export function spawnHere(request: SpawnRequest, events: SpawnEvents): Spawned {
  const key = request.warm && request.input ? warmKey(request) : undefined;
  const child = (key && warm.take(key)) || start(request);
  if (request.input) {
    const feed = child.stdio[3] as Writable;
    // EPIPE when the program stops reading early (a refused duration, a damaged file).
    feed.on('error', () => undefined);
    feed.end(request.input);
  }
  (child.stdio[1] as Readable).on('data', events.stdout);
  (child.stdio[2] as Readable).on('data', events.stderr);
  child.on('error', events.error);
  child.on('close', (code) => {
    // The leader may exit while its children still run: make sure the group is gone.
    killGroup(child.pid);
    events.close(code);
  });
  // The next one starts while this one works (a fork blocks this thread for a millisecond or two).
  if (key) warm.fill(key, () => start(request));
  return { pid: child.pid, kill: () => killGroup(child.pid) };
}

interface HelperJob {
  events: SpawnEvents;
  pid?: number;
  killed: boolean;
}

/**
 * A small long-lived process that starts programs for this one. Starting a program forks the
 * process that asks, and on this machine a fork costs time in proportion to the memory it maps:
 * /bin/true took 1.5 ms from a 49 MB process and 10 ms from a 150 MB one (the server is 140 MB
 * at rest), which is a third of a short clip's whole conversion. The helper stays small; the
 * server sends it what to run, gets the output back over IPC and kills process groups itself.
 */
class SpawnHelper {
  #child: ChildProcess | undefined;
  readonly #jobs = new Map<number, HelperJob>();
  #next = 1;

  spawn(request: SpawnRequest, events: SpawnEvents): Spawned {
    const child = this.#process();
    const id = this.#next++;
    const job: HelperJob = { events, killed: false };
    this.#jobs.set(id, job);
    const message: HelperRequest = { type: 'run', id, ...request, args: [...request.args] };
    child.send(message, (error) => {
      if (error) this.#stopped(child);
    });
    return {
      kill: () => {
        job.killed = true;
        killGroup(job.pid);
      },
    };
  }

  #process(): ChildProcess {
    if (this.#child?.connected) return this.#child;
    if (this.#child) this.#stopped(this.#child);
    const source = import.meta.url.endsWith('.ts');
    const entry = new URL(source ? './spawner-process.ts' : './spawner-process.js', import.meta.url);
    const child = fork(entry, [], {
      serialization: 'advanced',
      stdio: ['ignore', 'ignore', 'inherit', 'ipc'],
      // Small on purpose: its size is what each fork copies.
      execArgv: [...(source ? ['--import', 'tsx'] : []), '--max-old-space-size=64'],
    });
    child.on('message', (message: HelperMessage) => this.#receive(message));
    child.on('exit', () => this.#stopped(child));
    child.on('error', () => this.#stopped(child));
    // The server may exit while the helper waits for work.
    child.unref();
    child.channel?.unref();
    this.#child = child;
    return child;
  }

  /** The helper died, could not start or cannot be reached: its jobs fail, the next job starts another. */
  #stopped(child: ChildProcess): void {
    if (this.#child !== child) return;
    this.#child = undefined;
    child.kill('SIGKILL');
    const jobs = [...this.#jobs.values()];
    this.#jobs.clear();
    for (const job of jobs) {
      killGroup(job.pid);
      job.events.error(new Error('The process helper stopped.'));
      job.events.close(null);
    }
  }

  #receive(message: HelperMessage): void {
    const job = this.#jobs.get(message.id);
    if (!job) return;
    if (message.type === 'spawned') {
      job.pid = message.pid;
      if (job.killed) killGroup(job.pid);
    } else if (message.type === 'error') {
      job.events.error(Object.assign(new Error(message.message), { code: message.code }));
    } else if (message.type !== 'close') job.events[message.type](message.chunk);
    else {
      // The helper has killed what was left of the group.
      this.#jobs.delete(message.id);
      job.events.close(message.code);
    }
  }
}

let helper: SpawnHelper | undefined;

/** `spawnHere`, but the fork happens in the small helper process (for short jobs). */
export function spawnFromHelper(request: SpawnRequest, events: SpawnEvents): Spawned {
  helper ??= new SpawnHelper();
  return helper.spawn(request, events);
}
