import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import { describe, expect, it } from 'vitest';

/**
 * Packages that render or parse whole documents. They run in the worker pool only: loaded on the main
 * thread they would add megabytes to its heap (full collections scan it) and start-up time, for code
 * the main thread never calls.
 */
const workerOnly = [
  'pdfkit',
  'fontkit',
  'marked',
  'unpdf',
  'exceljs',
  'mammoth',
  'turndown',
  'html-to-text',
  'sanitize-html',
];

/**
 * The packages an entry point loads statically, as esbuild resolves its import graph for the build
 * (the workspace's own packages, the catalog, are left out: they load none of these).
 */
async function packagesLoadedBy(entry: string): Promise<Set<string>> {
  const result = await build({
    entryPoints: [fileURLToPath(new URL(entry, import.meta.url))],
    bundle: true,
    write: false,
    metafile: true,
    platform: 'node',
    format: 'esm',
    packages: 'external',
    logLevel: 'silent',
  });
  const packages = new Set<string>();
  for (const input of Object.values(result.metafile.inputs)) {
    for (const imported of input.imports) {
      if (imported.external && imported.kind === 'import-statement') packages.add(imported.path);
    }
  }
  return packages;
}

describe('what the main thread loads', () => {
  it('leaves the document renderers and parsers to the worker pool', async () => {
    const [server, worker] = await Promise.all([
      packagesLoadedBy('../server.ts'),
      packagesLoadedBy('./worker.ts'),
    ]);
    // The worker entry does load them, so the graph is read correctly and the list is not stale.
    expect(workerOnly.filter((name) => !worker.has(name))).toEqual([]);
    expect(workerOnly.filter((name) => server.has(name))).toEqual([]);
    expect(server.has('fastify')).toBe(true);
  });
});
