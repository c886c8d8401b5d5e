import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

/** The files the docs' code samples upload, as the website serves them under /samples/. */
export const sampleFilesDir = fileURLToPath(new URL('../../../web/public/samples/', import.meta.url));

/** A sample file's bytes, e.g. sampleFileData('photo.jpg'). */
export function sampleFileData(name: string): Buffer {
  return readFileSync(`${sampleFilesDir}${name}`);
}
