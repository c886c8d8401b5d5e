import { bufferView } from '../../bytes.js';
import { CsvJsonWriter } from './csv-json-writer.js';
import { type CsvRecord, guessLinebreak, QUOTED, scanCsv } from './csv-scan.js';
import type { CsvToJsonOptions, CsvToJsonResult } from './csv-types.js';
import { EXTRA_FIELDS_KEY, uniqueNames } from './csv-values.js';
import type { CsvDelimiter } from './json-to-csv.js';

const LF = 0x0a;
const CR = 0x0d;

/** A header field's text: a quoted one with each doubled quote as one. */
function fieldText(bytes: Uint8Array, record: CsvRecord, field: number): string {
  const text = bufferView(bytes).toString('utf8', record.starts[field], record.ends[field]);
  return ((record.flags[field] as number) & QUOTED) !== 0 ? text.replaceAll('""', '"') : text;
}

/**
 * The conversion of csv-papa.ts (papaCsvToJson) done on UTF-8 bytes without a byte order mark:
 * the same JSON, byte for byte, rows and ragged rows. Undefined where the reader leaves the text
 * to Papa: a quote Papa may read otherwise (csv-scan.ts), or a header naming a column
 * "__parsed_extra", where Papa's extra fields would overwrite that column's value.
 */
export function csvBytesToJson(
  bytes: Uint8Array,
  options: CsvToJsonOptions & { delimiter: CsvDelimiter },
): CsvToJsonResult | undefined {
  const writer = new CsvJsonWriter(bytes, options.dynamic_typing);
  let header = options.header;
  let unreadable = false;
  const endsWithBreak = bytes[bytes.length - 1] === LF || bytes[bytes.length - 1] === CR;
  const read = scanCsv(bytes, options.delimiter.charCodeAt(0), guessLinebreak(bytes), (record, last) => {
    // An empty line is dropped on request, and the empty record after a final line break always.
    if (record.empty && (options.skip_empty_lines || (last && endsWithBreak))) return true;
    if (header) {
      header = false;
      const names = uniqueNames(Array.from({ length: record.count }, (_, i) => fieldText(bytes, record, i)));
      unreadable = names.includes(EXTRA_FIELDS_KEY);
      writer.useHeader(names);
      return !unreadable;
    }
    writer.write(record);
    return true;
  });
  if (!read || unreadable) return undefined;
  const ragged = writer.firstRagged && { count: writer.raggedCount, first: writer.firstRagged };
  return {
    json: writer.finish(),
    rows: writer.rows,
    delimiter: options.delimiter,
    ...(ragged && { ragged }),
  };
}
