import { runInNewContext } from 'node:vm';
import { describe, expect, it } from 'vitest';
import { inlineScripts } from './csp-hashes';
import { bootScriptType, deferAppScripts } from './defer-app-scripts';

const boot =
  'import "/assets/manifest-1.js";\nimport * as route0 from "/assets/root-2.js";\nimport("/assets/entry-3.js");';
const html = `<!DOCTYPE html><html><head><link rel="stylesheet" href="/assets/app.css"/><link rel="modulepreload" href="/assets/entry-3.js"/><link rel="modulepreload" href="/assets/root-2.js"/><script>theme()</script></head><body><main>page</main><script type="module" async="">${boot}</script><script>window.ctx.close();</script></body></html>`;

describe('deferAppScripts', () => {
  const out = deferAppScripts(html);

  it('removes the modulepreload links and the module script from the parsed HTML', () => {
    expect(out).not.toContain('rel="modulepreload"');
    expect(out).not.toContain('type="module"');
    expect(out).toContain('<link rel="stylesheet" href="/assets/app.css"/>');
  });

  it('keeps the boot script text verbatim, inert, so its hash does not change', () => {
    expect(out).toContain(`<script type="${bootScriptType}" id="app-boot">${boot}</script>`);
    expect(inlineScripts(out)).toContain(boot);
  });

  it('adds a loader that, after a frame, preloads the same chunks and runs the boot script as a module', () => {
    const loader = inlineScripts(out).find((body) => body.startsWith('requestAnimationFrame'));
    if (!loader) throw new Error('no loader');
    const appended: { tag: string; rel?: string; href?: string; type?: string; textContent?: string }[] = [];
    const element = (tag: string) => {
      const node: (typeof appended)[number] = { tag };
      return node;
    };
    const document = {
      head: { appendChild: (node: (typeof appended)[number]) => appended.push(node) },
      body: { appendChild: (node: (typeof appended)[number]) => appended.push(node) },
      createElement: element,
      getElementById: (id: string) => (id === 'app-boot' ? { textContent: boot } : null),
    };
    runInNewContext(loader, {
      document,
      requestAnimationFrame: (callback: () => void) => callback(),
      setTimeout: (callback: () => void) => callback(),
    });
    expect(appended).toEqual([
      { tag: 'link', rel: 'modulepreload', href: '/assets/entry-3.js' },
      { tag: 'link', rel: 'modulepreload', href: '/assets/root-2.js' },
      { tag: 'script', type: 'module', textContent: boot },
    ]);
  });

  it('leaves the other inline scripts where they are', () => {
    expect(out).toContain('<script>theme()</script>');
    expect(out).toContain('<script>window.ctx.close();</script>');
  });

  it('refuses HTML without the boot script rather than shipping a page that never hydrates', () => {
    expect(() => deferAppScripts('<html><body></body></html>')).toThrow(/boot script/);
  });
});
