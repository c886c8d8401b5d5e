import { dialects, stringLiteral, valueLiteral } from './literals.js';
import { apiKeyVariable, baseVariable, type CodeLine, type SampleRequest, Writer } from './writer.js';

/**
 * The headers object's members, ', ' between: `'Authorization': \`Bearer ${process.env.TOOLKIT_API_KEY}\``
 * first, then the others, then Content-Type for a JSON body.
 */
function headerMembers(out: Writer, request: SampleRequest): Writer {
  const members: [string, string][] = [];
  if (request.auth) members.push(["'Authorization'", `\`Bearer \${process.env.${apiKeyVariable}}\``]);
  for (const [name, value] of Object.entries(request.headers ?? {})) {
    members.push([stringLiteral(name), stringLiteral(value)]);
  }
  if (request.json) members.push(["'Content-Type'", "'application/json'"]);
  members.forEach(([name, value], index) => {
    if (index > 0) out.plain(', ');
    out.str(name).plain(': ').str(value);
  });
  return out;
}

/** JavaScript for Node 20 or later (an ES module): read the files, fetch, save or print the result. */
export function javascriptSample(request: SampleRequest): CodeLine[] {
  const out = new Writer();
  const { output } = request;
  const inputs = request.json ? [] : (request.files ?? []);
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
  if (!request.json) {
    out.keyword('const').plain(' form = ').keyword('new').plain(' ').fn('FormData').plain('();\n');
    for (const { field, name } of inputs) {
      out
        .plain('form.')
        .fn('append')
        .plain('(')
        .str(stringLiteral(field))
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
    for (const [name, value] of Object.entries(request.fields ?? {})) {
      out
        .plain('form.')
        .fn('append')
        .plain('(')
        .str(stringLiteral(name))
        .plain(', ')
        .str(stringLiteral(value))
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
    .str(
      request.base === undefined
        ? `\`\${process.env.${baseVariable}}${request.path}\``
        : stringLiteral(`${request.base}${request.path}`),
    )
    .plain(', {\n  ')
    .prop('method')
    .plain(': ')
    .str("'POST'")
    .plain(',\n  ');
  if (request.json || request.auth || Object.keys(request.headers ?? {}).length > 0) {
    headerMembers(out.prop('headers').plain(': { '), request).plain(' },\n  ');
  }
  if (!request.json) {
    out.prop('body').plain(': form,\n');
  } else {
    out
      .prop('body')
      .plain(': JSON.')
      .fn('stringify')
      .plain('(')
      .all(valueLiteral(request.json, dialects.javascript, 1))
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
