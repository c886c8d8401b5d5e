import sharp, { type OutputInfo, type Sharp } from 'sharp';
import { median } from '../lib/stats.js';

/*
 * What a hand-off between two image steps costs in each candidate container, in-process: the first
 * step's picture (the photo turned 90°, full size: the largest intermediate) written, then read
 * back and written as WebP by the next step. The server hands off uncompressed TIFF
 * (apps/api/src/operations/image/handoff.ts).
 */

interface Candidate {
  name: string;
  write: (image: Sharp) => Sharp;
  read: (data: Buffer, info: OutputInfo) => Sharp;
}

const fromFile = (data: Buffer) => sharp(data);

const candidates: Candidate[] = [
  { name: 'JPEG q85 (two calls)', write: (i) => i.jpeg({ quality: 85 }), read: fromFile },
  {
    name: 'PNG level 0',
    write: (i) => i.png({ compressionLevel: 0, adaptiveFiltering: false }),
    read: fromFile,
  },
  { name: 'TIFF uncompressed', write: (i) => i.tiff({ compression: 'none' }), read: fromFile },
  {
    name: 'raw pixels',
    write: (i) => i.raw(),
    read: (data, info) =>
      sharp(data, { raw: { width: info.width, height: info.height, channels: info.channels } }),
  },
];

/** Median ms of write + read back + WebP per candidate, over `runs` interleaved runs. */
export async function handoffCosts(photo: Buffer, runs = 5): Promise<{ name: string; ms: number }[]> {
  const times = new Map<string, number[]>(candidates.map((c) => [c.name, []]));
  for (let run = 0; run < runs; run++) {
    for (const candidate of candidates) {
      const start = performance.now();
      const turned = sharp(photo).autoOrient().rotate(90);
      const { data, info } = await candidate.write(turned).toBuffer({ resolveWithObject: true });
      await candidate.read(data, info).metadata();
      await candidate.read(data, info).webp({ quality: 80 }).toBuffer();
      times.get(candidate.name)?.push(performance.now() - start);
    }
  }
  return candidates.map((c) => ({ name: c.name, ms: median(times.get(c.name) ?? []) }));
}
