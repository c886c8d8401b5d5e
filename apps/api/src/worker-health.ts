import { rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/*
 * A job worker serves no HTTP, so its health is a file it rewrites every few seconds: the deploy
 * files' probes (compose healthcheck, Kubernetes exec probes) call the worker dead when the file is
 * missing or older than `heartbeatMaxAgeMs`. The beat comes from a timer on the main event loop, so
 * a loop stuck for that long (or a process gone) stops it. No port, no setting: the file lives in
 * the temporary folder, /tmp in the image.
 */

/** Where the beat is written: /tmp/toolkit-worker.alive in the image (TMPDIR unset). */
export const heartbeatFile = (): string => join(tmpdir(), 'toolkit-worker.alive');

/** How often the file is rewritten. */
export const heartbeatIntervalMs = 5000;

/** Older than this (six missed beats), the probes call the worker dead. */
export const heartbeatMaxAgeMs = 30_000;

export interface HeartbeatOptions {
  file?: string;
  intervalMs?: number;
  /** A write that failed (the probe will then fail too): for the log. */
  onError?: (error: Error) => void;
}

export interface Heartbeat {
  /** Stops the beat and removes the file, so that a stopped worker is not taken for a live one. */
  stop(): Promise<void>;
}

/**
 * Writes the time to `file` now and every `intervalMs` until stopped. The timer does not keep the
 * process alive.
 *
 * @example const heartbeat = startHeartbeat({ onError: (err) => log.warn({ err }, 'heartbeat') }); … await heartbeat.stop();
 */
export function startHeartbeat(options: HeartbeatOptions = {}): Heartbeat {
  const file = options.file ?? heartbeatFile();
  let writing: Promise<void> | undefined;
  let stopped = false;
  const beat = () => {
    // A write still under way (a slow disk) is not stacked with another.
    if (writing || stopped) return;
    writing = writeFile(file, `${new Date().toISOString()}\n`)
      .catch((error: Error) => options.onError?.(error))
      .finally(() => {
        writing = undefined;
      });
  };
  beat();
  const timer = setInterval(beat, options.intervalMs ?? heartbeatIntervalMs);
  timer.unref();
  return {
    async stop() {
      stopped = true;
      clearInterval(timer);
      await writing;
      await rm(file, { force: true });
    },
  };
}
