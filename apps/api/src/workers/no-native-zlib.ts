import zlib from 'node:zlib';
import { zlibSync } from 'fflate';

/*
 * Loaded first in every worker thread. The pool terminates a thread whose request timed out, and
 * Node 20 aborts the whole process when a thread is terminated between the creation of a native
 * zlib handle and its initialisation ("close before init"). So no task creates one: our own code
 * inflates with fflate; pdf.js, offered no DecompressionStream, inflates with its own JavaScript
 * decoder (as fast: 1370 pages in ~8.5 s either way); pdfkit, which calls `zlib.deflateSync` for
 * each page and font it writes, gets fflate's (PDFs ~5% larger, as fast). no-native-zlib.test.ts
 * holds every task to it.
 */
delete (globalThis as { DecompressionStream?: unknown }).DecompressionStream;
zlib.deflateSync = ((data: Uint8Array) => Buffer.from(zlibSync(data))) as typeof zlib.deflateSync;
