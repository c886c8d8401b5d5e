import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

/** The repository's corpus (fixtures/corpus), from this file. */
export const corpus = (path: string) =>
  readFileSync(fileURLToPath(new URL(`../../../../../fixtures/corpus/${path}`, import.meta.url)));

/**
 * Text of a PDF as poppler's pdftotext reads it, the independent reference. poppler-utils must be
 * installed (apt-get install poppler-utils); without it these tests fail rather than pass blindly.
 */
export function pdftotext(pdf: Uint8Array | string, args: string[] = []): string {
  const input = typeof pdf === 'string' ? pdf : '-';
  return execFileSync('pdftotext', ['-enc', 'UTF-8', ...args, input, '-'], {
    input: typeof pdf === 'string' ? undefined : pdf,
    maxBuffer: 256 * 1024 * 1024,
  }).toString('utf8');
}

/** Words (whitespace-separated, NFKC) of a text. */
export const words = (text: string) => text.normalize('NFKC').split(/\s+/).filter(Boolean);

/** Share of the reference's words (with repeats) that the candidate also has. */
export function wordAgreement(candidate: string, reference: string): number {
  const bag = new Map<string, number>();
  const ref = words(reference);
  for (const word of ref) bag.set(word, (bag.get(word) ?? 0) + 1);
  let common = 0;
  for (const word of words(candidate)) {
    const left = bag.get(word) ?? 0;
    if (left > 0) {
      common++;
      bag.set(word, left - 1);
    }
  }
  return ref.length === 0 ? 1 : common / ref.length;
}

/** Whitespace aside: every run of whitespace one space, none at the ends. */
export const squash = (text: string) => text.replace(/\s+/g, ' ').trim();
