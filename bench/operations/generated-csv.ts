import { existsSync } from 'node:fs';
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { inputsDir } from './inputs.js';

/**
 * Two ~9 MB CSV shapes for CSV → JSON against Miller (issue 40), generated from a fixed seed so
 * that every run and every machine converts the same bytes: quoted fields holding the delimiter
 * and doubled quotes, and a table of numbers (integers, decimals, some that stay strings such as
 * "855014.80").
 */

const TARGET_BYTES = 9e6;
const WORDS = ['alpha', 'beta', 'gamma', 'delta', 'north', 'south', 'river', 'stone', 'quick', 'brown'];

/** A linear congruential generator: the same numbers for the same seed, everywhere. */
function seeded(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state * 1103515245 + 12345) % 2147483648;
    return state / 2147483648;
  };
}

async function generate(name: string, header: string, line: (row: number, next: () => number) => string) {
  const target = join(inputsDir, name);
  if (existsSync(target)) return target;
  await mkdir(inputsDir, { recursive: true });
  const next = seeded(name.length * 7919);
  const lines = [header];
  let size = header.length + 1;
  for (let row = 1; size < TARGET_BYTES; row++) {
    const text = line(row, next);
    lines.push(text);
    size += text.length + 1;
  }
  await writeFile(target, `${lines.join('\n')}\n`);
  return target;
}

const word = (next: () => number) => WORDS[Math.floor(next() * WORDS.length)] ?? '';

/** Every row: two quoted fields, one with a comma, one with doubled quotes. */
export const quotedCsv = () =>
  generate('generated-quoted-9mb.csv', 'id,name,comment,city,amount,date,active', (row, next) => {
    const name = `"${word(next)}, ${word(next)}"`;
    const comment = `"He said ""${word(next)} ${word(next)}"", then ${word(next)}"`;
    const amount = (next() * 10000).toFixed(2);
    const date = `2021-0${1 + Math.floor(next() * 9)}-1${Math.floor(next() * 9)}`;
    return `${row},${name},${comment},${word(next)},${amount},${date},${next() < 0.5}`;
  });

/** Nine columns of numbers, no quotes. */
export const numericCsv = () =>
  generate('generated-numeric-9mb.csv', 'id,a,b,c,d,e,f,g,h', (row, next) =>
    [
      row,
      Math.floor(next() * 100000),
      (next() * 1000).toFixed(3),
      -Math.floor(next() * 5000),
      next().toFixed(6),
      Math.floor(next() * 1e9),
      (next() * 100).toFixed(1),
      Math.floor(next() * 10),
      (next() * 1e6).toFixed(2),
    ].join(','),
  );
