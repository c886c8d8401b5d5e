// First: what a terminated thread must not be in the middle of (see the file).
import './no-native-zlib.js';
import { serveTasks } from './task-table.js';
import { tasks } from './tasks/index.js';

/** The worker thread's entry (dist/worker.js once built): piscina calls the default export. */
export default serveTasks(tasks);
