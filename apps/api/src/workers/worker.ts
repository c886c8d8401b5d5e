import { serveTasks } from './task-table.js';
import { tasks } from './tasks/index.js';

/** The worker thread's entry (dist/worker.js once built): piscina calls the default export. */
export default serveTasks(tasks);
