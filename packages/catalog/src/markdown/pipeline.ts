import type { ToolSpec } from '../define-tool.js';
import { liveTools } from '../index.js';
import { describeKinds, inputKinds, outputKinds } from '../media-kinds.js';
import { maxPipelineSteps, takesSeveral } from '../pipeline.js';
import { blocks, code, codeBlock, table } from './markdown.js';
import { markdownPath } from './tool-page.js';

/*
 * POST /api/v1/pipeline as agents read it (/docs/pipeline.md, llms.txt): the request, and which
 * operation can follow which, from the same media kinds the server checks a chain with.
 */

/** The pipeline builder's page; outside /docs/api, so the sidebar and search keep their 22 pages. */
export const pipelineDocsPath = '/docs/pipeline';

const example = JSON.stringify(
  {
    steps: [{ op: 'data/csv-to-json' }, { op: 'data/json-to-xml', root: 'rows' }],
    input: { text: 'name,qty\napple,3\n' },
  },
  null,
  2,
);

/** The pipeline page as Markdown (served at /docs/pipeline.md and included in llms-full.txt). */
export function pipelineMarkdown(): string {
  const rows = (liveTools as readonly ToolSpec[]).map((tool) => [
    code(tool.api.path.slice(1)),
    `[${tool.title}](${markdownPath(tool)})`,
    takesSeveral(tool) ? 'several files (first step only)' : describeKinds(inputKinds(tool)),
    describeKinds(outputKinds(tool)),
  ]);
  return blocks([
    '# Pipelines',
    `> Several operations in one request: each step's result is the next step's input, and the answer is the last step's, exactly as that operation answers, with ${code('Server-Timing')} per step.`,
    `${code('POST /api/v1/pipeline')} with ${code('steps')} (at most ${maxPipelineSteps}): each is ${code('op')}, an operation's path below, plus that operation's own fields, checked by its own rules with its defaults. Typed input goes in ${code('input.text')} of a JSON body:`,
    codeBlock('json', example),
    `A file goes as multipart: the same JSON (without ${code('input')}) in the field ${code('pipeline')}, the file in ${code('files')}. Several files go through the same steps each, and the answer is a zip of the results with ${code('manifest.json')} (each input, its output's name, its status and error); a failed file does not fail the others.`,
    codeBlock(
      'sh',
      `curl -X POST "$BASE/pipeline" \\\n  -F 'pipeline={"steps":[{"op":"images/resize","width":800},{"op":"images/convert","format":"webp"}]}' \\\n  -F 'files=@photo.jpg' --fail-with-body -o photo.webp`,
    ),
    '## What can follow what',
    `The chain is checked before any work: a step that cannot take what the step before gives is ${code('400 PIPELINE_INVALID')}, naming the step and both kinds. So is a chain whose steps' time limits add up to more than the server allows; that sum is the run's time limit. A failing step answers with its own error, the step named in the message. With ${code('Prefer: respond-async')} the pipeline runs as a job like any operation.`,
    table(['op', 'Operation', 'Takes', 'Gives'], rows),
  ]);
}
