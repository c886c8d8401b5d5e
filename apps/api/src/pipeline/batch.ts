import { buffer } from 'node:stream/consumers';
import type { Core } from '../core/core.js';
import type { InputFile } from '../core/fields.js';
import { downloadName, rawStem, resultExtension, type StoredResponse, storedResult } from '../core/result.js';
import { zipStream } from '../operations/files/compress/archive.js';
import { uniqueMemberNames } from '../operations/files/compress/names.js';
import type { Plan } from './plan.js';
import { type ChainOptions, runChain, StepFailed } from './run.js';

/*
 * A batch: every file through the same steps, one after the other (each step still queues in its
 * own lane); the results and manifest.json in one zip. A file that fails is named in the manifest
 * and does not fail the others.
 */

export interface ManifestEntry {
  input: string;
  output: string | null;
  status: 'succeeded' | 'failed';
  error: { step: number | null; code: string; message: string } | null;
}

/** The last step's operation name (download names: <stem>-<operation>.<ext>). */
export const lastOperation = (plan: Plan) => plan.steps.at(-1)?.op.split('/').pop() ?? 'result';

/** The result's download name (filename* first), else <stem>-<operation>.<ext>. */
function outputName(input: string, plan: Plan, response: StoredResponse, extension: string): string {
  const named = downloadName(response.headers['content-disposition']);
  if (named) return named;
  return `${rawStem(input) || 'file'}-${lastOperation(plan)}.${extension}`;
}

export async function batchZip(
  core: Core,
  plan: Plan,
  files: readonly InputFile[],
  options: ChainOptions,
): Promise<{ zip: Buffer; durations: number[] }> {
  const durations = plan.steps.map(() => 0);
  const results: { input: string; name?: string; data?: Buffer; error?: ManifestEntry['error'] }[] = [];
  for (const [i, file] of files.entries()) {
    const input = file.filename || `file-${i + 1}`;
    try {
      const chain = await runChain(core, plan, { file: { filename: input, data: file.data } }, options);
      chain.durations.forEach((ms, step) => {
        durations[step] = (durations[step] ?? 0) + ms;
      });
      const response = await storedResult(chain.result, {
        operation: lastOperation(plan),
        sourceName: chain.sourceName,
      });
      const name = outputName(input, plan, response, resultExtension(chain.result));
      results.push({ input, name, data: response.body });
    } catch (error) {
      if (!(error instanceof StepFailed)) throw error;
      results.push({ input, error: { step: error.step, code: error.code, message: error.message } });
    }
  }
  const done = results.filter((r) => r.data !== undefined);
  // manifest.json is taken first, so no result can be named that.
  const names = uniqueMemberNames(['manifest.json', ...done.map((r) => r.name ?? '')]).slice(1);
  const manifest: ManifestEntry[] = results.map((r) => ({
    input: r.input,
    output: r.data ? (names[done.indexOf(r)] ?? null) : null,
    status: r.data ? 'succeeded' : 'failed',
    error: r.error ?? null,
  }));
  const members = [
    {
      name: 'manifest.json',
      data: Buffer.from(
        `${JSON.stringify({ steps: plan.steps.map((s) => s.op), files: manifest }, null, 2)}\n`,
      ),
    },
    ...done.map((r, i) => ({ name: names[i] ?? `result-${i + 1}`, data: r.data ?? Buffer.alloc(0) })),
  ];
  const zip = await buffer(zipStream(members, { mtime: new Date() }));
  return { zip, durations };
}
