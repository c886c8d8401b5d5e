import type { CsvDelimiter } from './json-to-csv.js';

/* The CSV → JSON conversion's options and result, shared by its two readers (csv-bytes, csv-papa). */

export interface CsvToJsonOptions {
  /** Absent: detected from the first rows. */
  delimiter?: CsvDelimiter | undefined;
  header: boolean;
  dynamic_typing: boolean;
  skip_empty_lines: boolean;
}

export interface RaggedRows {
  count: number;
  /** The first one: its row number (1 = the first data row), its fields and the header's. */
  first: { row: number; fields: number; expected: number };
}

export interface CsvToJsonResult {
  /** The JSON text's UTF-8 bytes. */
  json: Uint8Array;
  rows: number;
  delimiter: CsvDelimiter;
  /** Rows whose field count differs from the header's: missing fields are null, extra ones kept. */
  ragged?: RaggedRows;
}
