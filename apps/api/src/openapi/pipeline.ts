import {
  describeKinds,
  documentedJsonSchema,
  inputKinds,
  type JsonSchema,
  type LiveTool,
  liveTools,
  maxPipelineSteps,
  outputKinds,
} from '@toolkit/catalog';
import { errorResponse } from './parts.js';

/*
 * POST /pipeline in the OpenAPI document: one operation whose steps are a oneOf keyed on `op`, one
 * branch per live operation (its own fields, from the catalog schema that validates them), each
 * saying what it takes and gives (media-kinds.ts).
 */

const binary = { type: 'string', format: 'binary' } as const;

const schemaName = (tool: LiveTool) =>
  `PipelineStep_${tool.id.replace(/-([a-z0-9])/g, (_, c: string) => c.toUpperCase())}`;

function stepSchema(tool: LiveTool): JsonSchema {
  const fields = documentedJsonSchema(tool.api.request, 'input');
  const op = tool.api.path.slice(1);
  return {
    ...fields,
    description: `${tool.title}: takes ${describeKinds(inputKinds(tool))}, gives ${describeKinds(outputKinds(tool))}.`,
    required: ['op', ...((fields.required as string[] | undefined) ?? [])],
    properties: { op: { type: 'string', const: op }, ...(fields.properties as object) },
  };
}

/** The step schemas, for components.schemas. */
export const pipelineSchemas: JsonSchema = Object.fromEntries(
  liveTools.map((tool) => [schemaName(tool), stepSchema(tool)]),
);

const steps = {
  type: 'array',
  minItems: 1,
  maxItems: maxPipelineSteps,
  items: {
    oneOf: liveTools.map((tool) => ({ $ref: `#/components/schemas/${schemaName(tool)}` })),
    discriminator: {
      propertyName: 'op',
      mapping: Object.fromEntries(
        liveTools.map((tool) => [tool.api.path.slice(1), `#/components/schemas/${schemaName(tool)}`]),
      ),
    },
  },
};

export const pipelineOpenApi: JsonSchema = {
  operationId: 'pipeline',
  summary: 'Pipeline',
  description:
    'Runs up to 10 operations one after the other, each on the result of the one before. The whole pipeline is checked first: a step that cannot take what the step before it gives is 400 PIPELINE_INVALID, naming the step and both kinds. The answer is the last step\'s, exactly as that operation gives it, with Server-Timing per step (step1;dur=…;desc="images/resize"); each step takes the result of the one before as its file, so the chain answers as the operations called one after the other would. The time limit is the sum of the steps\' (a larger sum than the server allows is 400 PIPELINE_INVALID; a run past it 503 TIMEOUT). Several files in `files` go through the same steps each: the answer is then a zip of the results and manifest.json (each input, its output name, status and error); one failing file does not fail the others. When step 1 is images/combine, the files are its input instead and the combined image goes on. Works with Prefer: respond-async.',
  tags: ['Service'],
  requestBody: {
    required: true,
    content: {
      'application/json': {
        schema: {
          type: 'object',
          required: ['steps', 'input'],
          properties: {
            steps,
            input: {
              type: 'object',
              required: ['text'],
              properties: { text: { type: 'string', description: "The first step's text." } },
            },
          },
        },
      },
      'multipart/form-data': {
        schema: {
          type: 'object',
          required: ['pipeline', 'files'],
          properties: {
            pipeline: { type: 'string', description: 'The pipeline as JSON: {"steps": […]}.' },
            files: { type: 'array', items: binary, minItems: 1 },
          },
        },
      },
    },
  },
  responses: {
    '200': {
      description: "The last step's answer (its media type and headers), or a zip for several files.",
      content: { '*/*': { schema: binary }, 'application/zip': { schema: binary } },
    },
    '400': errorResponse("PIPELINE_INVALID, VALIDATION_ERROR, or the failing step's error."),
    default: errorResponse("The failing step's error, the step named in its message."),
  },
};
