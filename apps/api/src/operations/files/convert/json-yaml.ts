import { parseAllDocuments, parseDocument, Scalar, visit } from 'yaml';
import { OperationError } from '../../errors.js';

/*
 * JSON ↔ YAML without changing any value: integers beyond 2^53 keep every digit both ways, "1.0"
 * stays 1.0, and YAML is written with YAML 1.1 quoting so that yes/no/on/off, dates and
 * sexagesimal-looking strings stay strings for readers still on YAML 1.1 (PyYAML, Ruby, Go yaml.v2).
 */

function lineAndColumn(text: string, position: number): string {
  const before = text.slice(0, position);
  const line = before.split('\n').length;
  const column = position - before.lastIndexOf('\n');
  return `line ${line}, column ${column}`;
}

/** Where a JSON text first goes wrong: V8 names a position for some errors only; YAML's parser finds the rest. */
function errorPosition(text: string, message: string): number | undefined {
  const position = /position (\d+)/.exec(message)?.[1];
  if (position !== undefined) return Number(position);
  return parseDocument(text, { uniqueKeys: false }).errors[0]?.pos[0];
}

function checkJson(text: string): void {
  try {
    JSON.parse(text);
  } catch (error) {
    const message = error instanceof Error ? error.message : '';
    const position = errorPosition(text, message);
    const where = position === undefined ? '' : ` at ${lineAndColumn(text, position)}`;
    // V8 quotes the document in some messages: keep only the reason.
    const reason = message
      .replace(/, ".*" is not valid JSON$/s, '')
      .replace(/ in JSON at position \d+.*$/s, '');
    throw new OperationError('UNPROCESSABLE_FILE', `The JSON is not valid${where}: ${reason}.`);
  }
}

/** @example jsonToYaml('{"answer": "no", "n": 12345678901234567890}') // 'answer: "no"\nn: 12345678901234567890\n' */
export function jsonToYaml(json: string): string {
  const text = json.replace(/^\uFEFF/, '');
  checkJson(text);
  // JSON is YAML 1.2 flow syntax: reading it as YAML keeps each number's own text (1.0, big integers).
  const doc = parseDocument(text, { intAsBigInt: true, uniqueKeys: false, keepSourceTokens: false });
  visit(doc, {
    Map: (_key, node) => {
      node.flow = false;
    },
    Seq: (_key, node) => {
      node.flow = false;
    },
    Scalar: (_key, node) => {
      // Plain unless quoting is needed (decided by the stringifier); several lines as a literal block.
      if (typeof node.value === 'string')
        node.type = node.value.includes('\n') ? Scalar.BLOCK_LITERAL : Scalar.PLAIN;
    },
  });
  doc.setSchema('1.1');
  return doc.toString({ lineWidth: 0, defaultStringType: 'PLAIN', directives: false });
}

/** BigInts cannot go through JSON.stringify: they travel as marked strings and are unwrapped after. */
function stringifyWithBigInts(value: unknown): string {
  const marker = `bigint-${Math.random().toString(36).slice(2)}:`;
  const json = JSON.stringify(
    value,
    (_key, v: unknown) => {
      if (typeof v !== 'bigint') return v;
      return Number.isSafeInteger(Number(v)) ? Number(v) : `${marker}${v.toString()}`;
    },
    2,
  );
  return `${(json ?? 'null').replace(new RegExp(`"${marker}(-?\\d+)"`, 'g'), '$1')}\n`;
}

/** The first YAML document as JSON (YAML 1.2 core schema: yes/no stay strings). Aliases are bounded. */
export function yamlToJson(yaml: string, maxAliasCount = 1000): string {
  const [doc] = parseAllDocuments(yaml.replace(/^\uFEFF/, ''), { intAsBigInt: true, uniqueKeys: true });
  if (!doc || !('errors' in doc)) return 'null\n';
  const error = doc.errors[0];
  if (error) {
    const where = error.linePos?.[0]
      ? `at line ${error.linePos[0].line}, column ${error.linePos[0].col}`
      : '';
    const reason = error.message.split('\n')[0]?.replace(/ at line \d+, column \d+:?$/, '') ?? '';
    throw new OperationError(
      'UNPROCESSABLE_FILE',
      `The YAML is not valid ${where}: ${reason}`.replace(/\s+:/, ':'),
    );
  }
  let value: unknown;
  try {
    value = doc.toJS({ maxAliasCount });
  } catch (cause) {
    throw new OperationError(
      'UNPROCESSABLE_FILE',
      'The YAML expands its aliases too many times to be converted.',
      {
        cause,
      },
    );
  }
  return stringifyWithBigInts(value);
}
