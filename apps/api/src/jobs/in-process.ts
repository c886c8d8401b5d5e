import { mkdirSync, rmSync } from 'node:fs';
import { readFile, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import {
  type Execute,
  emptyCounts,
  finished,
  internalError,
  type JobEngine,
  type JobInput,
  type JobRecord,
  QueueFull,
  type StoredResponse,
} from './types.js';

/*
 * The embedded engine: jobs wait in this process' memory and run here, a few at a time; their answers
 * are written to a folder of their own and removed when they expire (and the folder when the server
 * stops). Nothing to install; nothing survives a restart.
 */

export interface InProcessOptions {
  execute: Execute;
  dir: string;
  concurrency: number;
  maxQueued: number;
  ttlMs: number;
  /** Called once a job has finished (succeeded or failed): the webhook. */
  onFinished?: (record: JobRecord) => void;
}

interface Entry {
  record: JobRecord;
  request?: JobInput;
  controller?: AbortController;
  expiry?: NodeJS.Timeout;
}

export class InProcessJobs implements JobEngine {
  readonly kind = 'in-process' as const;
  private readonly jobs = new Map<string, Entry>();
  private readonly waiting: string[] = [];
  private running = 0;

  constructor(private readonly options: InProcessOptions) {
    mkdirSync(options.dir, { recursive: true, mode: 0o700 });
  }

  async submit(record: JobRecord, request: JobInput): Promise<void> {
    if (this.waiting.length >= this.options.maxQueued) throw new QueueFull();
    this.jobs.set(record.id, { record, request });
    this.waiting.push(record.id);
    this.pump();
  }

  async get(id: string): Promise<JobRecord | undefined> {
    return this.jobs.get(id)?.record;
  }

  async result(id: string): Promise<StoredResponse | undefined> {
    const entry = this.jobs.get(id);
    if (!entry || (entry.record.status !== 'succeeded' && entry.record.status !== 'failed')) return undefined;
    const meta = JSON.parse(await readFile(this.path(id, 'json'), 'utf8')) as Omit<StoredResponse, 'body'>;
    return { ...meta, body: await readFile(this.path(id, 'bin')) };
  }

  async cancel(id: string): Promise<boolean> {
    const entry = this.jobs.get(id);
    if (!entry) return false;
    const { status } = entry.record;
    if (status === 'queued' || status === 'running') {
      entry.controller?.abort();
      entry.request = undefined;
      const at = this.waiting.indexOf(id);
      if (at !== -1) this.waiting.splice(at, 1);
      entry.record = { ...entry.record, status: 'cancelled', finishedAt: new Date().toISOString() };
      this.expireLater(id, entry);
      return true;
    }
    await this.forget(id);
    return true;
  }

  async counts() {
    const counts = emptyCounts();
    for (const { record } of this.jobs.values()) counts[record.status] += 1;
    return counts;
  }

  async close(): Promise<void> {
    for (const entry of this.jobs.values()) {
      entry.controller?.abort();
      clearTimeout(entry.expiry);
    }
    this.jobs.clear();
    this.waiting.length = 0;
    rmSync(this.options.dir, { recursive: true, force: true });
  }

  private path(id: string, ext: 'json' | 'bin') {
    return join(this.options.dir, `${id}.${ext}`);
  }

  private pump(): void {
    while (this.running < this.options.concurrency && this.waiting.length > 0) {
      const id = this.waiting.shift() as string;
      const entry = this.jobs.get(id);
      if (!entry?.request) continue;
      this.running += 1;
      void this.run(id, entry, entry.request).finally(() => {
        this.running -= 1;
        this.pump();
      });
    }
  }

  private async run(id: string, entry: Entry, request: JobInput): Promise<void> {
    const controller = new AbortController();
    entry.controller = controller;
    entry.request = undefined;
    entry.record = {
      ...entry.record,
      status: 'running',
      progress: null,
      startedAt: new Date().toISOString(),
    };
    let response: StoredResponse;
    try {
      response = await this.options.execute(request, controller.signal);
    } catch {
      response = internalError();
    } finally {
      entry.controller = undefined;
    }
    if (controller.signal.aborted || entry.record.status === 'cancelled') return;
    const { body, ...meta } = response;
    await writeFile(this.path(id, 'bin'), body);
    await writeFile(this.path(id, 'json'), JSON.stringify(meta));
    entry.record = finished(entry.record, response);
    this.expireLater(id, entry);
    this.options.onFinished?.(entry.record);
  }

  private expireLater(id: string, entry: Entry): void {
    entry.expiry = setTimeout(() => void this.forget(id), this.options.ttlMs);
    entry.expiry.unref();
  }

  private async forget(id: string): Promise<void> {
    const entry = this.jobs.get(id);
    clearTimeout(entry?.expiry);
    this.jobs.delete(id);
    await Promise.all([
      rm(this.path(id, 'json'), { force: true }),
      rm(this.path(id, 'bin'), { force: true }),
    ]);
  }
}
