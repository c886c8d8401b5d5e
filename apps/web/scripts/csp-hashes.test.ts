import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { documentScriptHashes, hasInlineEventHandler, inlineScripts, scriptHash } from './csp-hashes';

describe('CSP inline script hashes', () => {
  const html = `<!DOCTYPE html><html><head>
<script>console.log("boot")</script>
<script type="module" src="/assets/entry.js"></script>
<link rel="modulepreload" href="/assets/a.js"/>
</head><body><script type="module">import "/assets/manifest.js";</script>
<script>console.log("boot")</script></body></html>`;

  it('finds the bodies of inline scripts and skips external ones', () => {
    expect(inlineScripts(html)).toEqual([
      'console.log("boot")',
      'import "/assets/manifest.js";',
      'console.log("boot")',
    ]);
  });

  it("hashes the exact UTF-8 body as 'sha256-<base64>'", () => {
    const expected = createHash('sha256').update('console.log("boot")').digest('base64');
    expect(scriptHash('console.log("boot")')).toBe(`'sha256-${expected}'`);
    expect(scriptHash('é')).toBe(
      `'sha256-${createHash('sha256').update(Buffer.from('é', 'utf8')).digest('base64')}'`,
    );
  });

  it('lists each distinct hash once', () => {
    expect(documentScriptHashes(html)).toHaveLength(2);
  });

  it('detects inline event handlers but not the same text inside a script', () => {
    expect(hasInlineEventHandler('<img src="x" onerror="alert(1)">')).toBe(true);
    expect(hasInlineEventHandler('<button onClick="go()">Go</button>')).toBe(true);
    expect(hasInlineEventHandler('<script>img.onload = f</script><p>onload=</p>')).toBe(false);
  });
});
