import type { TaskTable } from '../task-table.js';
import { dataTasks } from './data.js';
import { filesTasks } from './files.js';
import { pdfTasks } from './pdf.js';
import { textTasks } from './text.js';

/**
 * Every task the worker pool runs, by name (`<group>.<task>`): each group keeps its own table in
 * this folder and is spread in here, so the worker entry and `runTask`'s types follow one list.
 */
export const tasks = { ...dataTasks, ...textTasks, ...pdfTasks, ...filesTasks } satisfies TaskTable;

export type Tasks = typeof tasks;
