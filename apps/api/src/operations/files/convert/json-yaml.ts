import { Document, Scalar, type ScalarTag, visit } from 'yaml';
import { JsonNumber } from '../../data/json-number.js';
import { parseJsonText } from '../../data/json-text.js';
import { assertYamlNesting } from '../../data/yaml-depth.js';
import { yamlToJson as dataYamlToJson } from '../../data/yaml-to-json.js';

/*
 * JSON ↔ YAML without changing any value: integers beyond 2^53 keep every digit both ways, "1.0"
 * stays 1.0, and YAML is written with YAML 1.1 quoting so that yes/no/on/off, dates and
 * sexagesimal-looking strings stay strings for readers still on YAML 1.1 (PyYAML, Ruby, Go yaml.v2).
 * The documents are read as data/* read them (one parser, the same errors): invalid JSON or YAML
 * is 400 with line and column, too deep a document 422, YAML tags keep their data.
 */

/** The uploaded file is the field errors name. */
const FIELD = 'file';

/** A number kept as written (json-number.ts) is written as that text: 1e400 stays 1e400, not .inf. */
const numberAsWritten: ScalarTag = {
  identify: (value) => value instanceof JsonNumber,
  default: true,
  tag: 'tag:yaml.org,2002:float',
  resolve: (text) => text,
  stringify: ({ value }) => String(value),
};

/** @example jsonToYaml('{"answer": "no", "n": 12345678901234567890}') // 'answer: "no"\nn: 12345678901234567890\n' */
export function jsonToYaml(json: string): string {
  const value = parseJsonText(json.replace(/^\uFEFF/, ''), FIELD);
  // The YAML library recurses as it builds and writes: refuse what it cannot take before it tries.
  assertYamlNesting(json, 'JSON', FIELD);
  const doc = new Document(value, { version: '1.1', customTags: [numberAsWritten] });
  visit(doc, {
    Scalar: (_key, node) => {
      // Plain unless quoting is needed (decided by the stringifier); several lines as a literal block.
      if (typeof node.value === 'string')
        node.type = node.value.includes('\n') ? Scalar.BLOCK_LITERAL : Scalar.PLAIN;
    },
  });
  return doc.toString({ lineWidth: 0, defaultStringType: 'PLAIN', directives: false });
}

/** The first YAML document as JSON, exactly as data/yaml-to-json converts it. */
export function yamlToJson(yaml: string): string {
  return `${dataYamlToJson(yaml.replace(/^\uFEFF/, ''), { all_documents: false }, FIELD)}\n`;
}
