import { AsyncLocalStorage } from 'node:async_hooks';
import type { InputFormat, WriteFormat } from './formats.js';

/*
 * Between two image steps of one pipeline the picture goes as an intermediate, not in its format:
 * uncompressed TIFF, a format every step already reads, which keeps alpha, 16 bits and the colour
 * profile, and within a few percent of raw pixels to write and read back (bench/pipeline; PNG at
 * level 0 no cheaper, a JPEG re-encode both dearer and lossy). The step that makes it says which
 * format it stands for; the next step reads it as that format, so defaults ("the input's format")
 * and the one final encode are what the chain would have given.
 * Only this server's own step requests (jobs/runner.ts: they carry its secret) may ask for either.
 */

/**
 * Request header, one or both of: `<format>[;palette]` (the input is an intermediate standing for
 * that) and `write=<bytes>` (give one of at most that size: the next step's upload limit). The
 * response of a step that gave one has it: `<format>[;palette]`.
 */
export const handoffHeader = 'x-toolkit-handoff';

/** What an intermediate stands for: the format it would have been written in. */
export interface Handoff {
  format: WriteFormat;
  palette: boolean;
}

interface HandoffRequest {
  /** Largest intermediate to give, in bytes (undefined: encode as usual). */
  write: number | undefined;
  input: Handoff | undefined;
}

const store = new AsyncLocalStorage<HandoffRequest>();

const formats: readonly WriteFormat[] = ['jpeg', 'png', 'webp', 'avif', 'gif', 'tiff'];

export function formatHandoff(handoff: Handoff): string {
  return handoff.palette ? `${handoff.format};palette` : handoff.format;
}

function parseHandoff(value: string): HandoffRequest {
  const items = value.split(',').map((item) => item.trim());
  const bytes = Number(items.find((item) => item.startsWith('write='))?.slice('write='.length));
  const [format, flag] = items.find((item) => !item.startsWith('write='))?.split(';') ?? [];
  const known = formats.find((f) => f === format);
  return {
    write: bytes > 0 ? bytes : undefined,
    input: known ? { format: known, palette: flag === 'palette' } : undefined,
  };
}

/** Runs an internal request's work with what its hand-off header asks for (`undefined`: nothing). */
export function withHandoff<T>(header: string | undefined, work: () => Promise<T>): Promise<T> {
  return header ? store.run(parseHandoff(header), work) : work();
}

/** The largest intermediate this step may give instead of encoding, if it is to give one. */
export const handoffLimit = (): number | undefined => store.getStore()?.write;

/** What the upload stands for, when it is an intermediate (TIFF) from the step before. */
export function handoffInput(detected: InputFormat): Handoff | undefined {
  return detected === 'tiff' ? store.getStore()?.input : undefined;
}
