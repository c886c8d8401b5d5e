import { isMainThread, parentPort, Worker, workerData } from 'node:worker_threads';
import { deflateSync } from 'node:zlib';
import { zipSync } from 'fflate';
import { inspectZip } from '../operations/files/convert/zip-guard.js';
import { checkInflatedSize } from '../operations/pdf/inflate-guard.js';

/*
 * Run by terminate.test.ts in a process of its own (`node --import tsx`): terminates worker
 * threads again and again while they inflate, as the worker pool does when a request times out.
 * Each round runs one subject on input of many small compressed parts; prints the rounds survived.
 */
const subjects = {
  /** The PDF inflate guard on a PDF of 2000 small Flate streams. */
  pdf: {
    input: () => {
      const stream = deflateSync(Buffer.from('BT /F1 12 Tf (Hello) Tj ET'));
      const objects = Array.from({ length: 2000 }, (_, i) =>
        Buffer.concat([
          Buffer.from(`${i + 1} 0 obj\n<</Length ${stream.length}/Filter/FlateDecode>>\nstream\n`),
          stream,
          Buffer.from('\nendstream\nendobj\n'),
        ]),
      );
      return new Uint8Array(Buffer.concat([Buffer.from('%PDF-1.4\n'), ...objects]));
    },
    run: async (pdf: Uint8Array) => checkInflatedSize(pdf, { maxInflatedBytes: 1 << 30 }),
  },
  /** The Office ZIP guard on a ZIP of 3000 small deflated entries. */
  zip: {
    input: () => {
      const entries = Object.fromEntries(
        Array.from({ length: 3000 }, (_, i) => [`part${i}.xml`, Buffer.from(`<c r="A${i}">hello</c>`)]),
      );
      return zipSync(entries, { level: 6 });
    },
    run: async (zip: Uint8Array) => {
      await inspectZip(Buffer.from(zip), { maxUnzippedBytes: 1 << 30, maxEntries: 5000 }, 'XLSX');
    },
  },
};
type Subject = keyof typeof subjects;

async function main(subject: Subject, rounds: number) {
  // This file bundled for the worker threads: they start in milliseconds, without tsx.
  const { build } = await import('esbuild');
  const bundle = await build({
    entryPoints: [new URL(import.meta.url).pathname],
    bundle: true,
    write: false,
    platform: 'node',
    format: 'cjs',
    external: ['esbuild'],
    logLevel: 'silent',
  });
  const code = bundle.outputFiles[0]?.text ?? '';
  const input = subjects[subject].input();
  let survived = 0;
  const round = () => {
    const worker = new Worker(code, {
      eval: true,
      workerData: { subject, input },
    });
    worker.once('message', () => {
      setTimeout(() => {
        void worker.terminate().then(() => {
          if (++survived < rounds) round();
          else console.log(`survived ${survived}`);
        });
      }, Math.random() * 10);
    });
  };
  round();
}

if (isMainThread) {
  void main(process.argv[2] as Subject, Number(process.argv[3]));
} else {
  const { subject, input } = workerData as {
    subject: Subject;
    input: Uint8Array;
  };
  parentPort?.postMessage('running');
  void (async () => {
    for (;;) await subjects[subject].run(input);
  })();
}
