import {
  type Document,
  isScalar,
  LineCounter,
  parseAllDocuments,
  visit,
  type YAMLError,
  YAMLParseError,
} from 'yaml';
import { OperationError } from '../errors.js';
import { JsonNumber } from './json-number.js';
import { MAX_NESTING, tooDeep } from './limits.js';
import { describePosition } from './text-position.js';
import { assertYamlNesting } from './yaml-depth.js';

export interface YamlToJsonOptions {
  all_documents: boolean;
}

/** Aliases one document may expand: enough for real anchors and merges, far too few for a bomb. */
export const MAX_ALIAS_COUNT = 100;

/**
 * A YAML float as JSON text: its digits as written, in JSON's spelling ("1.0" stays 1.0, "1e+9"
 * stays 1e+9, ".5" is 0.5, "+1." is 1), so a number no double holds (1e400, 1e-400, 30 digits) is
 * still that number in the JSON. .inf and .nan have no JSON number: they are kept as the text
 * written. A float used as a key is its text as written.
 */
class JsonText {
  constructor(readonly text: string) {}
}
const JSON_NUMBER = /^-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][+-]?\d+)?$/;

/** A YAML 1.2 float's text as a JSON number's, or undefined when it is not one (".inf", ".nan"). */
function jsonSpelling(source: string): string | undefined {
  const match = /^([-+]?)(\d*)(?:\.(\d*))?([eE][-+]?\d+)?$/.exec(source);
  if (!match || (!match[2] && !match[3])) return undefined;
  const [, sign, whole, fraction, exponent] = match;
  const digits = (whole || '0').replace(/^0+(?=\d)/, '');
  const text = `${sign === '-' ? '-' : ''}${digits}${fraction ? `.${fraction}` : ''}${exponent ?? ''}`;
  return JSON_NUMBER.test(text) ? text : undefined;
}

const TIMESTAMP = 'tag:yaml.org,2002:timestamp';

/**
 * Scalars as JSON keeps them: floats as above, a !!timestamp as the text written (a Date would
 * lose its spelling and zone), !!binary as its base64 text (not a map of byte values).
 */
function markScalars(document: Document): void {
  visit(document, {
    Scalar(key, node) {
      if (node.tag === TIMESTAMP || node.value instanceof Date) {
        node.value = typeof node.source === 'string' ? node.source : String(node.value);
        return;
      }
      if (node.value instanceof Uint8Array) {
        node.value = Buffer.from(node.value).toString('base64');
        return;
      }
      if (typeof node.value !== 'number') return;
      const source = typeof node.source === 'string' ? node.source : String(node.value);
      // A JSON key is text: a float key keeps its spelling ("1.5", ".nan").
      if (key === 'key') {
        node.value = source;
        return;
      }
      const spelling = jsonSpelling(source);
      if (spelling !== undefined) node.value = new JsonNumber(spelling);
      else
        node.value = Number.isFinite(node.value)
          ? new JsonNumber(JSON.stringify(node.value))
          : new JsonText(source);
    },
  });
}

/**
 * Where the first key that repeats an earlier one of its mapping starts. yaml's own check
 * (`uniqueKeys`) compares each key with every key before it: quadratic, half the time of a 376 KB
 * file. Same rule, in one pass: scalar keys with the same value (NaN never equals itself).
 */
function firstDuplicateKey(document: Document): number | undefined {
  let first: number | undefined;
  visit(document, {
    Map(_key, map) {
      const seen = new Set<unknown>();
      for (const { key } of map.items) {
        if (!isScalar(key) || Number.isNaN(key.value)) continue;
        const at = key.range?.[0];
        if (seen.has(key.value) && at !== undefined && (first === undefined || at < first)) first = at;
        seen.add(key.value);
      }
    },
  });
  return first;
}

/** The first error of a document, as yaml would have reported it with `uniqueKeys` on. */
function firstError(document: Document, lines: LineCounter): YAMLError | undefined {
  const [first] = document.errors;
  const duplicate = firstDuplicateKey(document);
  if (duplicate === undefined || (first && first.pos[0] <= duplicate)) return first;
  const error = new YAMLParseError([duplicate, duplicate + 1], 'DUPLICATE_KEY', 'Map keys must be unique');
  const { line, col } = lines.linePos(duplicate);
  error.linePos = [{ line, col }];
  return error;
}

/** The tags of YAML 1.2's core schema and the YAML 1.1 types this converter gives data for. */
const KNOWN_TAGS = new Set(
  ['str', 'int', 'float', 'bool', 'null', 'map', 'seq', 'set', 'omap', 'pairs', 'binary', 'timestamp'].map(
    (name) => `tag:yaml.org,2002:${name}`,
  ),
);

/**
 * The first tag no schema here knows (`!custom`, `!!python/tuple`, a %TAG prefix of one's own),
 * refused: yaml would keep the value as if untagged, silently dropping what the tag meant. A known
 * tag whose value does not fit it (`!!int abc`) is another matter: the value keeps its text.
 */
function unknownTag(document: Document, text: string, field: string): OperationError | undefined {
  for (const warning of document.warnings) {
    if (warning.code !== 'TAG_RESOLVE_FAILED') continue;
    const resolved = /^Unresolved tag: (\S+)/.exec(warning.message)?.[1];
    if (resolved && KNOWN_TAGS.has(resolved)) continue;
    const written = text.slice(warning.pos[0], warning.pos[1]);
    const start = warning.linePos?.[0];
    const where = start ? ` at ${describePosition({ line: start.line, column: start.col })}` : '';
    return new OperationError(
      'UNPROCESSABLE_FILE',
      `The YAML uses the unknown tag ${written}${where}: JSON has no type for it. Remove the tag to keep the value as written.`,
      { field },
    );
  }
  return undefined;
}

function yamlError(error: YAMLError, field: string): OperationError {
  if (/call stack/i.test(error.message)) return tooDeep('YAML', field);
  const reason = error.message.split('\n')[0]?.replace(/ at line \d+, column \d+:?$/, '') ?? error.message;
  const start = error.linePos?.[0];
  const where = start ? ` at ${describePosition({ line: start.line, column: start.col })}` : '';
  return new OperationError('VALIDATION_ERROR', `The YAML is invalid${where}: ${reason}.`, { field });
}

function keyText(key: unknown): string {
  if (typeof key === 'string') return key;
  if (key === null || key === undefined) return '';
  return typeof key === 'object' && !(key instanceof JsonNumber) ? JSON.stringify(key) : String(key);
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
    // !!set: its members as a list. !!omap: its pairs in order, each a one-key object, as YAML
    // writes an omap (an object would move keys such as "2" to the front).
    else if (node instanceof Set) write([...node], depth);
    else if (node instanceof Map)
      write(
        [...node].map(([k, v]) => ({ [keyText(k)]: v })),
        depth,
      );
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
  markScalars(document);
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
 * explicit tags keep their data (a !!set is a list, an !!omap a list of one-key objects in order,
 * !!binary base64 text, a !!timestamp its text), documents nested deeper than MAX_YAML_NESTING are
 * refused before parsing,
 * integers and floats keep every digit however large (1e400 is that number in the JSON), anchors and
 * merge keys (<<) are resolved with at most MAX_ALIAS_COUNT alias expansions, and keys such as
 * "__proto__" stay data. Invalid YAML and duplicate keys are VALIDATION_ERROR with line and column;
 * a tag it does not know (`!custom`) is UNPROCESSABLE_FILE naming the tag.
 *
 * @example yamlToJson('a: yes\nb: 12345678901234567890\n', { all_documents: false }, 'yaml') // '{\n  "a": "yes",\n  "b": 12345678901234567890\n}'
 */
export function yamlToJson(text: string, options: YamlToJsonOptions, field: string): string {
  assertYamlNesting(text, 'YAML', field);
  const lines = new LineCounter();
  const documents = parseAllDocuments(text, {
    version: '1.2',
    schema: 'core',
    merge: true,
    intAsBigInt: true,
    uniqueKeys: false,
    prettyErrors: true,
    lineCounter: lines,
  });
  const list = Array.isArray(documents) ? documents : [];
  for (const document of list) {
    const first = firstError(document, lines);
    if (first) throw yamlError(first, field);
  }
  for (const document of list) {
    const refused = unknownTag(document, text, field);
    if (refused) throw refused;
  }
  if (options.all_documents)
    return writeJson(
      list.map((document) => toValue(document, field)),
      field,
    );
  const [first] = list;
  return writeJson(first ? toValue(first, field) : null, field);
}
