import { type Document, parseAllDocuments, visit, type YAMLError } from 'yaml';
import { OperationError } from '../errors.js';
import { MAX_NESTING, tooDeep } from './limits.js';
import { describePosition } from './text-position.js';

export interface YamlToJsonOptions {
  all_documents: boolean;
}

/** Aliases one document may expand: enough for real anchors and merges, far too few for a bomb. */
export const MAX_ALIAS_COUNT = 100;

/**
 * A YAML float as JSON text: as written when that is already a JSON number ("1.0" stays 1.0,
 * "1e+9" stays 1e+9), else its value (".5" is 0.5). Infinity and NaN have no JSON number: they
 * are kept as the text written (".inf").
 */
class JsonNumber {
  constructor(readonly text: string) {}
}
class JsonText {
  constructor(readonly text: string) {}
}
const JSON_NUMBER = /^-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][+-]?\d+)?$/;

function markFloats(document: Document): void {
  visit(document, {
    Scalar(_key, node) {
      if (typeof node.value !== 'number') return;
      const source = typeof node.source === 'string' ? node.source : String(node.value);
      if (!Number.isFinite(node.value)) node.value = new JsonText(source);
      else node.value = new JsonNumber(JSON_NUMBER.test(source) ? source : JSON.stringify(node.value));
    },
  });
}

function yamlError(error: YAMLError, field: string): OperationError {
  if (/call stack/i.test(error.message)) return tooDeep('YAML', field);
  const reason = error.message.split('\n')[0]?.replace(/ at line \d+, column \d+:?$/, '') ?? error.message;
  const start = error.linePos?.[0];
  const where = start ? ` at ${describePosition({ line: start.line, column: start.col })}` : '';
  return new OperationError('VALIDATION_ERROR', `The YAML is invalid${where}: ${reason}.`, { field });
}

/** JSON.stringify's two-space layout, with big integers' digits and floats as marked above. */
function writeJson(value: unknown, field: string): string {
  const parts: string[] = [];
  const write = (node: unknown, depth: number): void => {
    if (depth > MAX_NESTING) throw tooDeep('YAML', field);
    if (node instanceof JsonNumber) parts.push(node.text);
    else if (node instanceof JsonText) parts.push(JSON.stringify(node.text));
    else if (typeof node === 'bigint') parts.push(node.toString());
    else if (node === null || node === undefined) parts.push('null');
    else if (typeof node !== 'object') parts.push(JSON.stringify(node));
    else {
      const inner = `\n${'  '.repeat(depth + 1)}`;
      const entries: [string | undefined, unknown][] = Array.isArray(node)
        ? node.map((item) => [undefined, item])
        : Object.entries(node);
      if (entries.length === 0) {
        parts.push(Array.isArray(node) ? '[]' : '{}');
        return;
      }
      parts.push(Array.isArray(node) ? '[' : '{');
      entries.forEach(([key, item], index) => {
        parts.push(index === 0 ? inner : `,${inner}`);
        if (key !== undefined) parts.push(`${JSON.stringify(key)}: `);
        write(item, depth + 1);
      });
      parts.push(`\n${'  '.repeat(depth)}${Array.isArray(node) ? ']' : '}'}`);
    }
  };
  write(value, 0);
  return parts.join('');
}

function toValue(document: Document, field: string): unknown {
  markFloats(document);
  try {
    return document.toJS({ maxAliasCount: MAX_ALIAS_COUNT });
  } catch (error) {
    if (error instanceof RangeError) throw tooDeep('YAML', field);
    if (/alias count/i.test((error as Error).message)) {
      throw new OperationError(
        'UNPROCESSABLE_FILE',
        `The YAML expands aliases more than ${MAX_ALIAS_COUNT} times (an alias bomb?); it is not converted.`,
        { field },
      );
    }
    throw error;
  }
}

/**
 * YAML as JSON (two-space indented): the first document, or with `all_documents` an array of all.
 * Scalars follow the YAML 1.2 core schema (yes/no/on stay strings, dates stay text as written),
 * integers keep every digit however large, floats keep their JSON spelling, anchors and merge keys
 * (<<) are resolved with at most MAX_ALIAS_COUNT alias expansions, and keys such as "__proto__"
 * stay data. Invalid YAML and duplicate keys are VALIDATION_ERROR with line and column.
 *
 * @example yamlToJson('a: yes\nb: 12345678901234567890\n', { all_documents: false }, 'yaml') // '{\n  "a": "yes",\n  "b": 12345678901234567890\n}'
 */
export function yamlToJson(text: string, options: YamlToJsonOptions, field: string): string {
  const documents = parseAllDocuments(text, {
    version: '1.2',
    schema: 'core',
    merge: true,
    intAsBigInt: true,
    uniqueKeys: true,
    prettyErrors: true,
  });
  const list = Array.isArray(documents) ? documents : [];
  for (const document of list) {
    const [first] = document.errors;
    if (first) throw yamlError(first, field);
  }
  if (options.all_documents)
    return writeJson(
      list.map((document) => toValue(document, field)),
      field,
    );
  const [first] = list;
  return writeJson(first ? toValue(first, field) : null, field);
}
