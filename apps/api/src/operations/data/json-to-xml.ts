import { OperationError } from '../errors.js';
import { isCollection } from './json-number.js';
import { assertNesting } from './limits.js';

export interface JsonToXmlOptions {
  root: string;
  item: string;
  pretty: boolean;
}

/** The JSON shapes xml-to-json writes by default, read back the same way. */
export const ATTRIBUTE_PREFIX = '@';
export const TEXT_KEY = '#text';

const NAME_START =
  'A-Z_a-z\\u00c0-\\u00d6\\u00d8-\\u00f6\\u00f8-\\u02ff\\u0370-\\u037d\\u037f-\\u1fff\\u200c\\u200d\\u2070-\\u218f\\u2c00-\\u2fef\\u3001-\\ud7ff\\uf900-\\ufdcf\\ufdf0-\\ufffd\\u{10000}-\\u{effff}';
const NAME_CHAR = `${NAME_START}\\-.0-9\\u00b7\\u0300-\\u036f\\u203f-\\u2040`;
/** XML 1.0 Name, with at most one colon between two parts (a namespace prefix). */
const XML_NAME = new RegExp(`^[${NAME_START}][${NAME_CHAR}]*(?::[${NAME_START}][${NAME_CHAR}]*)?$`, 'u');
/** Characters XML 1.0 cannot hold at all, not even as a character reference. */
const NOT_XML =
  // biome-ignore lint/suspicious/noControlCharactersInRegex: finding control characters is the point.
  /[\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffe\uffff]|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/u;

export function isXmlName(name: string): boolean {
  return XML_NAME.test(name);
}

class Writer {
  readonly parts: string[] = [];
  readonly path: string[] = ['$'];

  constructor(
    readonly options: JsonToXmlOptions,
    readonly field: string,
  ) {}

  fail(message: string): never {
    throw new OperationError('VALIDATION_ERROR', `${message} (at ${this.path.join('')}).`, {
      field: this.field,
    });
  }

  name(name: string): string {
    if (!isXmlName(name)) this.fail(`"${name}" cannot be an XML element or attribute name`);
    return name;
  }

  text(value: unknown, attribute: boolean): string {
    const text = String(value);
    const bad = NOT_XML.exec(text);
    if (bad) {
      const code = (bad[0].codePointAt(0) ?? 0).toString(16).toUpperCase().padStart(4, '0');
      this.fail(`The text contains U+${code}, a character XML 1.0 cannot hold`);
    }
    const escaped = text
      .replace(/&/g, '&amp;')
      .replace(/</g, '&lt;')
      .replace(/>/g, '&gt;')
      .replace(/\r/g, '&#13;');
    return attribute
      ? escaped.replace(/"/g, '&quot;').replace(/\n/g, '&#10;').replace(/\t/g, '&#9;')
      : escaped;
  }

  indent(depth: number): string {
    return this.options.pretty ? `\n${'  '.repeat(depth)}` : '';
  }

  element(name: string, value: unknown, depth: number): void {
    if (Array.isArray(value)) {
      // Repeated elements; an array directly inside an array becomes one element of items.
      value.forEach((item, index) => {
        this.path.push(`[${index}]`);
        if (Array.isArray(item)) this.element(name, { [this.options.item]: item }, depth);
        else this.element(name, item, depth);
        this.path.pop();
      });
      return;
    }
    const tag = this.name(name);
    const open = `${this.indent(depth)}<${tag}`;
    if (value === null || value === undefined) {
      this.parts.push(`${open}/>`);
      return;
    }
    // A number kept as written (json-number.ts) is written as its text, like any scalar.
    if (!isCollection(value)) {
      this.parts.push(`${open}>${this.text(value, false)}</${tag}>`);
      return;
    }
    let attributes = '';
    let text = '';
    const children: [string, unknown][] = [];
    for (const [key, child] of Object.entries(value)) {
      this.path.push(`.${key}`);
      if (key === TEXT_KEY) {
        if (isCollection(child)) this.fail(`"${TEXT_KEY}" must be text, a number or a boolean`);
        text = this.text(child ?? '', false);
      } else if (key.startsWith(ATTRIBUTE_PREFIX) && key.length > ATTRIBUTE_PREFIX.length) {
        if (isCollection(child)) this.fail('An attribute must be text, a number or a boolean');
        attributes += ` ${this.name(key.slice(ATTRIBUTE_PREFIX.length))}="${this.text(child ?? '', true)}"`;
      } else {
        children.push([key, child]);
      }
      this.path.pop();
    }
    if (children.length === 0) {
      this.parts.push(text === '' ? `${open}${attributes}/>` : `${open}${attributes}>${text}</${tag}>`);
      return;
    }
    this.parts.push(`${open}${attributes}>${text}`);
    for (const [key, child] of children) {
      this.path.push(`.${key}`);
      this.element(key, child, depth + 1);
      this.path.pop();
    }
    this.parts.push(`${this.indent(depth)}</${tag}>`);
  }
}

/**
 * A JSON value as an XML document with a declaration, wrapped in the `root` element: object keys
 * become elements, keys starting with "@" attributes and "#text" the element's text (the shapes
 * xml-to-json writes), arrays repeated elements (an array at the top or inside an array becomes
 * `item` elements), null an empty element. Text is escaped; a key that cannot be an XML name, or a
 * character XML cannot hold, is VALIDATION_ERROR naming where it is.
 *
 * @example jsonToXml({ a: [1, 2] }, { root: 'root', item: 'item', pretty: false }, 'json') // '<?xml version="1.0" encoding="UTF-8"?>\n<root><a>1</a><a>2</a></root>\n'
 */
export function jsonToXml(value: unknown, options: JsonToXmlOptions, field: string): string {
  for (const option of ['root', 'item'] as const) {
    if (!isXmlName(options[option])) {
      throw new OperationError(
        'VALIDATION_ERROR',
        `${option} "${options[option]}" is not a valid XML element name: start with a letter or _, then letters, digits, -, _ or .`,
        { field: option },
      );
    }
  }
  assertNesting(value, 'JSON', field);
  const writer = new Writer(options, field);
  const top = Array.isArray(value) ? { [options.item]: value } : value;
  writer.element(options.root, top, 0);
  const body = writer.parts.join('').replace(/^\n/, '');
  return `<?xml version="1.0" encoding="UTF-8"?>\n${body}\n`;
}
