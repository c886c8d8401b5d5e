import { type LiveTool, type LiveToolId, liveTools, toolReference } from '@toolkit/catalog';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../config.js';
import { ApiError } from '../errors.js';
import { limitsOf } from '../openapi/limits.js';
import type { ImageLimits } from '../operations/image/limits.js';
import type { Lane, Lanes } from '../runtime/lanes.js';
import type { HandlerInput, HandlerTable } from '../tools/types.js';
import { createAdmission, laneFor, laneSlot, underDeadline } from './admission.js';
import { type InputFile, missingFile, validateFields } from './fields.js';
import type { ToolResult } from './result.js';

/*
 * The execution core (DESIGN.md, "One execution core"): the one way an operation runs, whoever
 * asks — an HTTP route, a job (embedded or on a BullMQ worker), a pipeline step, an MCP call. It
 * validates the input, takes a slot of the tool's lane, runs the tool's handler there under its
 * deadline, and returns the result as a value. Nothing in it knows HTTP; nothing is shared between
 * calls but the lanes.
 */

/** A validated call: the tool, its fields as its schema produced them, its files. */
export interface Call {
  tool: LiveTool;
  fields: unknown;
  files: InputFile[];
}

/** Who asks, and what bounds the call besides the tool's own limits. */
export interface Caller {
  /** The client (address or key id), for each client's share of a lane. */
  client: string;
  log: FastifyBaseLogger;
  /** Aborted when the caller gives up (client gone, job cancelled): the work stops. */
  signal: AbortSignal;
  /** The Accept header a tool that answers in several media types reads. */
  accept?: string | undefined;
  /** The time the caller still has (a pipeline's remainder), when shorter than the tool's limit. */
  timeLeftMs?: number;
  /** A slot of the lane already taken (an HTTP request takes one before reading its body). */
  admitted?: { lane: Lane; release: () => void };
  /**
   * Wait for a slot however long the lane's queue (default: work already accepted, a job or a
   * pipeline's next step); false answers 503 OVERLOADED at once when it is full, as a request does.
   */
  wait?: boolean;
}

export interface Core {
  readonly config: Config;
  readonly lanes: Lanes;
  /** Validates an input (throws the contract's 400/422 naming the field or the missing file). */
  check(tool: LiveTool, fields: Record<string, unknown>, files: InputFile[]): Call;
  /** Runs a checked call in its lane under its deadline (503 TIMEOUT past it; the work stops). */
  run(call: Call, caller: Caller): Promise<ToolResult>;
  /** The tool's own time limit in milliseconds. */
  timeoutOf(tool: LiveTool): number;
  /** The largest file the tool takes, in bytes. */
  uploadLimitOf(tool: LiveTool): number;
}

export function imageLimitsOf(config: Config): ImageLimits {
  return {
    maxInputPixels: config.limits.maxInputPixels,
    maxImageSide: config.limits.maxImageSide,
    maxAvifPixels: config.limits.maxAvifPixels,
    timeoutMs: config.timeouts.requestMs,
  };
}

const mb = (bytes: number) => `${Math.round((bytes / 1024 / 1024) * 10) / 10} MB`;

/**
 * Files an input kind takes (one, several within its bounds, or with JSON-or-file at most one),
 * each within the tool's upload limit: what the HTTP route's form reader checks while reading, for
 * the ways in that hand the core bytes already read (a job, a pipeline's step, MCP).
 */
function checkFiles(tool: LiveTool, files: InputFile[], uploadBytes: number): void {
  const { input } = tool.api;
  const min = input.kind === 'files' ? input.min : input.kind === 'file' ? 1 : 0;
  if (input.kind !== 'json-or-file' && files.length < min) throw missingFile(input);
  const large = files.find((file) => file.data.length > uploadBytes);
  if (large) {
    throw new ApiError(
      'PAYLOAD_TOO_LARGE',
      `The file "${large.filename}" is larger than the ${mb(uploadBytes)} allowed.`,
    );
  }
  const total = files.reduce((sum, file) => sum + file.data.length, 0);
  const maxTotal = input.kind === 'files' && 'maxTotalBytes' in input ? input.maxTotalBytes : undefined;
  if (maxTotal !== undefined && total > maxTotal) {
    throw new ApiError(
      'PAYLOAD_TOO_LARGE',
      `The files add up to more than the ${mb(maxTotal)} allowed in all.`,
    );
  }
}

/** The input in the shape the tool's handler expects (the schema and checkFiles made it true). */
function handlerInput<Id extends LiveToolId>(call: Call): HandlerInput<Id> {
  const [file] = call.files;
  const shaped: unknown = { fields: call.fields, file, files: call.files };
  return shaped as HandlerInput<Id>;
}

/** An operation's name in download names: the last segment of its API path (`resize`). */
export function operationName(tool: LiveTool): string {
  return tool.api.path.split('/').pop() ?? tool.id;
}

const inputBytes = (call: Call) => call.files.reduce((sum, file) => sum + file.data.length, 0);

/**
 * The core of one server or worker process: its lanes and the handler of every live tool.
 *
 * @example const result = await core.run(core.check(getTool('word-counter'), { text: 'Hi' }, []), caller);
 */
export function createCore(config: Config, handlers: HandlerTable, lanes?: Lanes): Core {
  const own = lanes ?? createAdmission(config).lanes;
  const limits = limitsOf(config);
  const references = new Map(liveTools.map((tool) => [tool.id, toolReference(tool, limits)]));
  const imageLimits = imageLimitsOf(config);
  const timeoutOf = (tool: LiveTool) => references.get(tool.id)?.timeoutMs ?? config.timeouts.requestMs;
  const uploadOf = (tool: LiveTool) => references.get(tool.id)?.uploadLimitBytes ?? config.limits.uploadBytes;

  return {
    config,
    lanes: own,
    timeoutOf,
    uploadLimitOf: uploadOf,
    check(tool, fields, files) {
      const text = tool.api.input.kind === 'json-or-file' ? tool.api.input.textKey : undefined;
      const checked = validateFields(tool.api.request, fields, text);
      checkFiles(tool, files, uploadOf(tool));
      return { tool, fields: checked, files };
    },
    async run(call, caller) {
      const handler = handlers[call.tool.id] as (
        input: HandlerInput<LiveToolId>,
        context: Parameters<HandlerTable[LiveToolId]>[1],
      ) => Promise<unknown>;
      let admitted = caller.admitted;
      if (!admitted) {
        const lane = own[laneFor(call.tool, inputBytes(call), config)];
        admitted = { lane, release: await laneSlot(lane, caller.client, caller.signal, caller.wait ?? true) };
      }
      const { lane, release } = admitted;
      const ms = Math.min(timeoutOf(call.tool), caller.timeLeftMs ?? Number.POSITIVE_INFINITY);
      const result = await underDeadline(
        (signal) =>
          lane.run(signal, () =>
            handler(handlerInput(call), {
              config,
              imageLimits,
              log: caller.log,
              signal,
              accept: caller.accept,
            }),
          ),
        ms,
        caller.signal,
        [release],
      );
      return result as ToolResult;
    },
  };
}
