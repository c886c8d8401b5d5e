// Bundles the server into dist/server.js and the worker threads' entry into dist/worker.js. Our own
// TypeScript (and @toolkit/catalog, which is TypeScript source) is bundled; real packages from node_modules stay external so that native modules (sharp)
// and packages that load files at run time (pino transports) keep working.
import { rm } from 'node:fs/promises';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const here = dirname(fileURLToPath(import.meta.url));
const outdir = resolve(here, 'dist');

await rm(outdir, { recursive: true, force: true });
await build({
  // The worker pool's threads load their own bundle (see src/runtime/worker-pool.ts).
  entryPoints: {
    server: resolve(here, 'src/server.ts'),
    worker: resolve(here, 'src/workers/worker.ts'),
    // `npm run worker`: runs queued jobs from Redis, serves no HTTP (src/job-worker.ts).
    'job-worker': resolve(here, 'src/job-worker.ts'),
  },
  outdir,
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  sourcemap: true,
  packages: 'external',
  // Workspace packages (@toolkit/*) are TypeScript source: resolve them to their files so they are
  // bundled, while everything else from node_modules stays external.
  plugins: [
    {
      name: 'bundle-workspace-packages',
      setup(b) {
        b.onResolve({ filter: /^@toolkit\// }, (args) => ({
          path: fileURLToPath(import.meta.resolve(args.path)),
        }));
      },
    },
  ],
  logLevel: 'info',
});
