import type { ToolExample, ToolSpec } from '../define-tool.js';
import { dialects, stringLiteral, valueLiteral } from './literals.js';
import { exampleInputs, exampleOutput } from './sample-inputs.js';
import {
  apiKeyVariable,
  baseVariable,
  type CodeLine,
  exampleBody,
  formText,
  type SampleOptions,
  Writer,
} from './writer.js';

/** `Authorization: \`Bearer ${process.env.TOOLKIT_API_KEY}\`` */
function authHeader(out: Writer): Writer {
  return out.str("'Authorization'").plain(': ').str(`\`Bearer \${process.env.${apiKeyVariable}}\``);
}

/** JavaScript for Node 20 or later (an ES module): read the files, fetch, save or print the result. */
export function javascriptSample(
  tool: ToolSpec,
  example: ToolExample,
  options: SampleOptions = {},
): CodeLine[] {
  const out = new Writer();
  const output = exampleOutput(tool, example);
  const inputs = exampleInputs(tool, example);
  const imports = [...(inputs.length > 0 ? ['readFile'] : []), ...(output ? ['writeFile'] : [])];
  out.comment('// Node 20 or later: save as sample.mjs, then run: node sample.mjs').plain('\n');
  if (imports.length > 0) {
    out
      .keyword('import')
      .plain(` { ${imports.join(', ')} } `)
      .keyword('from')
      .plain(' ')
      .str("'node:fs/promises'")
      .plain(';\n');
  }
  out.plain('\n');
  if (inputs.length > 0) {
    out.keyword('const').plain(' form = ').keyword('new').plain(' ').fn('FormData').plain('();\n');
    for (const name of inputs) {
      out
        .plain('form.')
        .fn('append')
        .plain('(')
        .str(stringLiteral(tool.api.input.field))
        .plain(', ')
        .keyword('new')
        .plain(' ')
        .fn('Blob')
        .plain('([')
        .keyword('await')
        .plain(' ')
        .fn('readFile')
        .plain('(')
        .str(stringLiteral(name))
        .plain(')]), ')
        .str(stringLiteral(name))
        .plain(');\n');
    }
    for (const [name, value] of Object.entries(example.fields)) {
      out
        .plain('form.')
        .fn('append')
        .plain('(')
        .str(stringLiteral(name))
        .plain(', ')
        .str(stringLiteral(formText(value)))
        .plain(');\n');
    }
    out.plain('\n');
  }
  out
    .keyword('const')
    .plain(' response = ')
    .keyword('await')
    .plain(' ')
    .fn('fetch')
    .plain('(')
    .str(`\`\${process.env.${baseVariable}}${tool.api.path}\``)
    .plain(', {\n  ')
    .prop('method')
    .plain(': ')
    .str("'POST'")
    .plain(',\n  ');
  if (inputs.length > 0) {
    if (options.auth) authHeader(out.prop('headers').plain(': { ')).plain(' },\n  ');
    out.prop('body').plain(': form,\n');
  } else {
    out.prop('headers').plain(': { ');
    if (options.auth) authHeader(out).plain(', ');
    out
      .str("'Content-Type'")
      .plain(': ')
      .str("'application/json'")
      .plain(' },\n  ')
      .prop('body')
      .plain(': JSON.')
      .fn('stringify')
      .plain('(')
      .all(valueLiteral(exampleBody(tool, example), dialects.javascript, 1))
      .plain('),\n');
  }
  out
    .plain('});\n')
    .keyword('if')
    .plain(' (!response.ok) ')
    .keyword('throw')
    .plain(' ')
    .keyword('new')
    .plain(' ')
    .fn('Error')
    .plain('((')
    .keyword('await')
    .plain(' response.')
    .fn('json')
    .plain('()).message);\n');
  if (output) {
    out
      .keyword('await')
      .plain(' ')
      .fn('writeFile')
      .plain('(')
      .str(stringLiteral(output))
      .plain(', Buffer.')
      .fn('from')
      .plain('(')
      .keyword('await')
      .plain(' response.')
      .fn('arrayBuffer')
      .plain('()));');
  } else {
    out
      .keyword('const')
      .plain(' { data } = ')
      .keyword('await')
      .plain(' response.')
      .fn('json')
      .plain('();\n')
      .plain('console.')
      .fn('log')
      .plain('(JSON.')
      .fn('stringify')
      .plain('(data, ')
      .keyword('null')
      .plain(', ')
      .add('number', '2')
      .plain('));');
  }
  return out.lines();
}
