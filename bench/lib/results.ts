import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { resultsDir, resultsMarkdown } from './paths.js';

/** Writes raw results as JSON under bench/results/ (git-ignored): a timestamped copy and `<name>-latest.json`. */
export async function writeRawResults(name: string, data: unknown): Promise<string> {
  await mkdir(resultsDir, { recursive: true });
  const stamp = new Date()
    .toISOString()
    .replaceAll(':', '-')
    .replace(/\.\d+Z$/, 'Z');
  const json = `${JSON.stringify(data, null, 2)}\n`;
  const path = join(resultsDir, `${name}-${stamp}.json`);
  await writeFile(path, json);
  await writeFile(join(resultsDir, `${name}-latest.json`), json);
  return path;
}

const header = `# Benchmark results

Written by \`npm run bench\` and \`npm run bench:web\`; each rewrites only its own section below.
See README.md for how to run them and how to read the figures.
`;

/**
 * Replaces one section of bench/RESULTS.md (between its start and end markers), keeping the other
 * benchmark's section as it was, so the two scripts can run in any order.
 */
export async function writeResultsSection(section: string, markdown: string): Promise<void> {
  const start = `<!-- ${section}:start -->`;
  const end = `<!-- ${section}:end -->`;
  let current = header;
  try {
    current = await readFile(resultsMarkdown, 'utf8');
  } catch {
    // First run: start from the header.
  }
  const block = `${start}\n${markdown.trim()}\n${end}`;
  const from = current.indexOf(start);
  const to = current.indexOf(end);
  const next =
    from !== -1 && to > from
      ? `${current.slice(0, from)}${block}${current.slice(to + end.length)}`
      : `${current.trimEnd()}\n\n${block}\n`;
  // Written as generated: Biome, the project's formatter, does not read Markdown.
  await writeFile(resultsMarkdown, next);
}
