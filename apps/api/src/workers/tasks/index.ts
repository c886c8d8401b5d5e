import type { TaskTable } from '../task-table.js';
import { filesTasks } from './files.js';

/**
 * Every task the worker pool runs, by name (`<group>.<task>`): each group keeps its own table in
 * this folder and is spread in here, so the worker entry and `runTask`'s types follow one list.
 */
export const tasks = { ...filesTasks } satisfies TaskTable;

export type Tasks = typeof tasks;
