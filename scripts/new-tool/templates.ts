import { type InputKind, resultKinds, type ToolSpec } from '@toolkit/catalog';

/*
 * The files `npm run new-tool` writes for a tool being made live. Each is a starting point that
 * compiles only once the real work exists (the operation module), so nothing half-made can pass.
 */

/** 'flip-image' -> 'flipImage'. */
export function camel(id: string): string {
  return id.replace(/-([a-z0-9])/g, (_, c: string) => c.toUpperCase());
}

/** 'flip-image' -> 'FlipImage'. */
export function pascal(id: string): string {
  const name = camel(id);
  return name.charAt(0).toUpperCase() + name.slice(1);
}

/** What the catalog entry gains: a request schema to fill with the fields of API.md, and an example. */
export function catalogAdditions(tool: ToolSpec): { imports: string[]; members: string } {
  const image = tool.api.output === 'image';
  const { input } = tool.api;
  const exampleFields =
    input.kind === 'json-or-file' ? `{ ${input.textKey}: 'A short sample input.' }` : '{}';
  return {
    imports: [
      "import { z } from 'zod';",
      ...(image ? ["import { imageOutputFields } from './_image-output.js';"] : []),
    ],
    members: [
      '    request: z.object({',
      '      // Every field of API.md with its default and rule (fields.ts: integer, decimal, boolean, oneOf…).',
      ...(image ? ['      ...imageOutputFields,'] : []),
      '    }),',
      '    // Run against the real server by apps/api/test/catalog-examples.test.ts; shown in the docs.',
      `    examples: [{ title: 'Describe what this example does', fields: ${exampleFields} }],`,
    ].join('\n'),
  };
}

function handlerInput(input: InputKind): string {
  return input.kind === 'files' ? '{ fields, files }' : '{ fields, file }';
}

/** The handler: parse → the operation → the result kind the tool's output promises. */
export function handlerFile(tool: ToolSpec): string {
  const name = camel(tool.id);
  const operation = `../../operations/${tool.group}/${tool.id}.js`;
  const kind = resultKinds[tool.api.output];
  const args = tool.api.input.kind === 'files' ? 'files, fields' : 'file, fields';
  const head = [`import { ${name} } from '${operation}';`, "import type { ToolHandler } from '../types.js';"];
  if (tool.api.output === 'image' && tool.group === 'image') {
    return [
      ...head,
      "import { imageReply } from './image-result.js';",
      '',
      `/** ${tool.api.method} ${tool.api.path} */`,
      `export const ${name}Handler: ToolHandler<'${tool.id}'> = async ({ fields, file }, { imageLimits }) => {`,
      `  const image = await ${name}(file.data, file.filename, fields, imageLimits);`,
      '  return imageReply(image, file.data.length);',
      '};',
      '',
    ].join('\n');
  }
  const result =
    kind === 'analysis'
      ? `{ kind: 'analysis', message: '${tool.title} done.', data: await ${name}(${args}) }`
      : kind === 'document'
        ? `{ kind: 'document', ...(await ${name}(${args})) }`
        : `{ kind: 'file', ...(await ${name}(${args})) }`;
  return [
    ...head,
    '',
    `/** ${tool.api.method} ${tool.api.path} */`,
    `export const ${name}Handler: ToolHandler<'${tool.id}'> = async (${handlerInput(tool.api.input)}) => (${result});`,
    '',
  ].join('\n');
}

/** The input area of a panel, by the tool's input kind (apps/web/ARCHITECTURE.md, "How to write a new panel"). */
const panelInputs = {
  file: {
    imports: [
      "import { UploadArea } from '../_shared/upload-area';",
      "import { useFileUpload } from '../_shared/use-file-upload';",
    ],
    hook: 'const upload = useFileUpload(tool.api.input, mutation.reset);',
    area: (purpose: string) => `<UploadArea upload={upload} hint={uploadHint('${purpose}')} />`,
    original: 'upload.file',
  },
  files: {
    imports: [
      "import { FilesUploadArea } from '../_shared/files-upload-area';",
      "import { useFilesUpload } from '../_shared/use-files-upload';",
    ],
    hook: 'const upload = useFilesUpload(tool.api.input, mutation.reset);',
    area: (purpose: string) => `<FilesUploadArea upload={upload} hint={uploadHint('${purpose}')} />`,
    original: 'null',
  },
  'json-or-file': {
    imports: [
      "import { TextOrFileInput } from '../_shared/text-or-file-input';",
      "import { useTextOrFile } from '../_shared/use-text-or-file';",
    ],
    hook: "const upload = useTextOrFile(tool.api.input, '', mutation.reset);",
    area: () => '<TextOrFileInput input={upload} />',
    original: 'null',
  },
} as const;

/** The result viewer of a panel, by the tool's output kind. */
const panelViewers = {
  image: { module: 'image-result', component: 'ImageResult' },
  archive: { module: 'file-result', component: 'FileResultCard' },
  audio: { module: 'audio-result', component: 'AudioResult' },
  pdf: { module: 'pdf-result', component: 'PdfResult' },
  document: { module: 'text-result', component: 'TextResult' },
  analysis: { module: 'analysis-result', component: 'AnalysisResult' },
} as const;

/** The try-it panel, on the shared panel frame of apps/web/app/tools/_shared. */
export function panelFile(tool: ToolSpec): string {
  const component = `${pascal(tool.id)}Panel`;
  const input = panelInputs[tool.api.input.kind];
  const viewer = panelViewers[tool.api.output];
  const operation = tool.api.path.split('/').pop() ?? tool.id;
  const result =
    tool.api.output === 'analysis'
      ? `<${viewer.component} data={mutation.data.data} />`
      : `<${viewer.component} result={mutation.data} original={${input.original}} operation="${operation}" />`;
  return `import { getTool } from '@toolkit/catalog';
import { useToolMutation } from '~/lib/use-tool-mutation';
import { FormCard, ToolPanel } from '../_shared/panel';
import { ${viewer.component} } from '../_shared/results/${viewer.module}';
${input.imports.join('\n')}
import { checkedSubmit, useSchemaForm } from '../_shared/use-schema-form';

const tool = getTool('${tool.id}');

const texts = {
  submit: '${tool.title}',
  submitting: 'Working…',
  failure: 'An error occurred while processing the input.',
} as const;

/** The ${tool.title} try-it panel: its input, one control per request field, and its result. */
export default function ${component}() {
  const mutation = useToolMutation(tool, { successMessage: '${tool.title} done.' });
  ${input.hook}
  const form = useSchemaForm(tool.api.request);

  const submit = checkedSubmit(form, upload.take, (input, fields) => mutation.mutate({ ...input, fields }));

  return (
    <ToolPanel endpoint={tool.api}>
      <FormCard label="${tool.title}" onSubmit={submit} texts={texts} mutation={mutation}>
        ${input.area(tool.title.toLowerCase())}
        {/* One control per request field: SelectField, NumberField, CheckboxField or TextField from ../_shared/schema-fields. */}
      </FormCard>
      {mutation.data && ${result}}
    </ToolPanel>
  );
}
`;
}

/** The tool's own HTTP tests: what the shared catalog-driven tests cannot know. */
export function apiTestFile(tool: ToolSpec): string {
  return `import { describe, it } from 'vitest';

// ${tool.title}: the shared bad inputs and the catalog examples already run for every live tool
// (catalog-bad-input.test.ts, catalog-examples.test.ts). Here: this tool's own behaviour, checked on
// decoded results, and its own failures with their exact codes and messages.
describe('${tool.api.method} /api/v1${tool.api.path}', () => {
  it.todo('gives the documented result for each field of API.md (decode it and check)');
  it.todo('refuses what API.md says it refuses, with the exact code and message');
});
`;
}

/** The tool's browser test: its panel driven end to end against the running product. */
export function e2eTestFile(tool: ToolSpec): string {
  return `import { test } from '../support/test.js';

// ${tool.title}: the page, panel and API reference are checked for every live tool by
// catalog-tools.spec.ts. Here: this panel end to end, as a person uses it.
test.describe('${tool.path}', () => {
  test.fixme('fills the fields, submits, and the downloaded result is right', async () => {});
});
`;
}
