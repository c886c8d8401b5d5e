import { existsSync } from 'node:fs';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import sharp from 'sharp';
import { resultsDir } from '../lib/paths.js';
import { settings } from './settings.js';

/** The upload limit of API.md; the big input must stay under it, multipart framing included. */
const uploadLimitBytes = 10 * 1024 * 1024;

export interface BenchInput {
  path: string;
  bytes: Buffer;
  /** Display size after EXIF orientation, which the output's aspect ratio follows. */
  width: number;
  height: number;
}

async function describe(path: string): Promise<BenchInput> {
  const bytes = await readFile(path);
  const meta = await sharp(bytes).metadata();
  const turned = (meta.orientation ?? 1) >= 5;
  const width = (turned ? meta.height : meta.width) ?? 0;
  const height = (turned ? meta.width : meta.height) ?? 0;
  return { path, bytes, width, height };
}

/** The 3840×2160 photo of the corpus, as committed. */
export function photoInput(): Promise<BenchInput> {
  return describe(settings.photo);
}

/**
 * The same photo re-encoded at quality 99 without chroma subsampling (its EXIF kept), ~9.3 MB: a
 * realistic near-limit upload for the memory target. Made once and kept in bench/results/.
 */
export async function bigPhotoInput(): Promise<BenchInput> {
  const path = join(resultsDir, 'inputs', 'photo_elephants_3840x2160_q99.jpg');
  if (!existsSync(path)) {
    await mkdir(join(resultsDir, 'inputs'), { recursive: true });
    const bytes = await sharp(settings.photo)
      .keepExif()
      .jpeg({ quality: 99, chromaSubsampling: '4:4:4' })
      .toBuffer();
    await writeFile(path, bytes);
  }
  const input = await describe(path);
  if (input.bytes.length > uploadLimitBytes - 64 * 1024) {
    throw new Error(`${path} is ${input.bytes.length} bytes: too close to the 10 MB upload limit.`);
  }
  return input;
}
