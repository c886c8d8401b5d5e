import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { type ToolSpec, tools } from '@toolkit/catalog';
import { apiTestFile, camel, catalogAdditions, e2eTestFile, handlerFile, panelFile } from './templates.js';

/*
 * npm run new-tool -- <id>: makes a planned catalog tool live. It edits the catalog entry (status,
 * request schema, example), writes the handler, the try-it panel and test files from templates, and
 * adds the handler and the panel to their registries. What is left is the real work: the operation,
 * the schema's fields, the panel's fields and the tests; the compiler and the catalog-driven tests
 * name whatever is still missing.
 */

const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const written: string[] = [];
const edited: string[] = [];

function fail(message: string): never {
  console.error(`new-tool: ${message}`);
  process.exit(1);
}

/** Writes a new file; an existing one is left alone (it may hold real work). */
function create(path: string, content: string): void {
  const full = join(root, path);
  if (existsSync(full)) {
    console.warn(`new-tool: ${path} exists, left as it is`);
    return;
  }
  mkdirSync(dirname(full), { recursive: true });
  writeFileSync(full, content);
  written.push(path);
}

/** Applies `change` to a file's text; fails naming the file when the change does not apply. */
function edit(path: string, change: (text: string) => string): void {
  const full = join(root, path);
  const before = readFileSync(full, 'utf8');
  const after = change(before);
  if (after === before) fail(`could not edit ${path}: it no longer has the expected shape`);
  writeFileSync(full, after);
  edited.push(path);
}

/** Inserts `line` before the closing `};` of the object literal that starts at `marker`. */
function addEntry(text: string, marker: string, line: string): string {
  const start = text.indexOf(marker);
  const end = start < 0 ? -1 : text.indexOf('\n};', start);
  return end < 0 ? text : `${text.slice(0, end)}\n${line}${text.slice(end)}`;
}

function addImport(text: string, line: string): string {
  return text.includes(line) ? text : `${line}\n${text}`;
}

function makeCatalogEntryLive(tool: ToolSpec): void {
  const path = `packages/catalog/src/tools/${tool.id}.ts`;
  const { imports, members } = catalogAdditions(tool);
  edit(path, (text) => {
    let next = text.replace("status: 'planned',", "status: 'live',");
    if (!/\n\s+request:/.test(next)) {
      next = next.replace(/(\n\s+output: '[a-z]+',)/, `$1\n${members}`);
      for (const line of imports) next = addImport(next, line);
    }
    return next;
  });
}

const id = process.argv[2];
if (!id) fail('usage: npm run new-tool -- <tool-id>   (e.g. flip-image)');
const tool = tools.find((t) => t.id === id) as ToolSpec | undefined;
if (!tool) {
  fail(
    `no tool "${id}" in the catalog. Write packages/catalog/src/tools/${id}.ts with defineTool(…) ` +
      '(status planned) and add it to the tools list of packages/catalog/src/index.ts, then run this again.',
  );
}
if (tool.status === 'live') fail(`${id} is already live`);

makeCatalogEntryLive(tool);

const name = camel(tool.id);
create(`apps/api/src/tools/${tool.group}/${tool.id}.ts`, handlerFile(tool));
edit('apps/api/src/tools/handlers.ts', (text) =>
  addEntry(
    addImport(text, `import { ${name}Handler } from './${tool.group}/${tool.id}.js';`),
    'export const handlers',
    `  '${tool.id}': ${name}Handler,`,
  ),
);

create(`apps/web/app/tools/${tool.id}/${tool.id}-panel.tsx`, panelFile(tool));
edit('apps/web/app/tools/registry.ts', (text) =>
  addEntry(
    text,
    'export const tryItPanels',
    `  '${tool.id}': lazyPanel(() => import('./${tool.id}/${tool.id}-panel')),`,
  ),
);

create(`apps/api/test/${tool.group}-${tool.id}.test.ts`, apiTestFile(tool));
create(`e2e/tests/${tool.id}.spec.ts`, e2eTestFile(tool));

// Formats what was written and sorts the added imports, as the repository's linter wants them. What
// the linter still reports (an unused field control to add…) is left for `npm run lint` to show.
try {
  execFileSync('npx', ['biome', 'check', '--write', ...written, ...edited], { cwd: root, stdio: 'ignore' });
} catch {
  console.warn('biome left findings in the new files: run `npm run lint` to see them.');
}

const list = (paths: string[]) => paths.map((p) => `  ${relative('.', join(root, p)) || p}`).join('\n');
console.log(`${tool.id} is now live in the catalog.\n\nWritten:\n${list(written)}\n\nEdited:\n${list(edited)}

Next:
  1. Write the operation apps/api/src/operations/${tool.group}/${tool.id}.ts (HTTP-free, with unit tests);
     the handler imports it, so nothing compiles until it exists.
  2. Fill the request schema and the examples in the catalog entry (API.md lists the fields).
  3. Give the panel its fields; fill the .todo / .fixme tests.
  4. npx biome check --write <files>; npx vitest run --project catalog --project api; cd e2e &&
     npx playwright test tests/catalog-tools.spec.ts tests/${tool.id}.spec.ts`);
