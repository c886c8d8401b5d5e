import { type Base64DecodeOptions, base64Decode } from '../../operations/data/base64-decode.js';
import { type Base64EncodeOptions, base64Encode } from '../../operations/data/base64-encode.js';
import { type CsvToJsonOptions, csvToJson } from '../../operations/data/csv-to-json.js';
import { parseJsonBody, parseJsonText } from '../../operations/data/json-text.js';
import { type JsonToCsvOptions, jsonToCsv } from '../../operations/data/json-to-csv.js';
import { type JsonToXmlOptions, jsonToXml } from '../../operations/data/json-to-xml.js';
import { assertNesting } from '../../operations/data/limits.js';
import { type XmlToJsonOptions, xmlToJson } from '../../operations/data/xml-to-json.js';
import { type YamlToJsonOptions, yamlToJson } from '../../operations/data/yaml-to-json.js';
import { decodeText, type TextInput } from '../../operations/text/decode-text.js';
import { type TaskTable, utf8Body } from '../task-table.js';

export interface DataTaskInput<Options, Input = TextInput> {
  /** The JSON field's value or the uploaded file's bytes; decoded and parsed here, off the event loop. */
  input: Input;
  /** The request field it came from, named in errors. */
  field: string;
  options: Options;
}

/**
 * `json` may be JSON text (a string or a file), the whole JSON body's text with the `member` to
 * take from it (its numbers kept as written), or an already parsed value. A parsed value must have
 * been checked with assertNesting before it was posted here: cloning a 100,000-level value
 * overflows the stack on the way.
 */
function jsonValue(input: unknown, field: string, member?: string): unknown {
  if (typeof input !== 'string' && !(input instanceof Uint8Array)) return input;
  const text = decodeText(input, field);
  if (member === undefined) return parseJsonText(text, field);
  const body = parseJsonBody(text, field) as Record<string, unknown>;
  const value = body[member];
  assertNesting(value, 'JSON', field);
  return value;
}

/** A JSON document: text, a file, or the JSON body's text and the member to take (document-source.ts). */
type JsonTaskInput<Options> = DataTaskInput<Options, unknown> & { member?: string };

function bytesOf(input: TextInput): Uint8Array {
  return typeof input === 'string' ? Buffer.from(input, 'utf8') : input;
}

export const dataTasks = {
  'data.json-to-csv': ({ input, field, member, options }: JsonTaskInput<JsonToCsvOptions>) => {
    const { csv, ...facts } = jsonToCsv(jsonValue(input, field, member), options, field);
    return { ...facts, csv: utf8Body(csv) };
  },
  'data.csv-to-json': ({ input, field, options }: DataTaskInput<CsvToJsonOptions>) => {
    // The JSON's bytes are written by the conversion itself (csv-bytes.ts), in a buffer of their own.
    return csvToJson(input, options, field);
  },
  'data.xml-to-json': ({ input, field, options }: DataTaskInput<XmlToJsonOptions>) =>
    utf8Body(xmlToJson(decodeText(input, field), options, field)),
  'data.json-to-xml': ({ input, field, member, options }: JsonTaskInput<JsonToXmlOptions>) =>
    utf8Body(jsonToXml(jsonValue(input, field, member), options, field)),
  'data.yaml-to-json': ({ input, field, options }: DataTaskInput<YamlToJsonOptions>) =>
    utf8Body(yamlToJson(decodeText(input, field), options, field)),
  // Any bytes can be encoded: a file is taken as it is, a JSON string as its UTF-8.
  'data.base64-encode': ({ input, options }: DataTaskInput<Base64EncodeOptions>) =>
    utf8Body(base64Encode(bytesOf(input), options)),
  'data.base64-decode': async ({ input, field, options }: DataTaskInput<Base64DecodeOptions>) => {
    const decoded = await base64Decode(input, options, field);
    return decoded.kind === 'text' ? { kind: 'text' as const, text: utf8Body(decoded.text) } : decoded;
  },
} satisfies TaskTable;
