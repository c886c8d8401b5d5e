import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { readFile, rename, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import {
  type Execute,
  emptyCounts,
  finished,
  internalError,
  type JobEngine,
  type JobInput,
  type JobRecord,
  packInput,
  QueueFull,
  ShuttingDown,
  type StoredResponse,
  unpackInput,
} from './types.js';

/*
 * The embedded engine: jobs run in this process, a few at a time, and everything about them lives
 * in a folder (JOBS_DIR): per job its record (`<id>.job`), its input while it waits (`<id>.meta`,
 * `<id>.in`) and its answer once done (`<id>.head`, `<id>.out`). Only the records are held in memory,
 * so 150 queued 8.5 MB images cost disk, not RAM. A file is written aside and renamed into place, so
 * a crash leaves each either whole or absent; the record is written last. At start the folder is
 * read back: queued and running jobs run again, finished ones are kept until they expire.
 */

export interface InProcessOptions {
  execute: Execute;
  dir: string;
  /** The folder is this engine's own (no JOBS_DIR): removed at stop. */
  ownDir: boolean;
  concurrency: number;
  /** Bytes of queued input on disk, and bytes of answers kept: past either, 503. */
  maxQueuedBytes: number;
  ttlMs: number;
  /** How long a stop lets running jobs finish before handing them back to the folder's queue. */
  stopGraceMs: number;
  /** Called once a job has finished (succeeded or failed): the webhook. */
  onFinished?: (record: JobRecord) => void;
}

interface Entry {
  record: JobRecord;
  /** Bytes of its input on disk while it waits or runs, of its answer once finished. */
  bytes: number;
  controller?: AbortController;
  expiry?: NodeJS.Timeout;
}

const handBack = new Error('The server is stopping: the job stays queued.');
const isOpen = (record: JobRecord) => record.status === 'queued' || record.status === 'running';

export class InProcessJobs implements JobEngine {
  readonly kind = 'in-process' as const;
  private readonly jobs = new Map<string, Entry>();
  private readonly waiting: string[] = [];
  private readonly runs = new Set<Promise<void>>();
  private queuedBytes = 0;
  private resultBytes = 0;
  private closing = false;
  private writes = 0;

  constructor(private readonly options: InProcessOptions) {
    mkdirSync(options.dir, { recursive: true, mode: 0o700 });
    this.recover();
    this.pump();
  }

  async submit(record: JobRecord, input: JobInput): Promise<void> {
    if (this.closing) throw new ShuttingDown();
    const { meta, body } = packInput(input);
    const { maxQueuedBytes } = this.options;
    if (this.queuedBytes > 0 && this.queuedBytes + body.length > maxQueuedBytes)
      throw new QueueFull('queued inputs');
    if (this.resultBytes > maxQueuedBytes) throw new QueueFull('kept results');
    const entry: Entry = { record, bytes: body.length };
    // Counted before the writes: submissions arriving meanwhile see the bytes already promised.
    this.queuedBytes += entry.bytes;
    try {
      await this.write(record.id, 'in', body);
      await this.write(record.id, 'meta', meta);
      await this.save(record);
    } catch (error) {
      this.queuedBytes -= entry.bytes;
      await this.remove(record.id, ['in', 'meta', 'job']);
      throw error;
    }
    this.jobs.set(record.id, entry);
    this.waiting.push(record.id);
    this.pump();
  }

  async get(id: string): Promise<JobRecord | undefined> {
    return this.jobs.get(id)?.record;
  }

  async result(id: string): Promise<StoredResponse | undefined> {
    const entry = this.jobs.get(id);
    if (!entry || (entry.record.status !== 'succeeded' && entry.record.status !== 'failed')) return undefined;
    const head = JSON.parse(await readFile(this.path(id, 'head'), 'utf8')) as Omit<StoredResponse, 'body'>;
    return { ...head, body: await readFile(this.path(id, 'out')) };
  }

  async cancel(id: string): Promise<boolean> {
    const entry = this.jobs.get(id);
    if (!entry) return false;
    if (!isOpen(entry.record)) {
      await this.forget(id);
      return true;
    }
    entry.controller?.abort();
    const at = this.waiting.indexOf(id);
    if (at !== -1) this.waiting.splice(at, 1);
    this.queuedBytes -= entry.bytes;
    entry.bytes = 0;
    entry.record = { ...entry.record, status: 'cancelled', finishedAt: new Date().toISOString() };
    await this.save(entry.record);
    await this.remove(id, ['in', 'meta']);
    this.expireLater(id, entry);
    return true;
  }

  async counts() {
    const counts = emptyCounts();
    for (const { record } of this.jobs.values()) counts[record.status] += 1;
    return counts;
  }

  /** Starts no new job; lets the running ones finish within the grace, then hands them back. */
  async close(): Promise<void> {
    this.closing = true;
    const handOver = setTimeout(() => {
      for (const entry of this.jobs.values()) entry.controller?.abort(handBack);
    }, this.options.stopGraceMs);
    await Promise.all(this.runs);
    clearTimeout(handOver);
    for (const entry of this.jobs.values()) clearTimeout(entry.expiry);
    this.jobs.clear();
    this.waiting.length = 0;
    if (this.options.ownDir) rmSync(this.options.dir, { recursive: true, force: true });
  }

  private path(id: string, part: 'job' | 'meta' | 'in' | 'head' | 'out') {
    return join(this.options.dir, `${id}.${part}`);
  }

  /** Writes aside, then renames into place: the file is whole or absent. */
  private async write(id: string, part: 'job' | 'meta' | 'in' | 'head' | 'out', data: string | Buffer) {
    const target = this.path(id, part);
    // A name of its own per write: two writes of one record (a cancel during a start) never share one.
    this.writes += 1;
    const aside = `${target}.${this.writes}.tmp`;
    await writeFile(aside, data, { mode: 0o600 });
    await rename(aside, target);
  }

  private save(record: JobRecord) {
    return this.write(record.id, 'job', JSON.stringify(record));
  }

  private remove(id: string, parts: ('job' | 'meta' | 'in' | 'head' | 'out')[]) {
    return Promise.all(parts.map((part) => rm(this.path(id, part), { force: true })));
  }

  /** Reads the folder back after a restart: what waited or ran is queued again, in order. */
  private recover(): void {
    const names = readdirSync(this.options.dir);
    const records: JobRecord[] = [];
    for (const name of names) {
      if (name.endsWith('.tmp')) rmSync(join(this.options.dir, name), { force: true });
      if (!name.endsWith('.job')) continue;
      try {
        records.push(JSON.parse(readFileSync(join(this.options.dir, name), 'utf8')) as JobRecord);
      } catch {
        rmSync(join(this.options.dir, name), { force: true });
      }
    }
    records.sort((a, b) => a.createdAt.localeCompare(b.createdAt));
    for (const record of records) {
      const { id } = record;
      const size = (part: 'in' | 'meta' | 'out') => {
        const file = this.path(id, part);
        return existsSync(file) ? statSync(file).size : -1;
      };
      if (isOpen(record)) {
        if (existsSync(this.path(id, 'in')) && existsSync(this.path(id, 'meta'))) {
          const bytes = size('in') + size('meta');
          const entry = { record: { ...record, status: 'queued' as const, progress: 0 }, bytes };
          this.jobs.set(id, entry);
          this.queuedBytes += bytes;
          this.waiting.push(id);
          continue;
        }
      }
      const expiresAt = Date.parse(record.finishedAt ?? record.createdAt) + this.options.ttlMs;
      if (isOpen(record) || expiresAt <= Date.now()) {
        rmSync(this.path(id, 'job'), { force: true });
        for (const part of ['meta', 'in', 'head', 'out'] as const)
          rmSync(this.path(id, part), { force: true });
        continue;
      }
      const entry: Entry = { record, bytes: Math.max(0, size('out')) };
      this.resultBytes += entry.bytes;
      this.jobs.set(id, entry);
      this.expireLater(id, entry, expiresAt - Date.now());
    }
  }

  private pump(): void {
    while (!this.closing && this.runs.size < this.options.concurrency && this.waiting.length > 0) {
      const id = this.waiting.shift() as string;
      const entry = this.jobs.get(id);
      if (entry?.record.status !== 'queued') continue;
      const run: Promise<void> = this.run(id, entry)
        .catch(() => undefined)
        .finally(() => {
          this.runs.delete(run);
          this.pump();
        });
      this.runs.add(run);
    }
  }

  private async run(id: string, entry: Entry): Promise<void> {
    const controller = new AbortController();
    entry.controller = controller;
    entry.record = {
      ...entry.record,
      status: 'running',
      progress: null,
      startedAt: new Date().toISOString(),
    };
    let response: StoredResponse;
    try {
      await this.save(entry.record);
      const [meta, body] = await Promise.all([
        readFile(this.path(id, 'meta'), 'utf8'),
        readFile(this.path(id, 'in')),
      ]);
      response = await this.options.execute(unpackInput({ meta, body }), controller.signal);
    } catch {
      response = internalError();
    } finally {
      entry.controller = undefined;
    }
    if (controller.signal.reason === handBack) {
      // Stopping: it stays on disk and runs after the restart.
      entry.record = { ...entry.record, status: 'queued', progress: 0 };
      await this.save(entry.record);
      return;
    }
    if (controller.signal.aborted || entry.record.status === 'cancelled') return;
    const { body, ...head } = response;
    await this.write(id, 'out', body);
    await this.write(id, 'head', JSON.stringify(head));
    entry.record = finished(entry.record, response);
    await this.save(entry.record);
    await this.remove(id, ['in', 'meta']);
    this.queuedBytes -= entry.bytes;
    entry.bytes = body.length;
    this.resultBytes += entry.bytes;
    this.expireLater(id, entry);
    this.options.onFinished?.(entry.record);
  }

  private expireLater(id: string, entry: Entry, ms = this.options.ttlMs): void {
    entry.expiry = setTimeout(() => void this.forget(id), ms);
    entry.expiry.unref();
  }

  private async forget(id: string): Promise<void> {
    const entry = this.jobs.get(id);
    if (!entry) return;
    clearTimeout(entry.expiry);
    this.jobs.delete(id);
    if (!isOpen(entry.record)) this.resultBytes -= entry.bytes;
    await this.remove(id, ['job', 'meta', 'in', 'head', 'out']);
  }
}
