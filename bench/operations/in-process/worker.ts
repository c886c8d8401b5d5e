/**
 * Child process for in-process cells: loads an adapter (a module whose default export runs one
 * operation on the input bytes) and runs it under the same closed-loop load HTTP gets. Prints one
 * JSON line with the load figures and a sample output.
 * Usage: node --import tsx worker.ts <adapter> <input> <concurrency> <warmupMs> <durationMs>
 */
import { readFile } from 'node:fs/promises';
import { pathToFileURL } from 'node:url';
import { runClosedLoop } from '../../lib/closed-loop.js';

const [adapter, input, concurrency, warmupMs, durationMs] = process.argv.slice(2);
if (!adapter || !input || !concurrency || !warmupMs || !durationMs) {
  throw new Error('Usage: worker.ts <adapter> <input> <concurrency> <warmupMs> <durationMs>');
}
const run = ((await import(pathToFileURL(adapter).href)) as { default: (input: Buffer) => Promise<Buffer> })
  .default;
const bytes = await readFile(input);
const result = await runClosedLoop(
  { concurrency: Number(concurrency), warmupMs: Number(warmupMs), durationMs: Number(durationMs) },
  async () => {
    await run(bytes);
  },
);
const sample = await run(bytes);
// Exit once the line is out: stdout is a pipe, and exiting before it drains would cut the line short.
process.stdout.write(`${JSON.stringify({ ...result, sampleBase64: sample.toString('base64') })}\n`, () =>
  process.exit(0),
);
