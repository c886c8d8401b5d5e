import { decodeText, type TextInput } from '../../operations/text/decode-text.js';
import { countWords } from '../../operations/text/word-count.js';
import type { TaskTable } from '../task-table.js';

export interface TextTaskInput {
  /** The JSON field's string or the uploaded file's bytes; decoded here, off the event loop. */
  input: TextInput;
  /** The request field it came from, named in errors. */
  field: string;
}

export const textTasks = {
  'text.word-count': ({ input, field }: TextTaskInput) => countWords(decodeText(input, field)),
} satisfies TaskTable;
