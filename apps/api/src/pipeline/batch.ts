import { buffer } from 'node:stream/consumers';
import type { UploadedFile } from '../http/multipart.js';
import { downloadName, rawStem } from '../http/result.js';
import type { Execute, StoredResponse } from '../jobs/types.js';
import { zipStream } from '../operations/files/compress/archive.js';
import { uniqueMemberNames } from '../operations/files/compress/names.js';
import type { Plan } from './plan.js';
import { resultExtension, runChain, StepFailed } from './run.js';

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

/** The result's download name (filename* first), else <stem>-<operation>.<ext>. */
function outputName(input: string, plan: Plan, response: StoredResponse): string {
  const named = downloadName(response.headers['content-disposition']);
  if (named) return named;
  const operation = plan.steps.at(-1)?.op.split('/').pop() ?? 'result';
  return `${rawStem(input) || 'file'}-${operation}.${resultExtension(response)}`;
}

export async function batchZip(
  execute: Execute,
  plan: Plan,
  files: readonly UploadedFile[],
  options: { accept: string | undefined; requestId: string; signal: AbortSignal },
): Promise<{ zip: Buffer; durations: number[]; intermediate: boolean[] }> {
  const durations = plan.steps.map(() => 0);
  // A step is marked as handing on an intermediate when it did so for every file that got through.
  let intermediate: boolean[] | undefined;
  const results: { input: string; name?: string; data?: Buffer; error?: ManifestEntry['error'] }[] = [];
  for (const [i, file] of files.entries()) {
    const input = file.filename || `file-${i + 1}`;
    try {
      const chain = await runChain(
        execute,
        plan,
        { file: { name: input, data: file.data } },
        {
          ...options,
          requestId: `${options.requestId}-file${i + 1}`,
        },
      );
      chain.durations.forEach((ms, step) => {
        durations[step] = (durations[step] ?? 0) + ms;
      });
      intermediate = chain.intermediate.map((flag, step) => flag && (intermediate?.[step] ?? true));
      results.push({ input, name: outputName(input, plan, chain.response), data: chain.response.body });
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
  return { zip, durations, intermediate: intermediate ?? [] };
}
