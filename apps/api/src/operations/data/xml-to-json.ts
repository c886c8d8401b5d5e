import { XMLParser, XMLValidator } from 'fast-xml-parser';
import { OperationError } from '../errors.js';
import { MAX_NESTING, tooDeep } from './limits.js';
import { describePosition, positionAt } from './text-position.js';

export interface XmlToJsonOptions {
  attribute_prefix: string;
  text_key: string;
  always_array: boolean;
}

/**
 * Names fast-xml-parser refuses or renames to protect objects' prototypes. We keep them as data:
 * the parser sees them behind a marker no XML name can contain, and the tidy step below writes the
 * real name back as an own property.
 */
const RESERVED = new Set([...Object.getOwnPropertyNames(Object.prototype), 'prototype']);
const MARK = '\uffff';

/**
 * The five entities XML predefines. Given as an object, fast-xml-parser 5 decodes exactly these
 * and character references (&#65; &#x1F600;); `false` would leave references undecoded and `true`
 * would add HTML's (&nbsp; is not XML). Its types only admit a boolean.
 */
const XML_ENTITIES = { amp: '&', apos: "'", gt: '>', lt: '<', quot: '"' } as unknown as boolean;

function markReserved(name: string): string {
  return RESERVED.has(name) ? MARK + name : name;
}

/** A DOCTYPE that declares entities is refused before parsing: no entity is ever expanded or fetched. */
function refuseEntities(text: string, field: string): void {
  const doctype = text.indexOf('<!DOCTYPE');
  if (doctype === -1) return;
  const entity = text.indexOf('<!ENTITY', doctype);
  if (entity === -1) return;
  throw new OperationError(
    'UNPROCESSABLE_FILE',
    `The XML document declares entities in its DOCTYPE (${describePosition(positionAt(text, entity))}). Entities are never expanded or fetched, so documents that declare them cannot be converted.`,
    { field },
  );
}

function validate(text: string, field: string): void {
  const result = XMLValidator.validate(text, { allowBooleanAttributes: false });
  if (result === true) return;
  const { line, col, msg } = result.err;
  const where = col === undefined ? `line ${line}` : describePosition({ line, column: col });
  throw new OperationError('VALIDATION_ERROR', `The XML is malformed at ${where}: ${msg}`, { field });
}

function checkKey(option: 'attribute_prefix' | 'text_key', value: string): void {
  if (RESERVED.has(value)) {
    throw new OperationError('VALIDATION_ERROR', `${option} cannot be "${value}"; choose another name.`, {
      field: option,
    });
  }
}

interface Tidy {
  prefix: string;
  textKey: string;
}

/**
 * Restores reserved names and drops the layout whitespace between child elements (the parser
 * keeps it when values are not trimmed, which they must not be: " a " is data). An element with
 * children keeps only the non-blank text, trimmed; a leaf keeps its text exactly.
 */
function tidy(node: unknown, how: Tidy): unknown {
  if (Array.isArray(node)) return node.map((item) => tidy(item, how));
  if (node === null || typeof node !== 'object') return node;
  const entries = Object.entries(node);
  const hasChildren = entries.some(
    ([key]) => key !== how.textKey && (how.prefix === '' || !key.startsWith(how.prefix)),
  );
  const out: Record<string, unknown> = {};
  for (const [key, value] of entries) {
    let result = tidy(value, how);
    if (key === how.textKey && hasChildren && typeof result === 'string') {
      result = result.trim();
      if (result === '') continue;
    }
    Object.defineProperty(out, key.replace(MARK, ''), {
      value: result,
      enumerable: true,
      writable: true,
      configurable: true,
    });
  }
  return out;
}

/**
 * XML as JSON (two-space indented): attributes under the prefix (default "@"), text under the text
 * key (default "#text"), repeated elements as arrays (all elements below the root with
 * `always_array`), every value kept as text ("01234" stays "01234"), CDATA merged into the text,
 * comments and processing instructions left out. Malformed XML is VALIDATION_ERROR with its line
 * and column; a DOCTYPE declaring entities (XXE, billion laughs) is UNPROCESSABLE_FILE before
 * anything is expanded; other DOCTYPEs are ignored, never fetched; nesting is bounded.
 *
 * @example xmlToJson('<a x="1"><b>01</b><b>2</b></a>', { attribute_prefix: '@', text_key: '#text', always_array: false }, 'xml') // '{\n  "a": {\n    "b": [\n      "01",\n      "2"\n    ],\n    "@x": "1"\n  }\n}'
 */
export function xmlToJson(text: string, options: XmlToJsonOptions, field: string): string {
  if (text.trim() === '')
    throw new OperationError('VALIDATION_ERROR', 'The XML document is empty.', { field });
  checkKey('attribute_prefix', options.attribute_prefix);
  checkKey('text_key', options.text_key);
  refuseEntities(text, field);
  validate(text, field);
  const parser = new XMLParser({
    ignoreAttributes: false,
    attributeNamePrefix: options.attribute_prefix,
    textNodeName: options.text_key,
    parseTagValue: false,
    parseAttributeValue: false,
    trimValues: false,
    ignoreDeclaration: true,
    ignorePiTags: true,
    processEntities: true,
    htmlEntities: XML_ENTITIES,
    // The parser refuses only past one level more than this: 1001 levels must be refused, as in JSON.
    maxNestedTags: MAX_NESTING - 1,
    transformTagName: markReserved,
    transformAttributeName: markReserved,
    isArray: (_name, jPath, _leaf, isAttribute) =>
      options.always_array && !isAttribute && String(jPath).includes('.'),
  });
  let parsed: unknown;
  try {
    parsed = parser.parse(text);
  } catch (error) {
    if (/nested tags/i.test((error as Error).message)) throw tooDeep('XML', field);
    throw new OperationError('VALIDATION_ERROR', `The XML is malformed: ${(error as Error).message}`, {
      field,
    });
  }
  const document = tidy(parsed, { prefix: options.attribute_prefix, textKey: options.text_key }) as Record<
    string,
    unknown
  >;
  const roots = Object.entries(document);
  const firstRoot = roots[0]?.[1];
  if (roots.length !== 1 || Array.isArray(firstRoot)) {
    throw new OperationError(
      'VALIDATION_ERROR',
      roots.length === 0
        ? 'The XML has no root element.'
        : 'The XML has more than one root element; a document has exactly one.',
      { field },
    );
  }
  return JSON.stringify(document, null, 2);
}
