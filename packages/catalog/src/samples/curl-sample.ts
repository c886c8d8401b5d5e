import type { ToolExample, ToolSpec } from '../define-tool.js';
import { dialects, shellWord, valueLiteral } from './literals.js';
import { exampleInputs, exampleOutput } from './sample-inputs.js';
import {
  apiKeyVariable,
  baseVariable,
  type CodeLine,
  exampleBody,
  formText,
  type SampleOptions,
  sendsJson,
  Writer,
} from './writer.js';

/** curl: files with -F, inline data as a JSON body, the result saved with -o (an analysis printed). */
export function curlSample(tool: ToolSpec, example: ToolExample, options: SampleOptions = {}): CodeLine[] {
  const out = new Writer();
  const output = exampleOutput(tool, example);
  const args: ((w: Writer) => void)[] = [];
  if (options.auth) args.push((w) => w.plain('-H ').str(`"Authorization: Bearer $${apiKeyVariable}"`));
  if (sendsJson(tool, example)) {
    args.push((w) => w.plain('-H ').str(shellWord('Content-Type: application/json')));
    // A JSON body: text starting with < or @ stays text (a form field would read a file).
    const json = valueLiteral(exampleBody(tool, example), dialects.json);
    const text = json.map((token) => token.text).join('');
    args.push((w) => w.plain('--data-binary ').str(shellWord(text)));
  } else {
    for (const name of exampleInputs(tool, example)) {
      args.push((w) => w.plain('-F ').str(shellWord(`${tool.api.input.field}=@${name}`)));
    }
    for (const [name, value] of Object.entries(example.fields)) {
      const text = formText(value);
      // -F reads a file for a value starting with < or @ and takes ;type= after a semicolon.
      const option = /^[<@]|;/.test(text) ? '--form-string ' : '-F ';
      args.push((w) => w.plain(option).str(shellWord(`${name}=${text}`)));
    }
  }
  args.push((w) => {
    w.plain('--fail-with-body');
    if (output) w.plain(' -o ').str(output);
  });
  out.fn('curl').plain(' -X POST ').str(`"$${baseVariable}${tool.api.path}"`);
  for (const arg of args) {
    out.plain(' \\\n  ');
    arg(out);
  }
  return out.lines();
}
