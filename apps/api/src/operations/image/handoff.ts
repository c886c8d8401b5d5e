import { AsyncLocalStorage } from 'node:async_hooks';
import { randomBytes } from 'node:crypto';
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
 * that; `;ref=<id>`: its bytes are held in this process, see parkHandoff; `upload;ref=<id>`: the
 * pipeline's own upload, held the same way) and `write=<bytes>` (give
 * one of at most that size: the next step's upload limit). The response of a step that gave one has
 * it, `<format>[;palette];ref=<id>`, and an empty body: the step parks the intermediate itself.
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
  /** The intermediate's bytes, held in this process (the upload is then a placeholder). */
  parked: Buffer | undefined;
}

/*
 * Intermediates held for the next step by reference: written into a response and the next multipart
 * body, megabytes of pixels would be copied and scanned for the boundary again and again (measured
 * dearer than the JPEG round trip they replace, mostly in garbage collection).
 */
const parkedImages = new Map<string, Buffer>();

/** Holds an image for the next step's request (`;ref=<id>`) until `release`. */
export function parkHandoff(data: Buffer): { ref: string; release: () => void } {
  const ref = randomBytes(12).toString('hex');
  parkedImages.set(ref, data);
  return { ref, release: () => parkedImages.delete(ref) };
}

/** How many images are held (none once every pipeline has ended: tests check nothing is left). */
export const parkedCount = (): number => parkedImages.size;

/** Lets go of the intermediate a hand-off header value refers to, if any. */
export function releaseHandoff(value: string | undefined): void {
  const ref = value?.split(';').find((flag) => flag.startsWith('ref='));
  if (ref) parkedImages.delete(ref.slice('ref='.length));
}

/** The header value of a step's response that gives `data` as an intermediate (parked). */
export function giveHandoff(handoff: Handoff, data: Buffer): string {
  return `${formatHandoff(handoff)};ref=${parkHandoff(data).ref}`;
}

const store = new AsyncLocalStorage<HandoffRequest>();

const formats: readonly WriteFormat[] = ['jpeg', 'png', 'webp', 'avif', 'gif', 'tiff'];

export function formatHandoff(handoff: Handoff): string {
  return handoff.palette ? `${handoff.format};palette` : handoff.format;
}

function parseHandoff(value: string): HandoffRequest {
  const items = value.split(',').map((item) => item.trim());
  const bytes = Number(items.find((item) => item.startsWith('write='))?.slice('write='.length));
  const [format, ...flags] = items.find((item) => !item.startsWith('write='))?.split(';') ?? [];
  const known = formats.find((f) => f === format);
  const ref = flags.find((flag) => flag.startsWith('ref='))?.slice('ref='.length);
  return {
    write: bytes > 0 ? bytes : undefined,
    input: known ? { format: known, palette: flags.includes('palette') } : undefined,
    parked: (known || format === 'upload') && ref ? parkedImages.get(ref) : undefined,
  };
}

/** Runs an internal request's work with what its hand-off header asks for (`undefined`: nothing). */
export function withHandoff<T>(header: string | undefined, work: () => Promise<T>): Promise<T> {
  return header ? store.run(parseHandoff(header), work) : work();
}

/** The largest intermediate this step may give instead of encoding, if it is to give one. */
export const handoffLimit = (): number | undefined => store.getStore()?.write;

/** The intermediate held for this step, which stands in for its placeholder upload. */
export const parkedInput = (): Buffer | undefined => store.getStore()?.parked;

/** What the upload stands for, when it is an intermediate (TIFF) from the step before. */
export function handoffInput(detected: InputFormat): Handoff | undefined {
  return detected === 'tiff' ? store.getStore()?.input : undefined;
}
