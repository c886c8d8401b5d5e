import { createHash } from 'node:crypto';

/** The bodies of the inline <script> elements of an HTML document (those without a src attribute). */
export function inlineScripts(html: string): string[] {
  const scripts: string[] = [];
  for (const match of html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/gi)) {
    const attributes = match[1] ?? '';
    if (/\ssrc\s*=/i.test(` ${attributes}`)) continue;
    scripts.push(match[2] ?? '');
  }
  return scripts;
}

/** A CSP source expression allowing one inline script: 'sha256-<base64 of the UTF-8 body's digest>'. */
export function scriptHash(body: string): string {
  return `'sha256-${createHash('sha256').update(body, 'utf8').digest('base64')}'`;
}

/** The distinct hashes of a document's inline scripts, in document order. */
export function documentScriptHashes(html: string): string[] {
  return [...new Set(inlineScripts(html).map(scriptHash))];
}

/**
 * Inline event handlers (onclick="…") cannot be allowed by hash under a strict script-src, so the
 * build fails if one appears. Script bodies are skipped: they may contain the text "onload=".
 */
export function hasInlineEventHandler(html: string): boolean {
  const withoutScripts = html.replace(/<script\b[\s\S]*?<\/script>/gi, '');
  return /<[a-z][^>]*\son[a-z]+\s*=/i.test(withoutScripts);
}
