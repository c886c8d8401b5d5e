import { getTool, type LiveTool } from '@toolkit/catalog';
import type { FastifyBaseLogger } from 'fastify';
import { type Core, operationName } from '../core/core.js';
import { parseJsonBody } from '../core/fields.js';
import { storedError, storedResult } from '../core/result.js';
import { checkPipeline, runPipeline } from '../pipeline/execute.js';
import type { Execute, JobInput } from './types.js';

/*
 * A job runs through the execution core, as its synchronous route would have run it: the same
 * validation, lane, limits and time limit, and its stored answer is what that call would have
 * answered (the contract's JSON error included).
 */

/** Who a job's work counts as in the lanes' per-client shares. */
const jobsClient = 'jobs';

export function createExecutor(core: Core, log: FastifyBaseLogger): Execute {
  const retryAfter = core.config.loadShedding.retryAfterSeconds;
  const run = async (input: JobInput, signal: AbortSignal) => {
    const caller = { client: jobsClient, log, signal, accept: input.accept };
    if (input.kind === 'pipeline') {
      const plan = checkPipeline(core.config, input.document, input.files);
      return runPipeline(core, plan, input.files, caller);
    }
    const tool = getTool(input.tool) as LiveTool;
    const fields = input.json === undefined ? input.fields : parseJsonBody(input.json);
    const result = await core.run(core.check(tool, fields, input.files), caller);
    return storedResult(result, { operation: operationName(tool), sourceName: input.files[0]?.filename });
  };
  return async (input, signal) => {
    try {
      return await run(input, signal);
    } catch (error) {
      return storedError(error, retryAfter);
    }
  };
}
