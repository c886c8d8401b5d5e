// After `react-router build`: writes csp-manifest.json (the inline-script hashes of every HTML file, from
// which the server builds a strict script-src), the docs for agents (llms.txt, each page as Markdown)
// and pre-compressed .br/.gz siblings of the text assets.
import { readdir, readFile, stat, writeFile } from 'node:fs/promises';
import { join, relative, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { writeAgentFiles } from './agent-files.ts';
import { documentScriptHashes, hasInlineEventHandler } from './csp-hashes.ts';
import { deferAppScripts } from './defer-app-scripts.ts';

const root = fileURLToPath(new URL('../build/client/', import.meta.url));
const compressible = /\.(html|js|mjs|css|svg|json|txt|md|xml|webmanifest)$/;
/** Below this size compression saves less than the headers it costs. */
const minCompressBytes = 256;

async function* walk(dir: string): AsyncGenerator<string> {
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) yield* walk(path);
    else yield path;
  }
}

/** '/about/index.html': the path of a file under the web root, as the server sees it. */
function urlPath(file: string): string {
  return `/${relative(root, file).split(sep).join('/')}`;
}

async function writeCspManifest(files: string[]): Promise<string> {
  const manifest: Record<string, string[]> = {};
  for (const file of files.filter((f) => f.endsWith('.html')).sort()) {
    const original = await readFile(file, 'utf8');
    // WEB_DEFER_SCRIPTS=0 keeps React Router's own script tags (to compare, or to debug loading).
    const html = process.env.WEB_DEFER_SCRIPTS === '0' ? original : deferAppScripts(original);
    await writeFile(file, html);
    if (hasInlineEventHandler(html)) {
      throw new Error(
        `${urlPath(file)} has an inline event handler, which the Content-Security-Policy blocks.`,
      );
    }
    manifest[urlPath(file)] = documentScriptHashes(html);
  }
  const path = join(root, 'csp-manifest.json');
  await writeFile(path, `${JSON.stringify(manifest, null, 2)}\n`);
  console.log(`post-build: csp-manifest.json lists ${Object.keys(manifest).length} HTML files`);
  return path;
}

async function precompress(files: string[]): Promise<void> {
  let count = 0;
  for (const file of files) {
    if (!compressible.test(file) || (await stat(file)).size < minCompressBytes) continue;
    const body = await readFile(file);
    await writeFile(`${file}.gz`, gzipSync(body, { level: 9 }));
    await writeFile(
      `${file}.br`,
      brotliCompressSync(body, {
        params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: body.length },
      }),
    );
    count += 1;
  }
  console.log(`post-build: ${count} files pre-compressed (.br and .gz)`);
}

const files: string[] = [];
for await (const file of walk(root)) {
  if (!/\.(br|gz)$/.test(file)) files.push(file);
}
files.push(await writeCspManifest(files));
files.push(...(await writeAgentFiles(root)));
await precompress(files);
