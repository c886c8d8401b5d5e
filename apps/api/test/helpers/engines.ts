import { ProcessSlots, programs } from '../../src/runtime/run-process.js';

/*
 * The real engines, as the lanes hand them to operations, for the operations' own tests (which,
 * like the operations, never import the runtime themselves).
 */

export { closeWorkerPool } from '../../src/runtime/worker-pool.js';
export { pdfReader, renderTextPdf } from '../../src/tools/document/pdf-engines.js';

export const realPrograms = programs();

/** External programs at most `size` at once, as LibreOffice's engine runs them. */
export const limitedPrograms = (size: number) => programs(new ProcessSlots(size));
