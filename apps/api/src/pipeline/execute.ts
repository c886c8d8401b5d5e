import { imageHeaders, liveTools, toolReference } from '@toolkit/catalog';
import type { Config } from '../config.js';
import type { Core } from '../core/core.js';
import type { InputFile } from '../core/fields.js';
import { type StoredResponse, storedResult } from '../core/result.js';
import { limitsOf } from '../openapi/limits.js';
import { batchZip, lastOperation } from './batch.js';
import { type PipelineLimits, type Plan, planPipeline } from './plan.js';
import { type ChainOptions, runChain } from './run.js';

/*
 * A pipeline document and its files, run: checked as a whole, then one input through the steps
 * (answering as the last step does) or each file through them (a zip with manifest.json). The HTTP
 * route and the jobs engine both call this.
 */

/** The limits a plan is checked against: each operation's own, and the pipeline's time limit. */
export function pipelineLimits(config: Config): PipelineLimits {
  const stepLimits = limitsOf(config);
  const byTool = new Map(
    liveTools.map((t) => {
      const { timeoutMs, uploadLimitBytes } = toolReference(t, stepLimits);
      return [t.id, { timeoutMs, uploadBytes: uploadLimitBytes }];
    }),
  );
  const largest = Math.max(...[...byTool.values()].map((l) => l.uploadBytes));
  return {
    step: (tool) => byTool.get(tool.id) ?? { timeoutMs: config.timeouts.requestMs, uploadBytes: largest },
    maxTimeoutMs: config.timeouts.pipelineMs,
  };
}

/** `step1;dur=12.3;desc="images/resize", step2;dur=…;desc="images/convert"` */
export function stepTimings(plan: Plan, durations: readonly number[]): string {
  return plan.steps
    .map((step, i) => `step${i + 1};dur=${(durations[i] ?? 0).toFixed(1)};desc="${step.op}"`)
    .join(', ');
}

/** Checks a pipeline before any work (400 PIPELINE_INVALID and the like, naming the step). */
export function checkPipeline(config: Config, document: unknown, files: readonly InputFile[]): Plan {
  return planPipeline(document, files.length, pipelineLimits(config));
}

/**
 * Runs a checked pipeline: the answer as stored (a job's) or sent (the route's), with its
 * Server-Timing per step. The last step's X-Original-Size is the pipeline's input's.
 */
export async function runPipeline(
  core: Core,
  plan: Plan,
  files: InputFile[],
  options: ChainOptions,
): Promise<StoredResponse> {
  if (files.length > 1 && !plan.together) {
    const batch = await batchZip(core, plan, files, options);
    return {
      status: 200,
      headers: {
        'content-type': 'application/zip',
        'content-disposition': 'attachment; filename="pipeline-results.zip"',
        'cache-control': 'no-store',
        'server-timing': stepTimings(plan, batch.durations),
      },
      body: batch.zip,
    };
  }
  const [file] = files;
  const first = plan.together ? { files } : file ? { file } : { text: plan.text ?? '' };
  const { result, sourceName, durations } = await runChain(core, plan, first, options);
  const stored = await storedResult(result, { operation: lastOperation(plan), sourceName });
  const original = imageHeaders.originalSize.name.toLowerCase();
  if (original in stored.headers) {
    stored.headers[original] = String(files.reduce((total, f) => total + f.data.length, 0));
  }
  stored.headers['server-timing'] = stepTimings(plan, durations);
  return stored;
}
