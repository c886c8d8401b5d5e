import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import type { FastifyInstance } from 'fastify';
import { findFfmpeg } from '../../src/operations/audio/ffmpeg.js';
import { extractPages, openPdf } from '../../src/operations/pdf/extract-text.js';
import { form } from './form.js';

const run = promisify(execFile);

export interface AudioFacts {
  codec: string;
  sampleRate: number;
  channels: number;
  /** Seconds, counted by decoding the whole file. */
  duration: number;
}

/** Reads audio back with ffmpeg itself, decoding it to the end for the true duration. */
export async function probeAudio(data: Buffer): Promise<AudioFacts> {
  const ffmpeg = await findFfmpeg({});
  const dir = await mkdtemp(join(tmpdir(), 'media-probe-'));
  try {
    const path = join(dir, 'audio');
    await writeFile(path, data);
    const { stderr, stdout } = await run(
      ffmpeg.path,
      ['-hide_banner', '-nostdin', '-i', path, '-f', 'null', '-progress', 'pipe:1', '-'],
      { maxBuffer: 16 * 1024 * 1024 },
    );
    const stream = /Stream #0:0\S*: Audio: (\w+)[^,]*, (\d+) Hz, (mono|stereo)/.exec(stderr);
    const time = [...stdout.matchAll(/^out_time=(\d+):(\d+):([\d.]+)$/gm)].pop();
    return {
      codec: stream?.[1] ?? '',
      sampleRate: Number(stream?.[2]),
      channels: stream?.[3] === 'mono' ? 1 : 2,
      duration: time ? Number(time[1]) * 3600 + Number(time[2]) * 60 + Number(time[3]) : Number.NaN,
    };
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/** The text of every page of a PDF, read with the server's own extractor (pdf.js). */
export async function pdfText(data: Buffer): Promise<{ pages: number; text: string }> {
  const doc = await openPdf(new Uint8Array(data));
  const pages = await extractPages(
    doc,
    Array.from({ length: doc.numPages }, (_, i) => i + 1),
  );
  return { pages: doc.numPages, text: pages.map((p) => p.text).join('\n') };
}

/** POSTs one file in `field` with text fields. */
export function postFile(
  app: FastifyInstance,
  path: string,
  field: string,
  file: { data: Buffer; filename: string; type?: string },
  fields: Record<string, string | number | boolean> = {},
  headers: Record<string, string> = {},
) {
  const body = form([
    { name: field, filename: file.filename, data: file.data, type: file.type ?? 'application/octet-stream' },
    ...Object.entries(fields).map(([name, value]) => ({ name, value: String(value) })),
  ]);
  return app.inject({
    method: 'POST',
    url: `/api/v1${path}`,
    payload: body.payload,
    headers: { ...body.headers, ...headers },
  });
}

export const squash = (text: string) => text.replace(/\s+/g, ' ').trim();
