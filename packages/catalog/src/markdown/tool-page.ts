import { uploadPrecedence } from '../define-tool.js';
import { apiUrlPath, type ToolSpec } from '../index.js';
import { allowedValues, type FieldDoc, requestFields, responseDoc } from '../reference/field-docs.js';
import { toolReference } from '../reference/index.js';
import { codeSamples, toolExamples } from '../samples/code-samples.js';
import { exampleInputs, samplesPath } from '../samples/sample-inputs.js';
import { baseVariable } from '../samples/writer.js';
import { blocks, code, codeBlock, table } from './markdown.js';

/*
 * One docs page as Markdown, for agents and for people who paste docs into one: the same facts as the
 * page's API reference (fields, response, headers, errors, curl sample), from the same catalog functions.
 */

/** Where a page's Markdown copy is served: the page's path plus `.md` (`/docs/api` → `/docs/api.md`). */
export const markdownPath = (page: { path: string }) => `${page.path}.md`;

/** The column heads of a field table; tests read tables back by them. */
export const fieldColumns = ['Field', 'Type', 'Required', 'Default', 'Allowed', 'Description'] as const;

/** A default as a JSON literal, so `""`, `"1"` and `1` stay distinct. */
const defaultText = (value: FieldDoc['defaultValue']) =>
  value === undefined ? '' : code(JSON.stringify(value));

export function fieldTable(fields: readonly FieldDoc[]): string {
  return table(
    fieldColumns,
    fields.map((field) => [
      code(field.name),
      field.type,
      field.required ? 'yes' : 'no',
      defaultText(field.defaultValue),
      allowedValues(field).map(code).join(', '),
      field.description,
    ]),
  );
}

function mediaTypesText(types: readonly string[]): string {
  if (types.length === 0) return 'the result’s own media type';
  const coded = types.map(code);
  return coded.length === 1 ? (coded[0] as string) : `${coded.slice(0, -1).join(', ')} or ${coded.at(-1)}`;
}

/** The request's body in a sentence: only the media types and field names are code. */
function bodySentence(tool: ToolSpec): string {
  const byUrl = `or name the file by its address in the field ${code('url')} instead of uploading it`;
  return tool.api.input.kind === 'json-or-file'
    ? `Send an ${code('application/json')} body, or ${code('multipart/form-data')} with a file (${byUrl}).`
    : `Send a ${code('multipart/form-data')} body (${byUrl}).`;
}

function requestPart(tool: ToolSpec): string {
  const precedence = tool.api.input.kind === 'json-or-file' ? ` ${uploadPrecedence}` : '';
  return blocks([
    '## Request',
    `${bodySentence(tool)} Empty fields are the same as leaving them out: the default applies.${precedence}`,
    fieldTable(requestFields(tool)),
  ]).trimEnd();
}

function responsePart(tool: ToolSpec): string {
  const response = responseDoc(tool);
  return blocks([
    '## Response',
    `${code('200 OK')} · ${mediaTypesText(response.mediaTypes)}. ${response.description}`,
    response.dataFields.length > 0 &&
      `The body is ${code('{"success": true, "message": "…", "data": {…}}')} where ${code('data')} holds:`,
    response.dataFields.length > 0 && fieldTable(response.dataFields),
    table(
      ['Header', 'Meaning'],
      response.headers.map((header) => [code(header.name), header.description]),
    ),
  ]).trimEnd();
}

function errorsPart(tool: ToolSpec): string {
  return blocks([
    '## Errors',
    `Every error is JSON with its status: ${code('{"success": false, "message": "…", "code": "…"}')}, plus ${code('details')} (one entry per field) for validation errors. The message is a sentence you can show to people.`,
    table(
      ['Status', 'Code', 'When'],
      toolReference(tool).errors.map((error) => [String(error.status), code(error.code), error.when]),
    ),
  ]).trimEnd();
}

function examplesPart(tool: ToolSpec): string {
  const parts = toolExamples(tool).flatMap((example) => {
    const curl = codeSamples(tool, example).find((sample) => sample.language === 'curl');
    const inputs = exampleInputs(tool, example);
    return [
      `### ${example.title}`,
      inputs.length > 0 &&
        `Input: ${inputs.map((name) => `[${name}](${samplesPath}/${name})`).join(', ')}, downloaded into the current folder.`,
      curl && codeBlock('sh', curl.text),
    ];
  });
  return blocks([
    '## Example',
    `${code(baseVariable)} is the API's base URL: the site's address followed by ${code('/api/v1')}, e.g. ${code(`export ${baseVariable}=https://example.com/api/v1`)}.`,
    ...parts,
  ]).trimEnd();
}

/** The Markdown of one live tool's docs page. */
export function toolMarkdown(tool: ToolSpec): string {
  return blocks([
    `# ${tool.title}`,
    `> ${tool.description}`,
    `${code(`${tool.api.method} ${apiUrlPath(tool)}`)}`,
    requestPart(tool),
    responsePart(tool),
    errorsPart(tool),
    examplesPart(tool),
  ]);
}
