import { dialects, shellWord, valueLiteral } from './literals.js';
import { apiKeyVariable, baseVariable, type CodeLine, type SampleRequest, Writer } from './writer.js';

/** A file for -F: @name, in double quotes when the name holds what -F would read as its syntax. */
function fileWord(name: string): string {
  return /[;,"\\]/.test(name) ? `"${name.replace(/["\\]/g, '\\$&')}"` : name;
}

/** curl: files with -F, inline data as a JSON body, the result saved with -o (an analysis printed). */
export function curlSample(request: SampleRequest): CodeLine[] {
  const out = new Writer();
  const args: ((w: Writer) => void)[] = [];
  if (request.auth) args.push((w) => w.plain('-H ').str(`"Authorization: Bearer $${apiKeyVariable}"`));
  for (const [name, value] of Object.entries(request.headers ?? {})) {
    args.push((w) => w.plain('-H ').str(shellWord(`${name}: ${value}`)));
  }
  if (request.json) {
    const json = request.json;
    args.push((w) => w.plain('-H ').str(shellWord('Content-Type: application/json')));
    // A JSON body: text starting with < or @ stays text (a form field would read a file).
    const text = valueLiteral(json, dialects.json)
      .map((token) => token.text)
      .join('');
    args.push((w) => w.plain('--data-binary ').str(shellWord(text)));
  } else {
    for (const { field, name } of request.files ?? []) {
      args.push((w) => w.plain('-F ').str(shellWord(`${field}=@${fileWord(name)}`)));
    }
    for (const [name, text] of Object.entries(request.fields ?? {})) {
      // -F reads a file for a value starting with < or @ and takes ;type= after a semicolon.
      const option = /^[<@]|;/.test(text) ? '--form-string ' : '-F ';
      args.push((w) => w.plain(option).str(shellWord(`${name}=${text}`)));
    }
  }
  args.push((w) => {
    w.plain('--fail-with-body');
    if (request.output)
      w.plain(' -o ').str(/^[\w./-]+$/.test(request.output) ? request.output : shellWord(request.output));
  });
  const url =
    request.base === undefined
      ? `"$${baseVariable}${request.path}"`
      : shellWord(`${request.base}${request.path}`);
  out.fn('curl').plain(' -X POST ').str(url);
  for (const arg of args) {
    out.plain(' \\\n  ');
    arg(out);
  }
  return out.lines();
}
