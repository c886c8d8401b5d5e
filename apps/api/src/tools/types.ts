import type { LiveToolId, resultKinds, ToolById } from '@toolkit/catalog';
import type { FastifyBaseLogger } from 'fastify';
import type { z } from 'zod';
import type { Config } from '../config.js';
import type { InputFile } from '../core/fields.js';
import type { ToolResult } from '../core/result.js';
import type { ImageLimits } from '../operations/image/limits.js';

type ApiOf<Id extends LiveToolId> = ToolById<Id>['api'];

/** The validated fields of a tool: the output type of its catalog request schema. */
export type FieldsOf<Id extends LiveToolId> =
  ApiOf<Id> extends { request: infer S extends z.ZodType } ? z.output<S> : never;

type FilesOf<Input> = Input extends { kind: 'file' }
  ? { file: InputFile }
  : Input extends { kind: 'files' }
    ? { files: InputFile[] }
    : { file: InputFile | undefined };

/** What a handler receives: typed fields plus the file(s) its input kind promises. */
export type HandlerInput<Id extends LiveToolId> = { fields: FieldsOf<Id> } & FilesOf<ApiOf<Id>['input']>;

export interface HandlerContext {
  config: Config;
  imageLimits: ImageLimits;
  log: FastifyBaseLogger;
  /**
   * Aborted when the deadline passes or the client goes away: work that can be stopped (a worker
   * task, a child process) stops then. The request's slots stay held until the work settles.
   */
  signal: AbortSignal;
  /** The request's Accept header (a tool that can answer in more than one media type reads it). */
  accept?: string | undefined;
}

/** The `data` of an analysis result: the output type of the tool's responseData schema, if it has one. */
type DataOf<Id extends LiveToolId> =
  ApiOf<Id> extends { responseData: infer S extends z.ZodType } ? z.output<S> : unknown;

/**
 * The result a tool's handler must return: the kind its catalog output promises (an 'image' tool a
 * `file`, a 'document' tool a `document`, an 'analysis' tool the JSON envelope with its typed data).
 */
export type ResultOf<Id extends LiveToolId> =
  Extract<ToolResult, { kind: (typeof resultKinds)[ApiOf<Id>['output']] }> extends infer R
    ? R extends { kind: 'analysis' }
      ? (Omit<R, 'data'> & { data: DataOf<Id> }) | PlainTextOf<Id>
      : R
    : never;

/** An analysis tool that documents text/plain among its media types may answer with the text itself. */
type PlainTextOf<Id extends LiveToolId> =
  ApiOf<Id> extends { mediaTypes: readonly (infer M)[] }
    ? 'text/plain' extends M
      ? Extract<ToolResult, { kind: 'document' }>
      : never
    : never;

/** Parse input → call the operation → describe the reply. */
export type ToolHandler<Id extends LiveToolId> = (
  input: HandlerInput<Id>,
  context: HandlerContext,
) => Promise<ResultOf<Id>>;

/** One handler per live tool: a live tool without a handler does not compile. */
export type HandlerTable = { [Id in LiveToolId]: ToolHandler<Id> };
