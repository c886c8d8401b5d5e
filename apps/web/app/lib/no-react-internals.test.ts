import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

// The site uses React through its public API only: private fields change without notice between
// versions, and code that reads them breaks silently on an upgrade (issue 27).
const internals = [
  '__reactProps',
  '__reactFiber',
  '__reactEvents',
  '__reactContainer',
  '_valueTracker',
  '__SECRET_INTERNALS',
  '__CLIENT_INTERNALS',
  '_reactRootContainer',
];

const appDir = join(import.meta.dirname, '..');

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return /\.(ts|tsx|js|jsx|mjs|cjs)$/.test(entry.name) ? [path] : [];
  });
}

describe('apps/web/app', () => {
  it("references none of React's internals", () => {
    const files = sourceFiles(appDir).filter((path) => path !== import.meta.filename);
    expect(files.length).toBeGreaterThan(100);
    const found = files.flatMap((path) => {
      const text = readFileSync(path, 'utf8');
      return internals
        .filter((name) => text.includes(name))
        .map((name) => `${relative(appDir, path)}: ${name}`);
    });
    expect(found).toEqual([]);
  });
});
