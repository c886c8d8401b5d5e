import { gzipSync } from 'node:zlib';

/** A script the page loaded, with its size over the wire (as served) and gzipped by us. */
export interface ScriptLoad {
  url: string;
  /** Bytes Chromium received for it (headers included, whatever encoding the server chose). */
  transferBytes: number;
  /** Decoded size of the script. */
  rawBytes: number;
  /** Its body gzipped at level 9, the comparable figure whatever the server compresses with. */
  gzipBytes: number;
}

export interface PageScripts {
  scripts: ScriptLoad[];
  totalGzipBytes: number;
  totalTransferBytes: number;
  /** Inline <script> elements of the HTML document (theme, hydration data …), gzipped together. */
  inlineGzipBytes: number;
}

interface NetworkItem {
  url?: unknown;
  resourceType?: unknown;
  mimeType?: unknown;
  transferSize?: unknown;
  statusCode?: unknown;
}

function isScript(item: NetworkItem): boolean {
  return (
    item.resourceType === 'Script' ||
    (typeof item.mimeType === 'string' && /javascript|ecmascript/.test(item.mimeType))
  );
}

/** An inline script element that is code (no src, and no data type such as application/json). */
function isInlineJavaScript(attributes: string): boolean {
  if (/\bsrc\s*=/i.test(attributes)) return false;
  const type = /\btype\s*=\s*["']?([^"'\s>]+)/i.exec(attributes)?.[1]?.toLowerCase();
  return type === undefined || type === 'module' || type.includes('javascript');
}

function gzipSize(bytes: Uint8Array): number {
  return gzipSync(bytes, { level: 9 }).length;
}

/**
 * Sums the JavaScript a page loaded during Lighthouse's navigation, that is before any interaction:
 * every script response of the network records (modulepreloads included), each fetched again to
 * gzip its body, plus the inline scripts of the HTML.
 */
export async function pageScripts(
  networkItems: readonly NetworkItem[],
  documentHtml: string,
): Promise<PageScripts> {
  const scripts: ScriptLoad[] = [];
  const seen = new Set<string>();
  for (const item of networkItems) {
    if (!isScript(item) || typeof item.url !== 'string' || seen.has(item.url)) continue;
    if (item.url.startsWith('data:')) continue;
    seen.add(item.url);
    const body = new Uint8Array(await (await fetch(item.url)).arrayBuffer());
    scripts.push({
      url: item.url,
      transferBytes: typeof item.transferSize === 'number' ? item.transferSize : 0,
      rawBytes: body.length,
      gzipBytes: gzipSize(body),
    });
  }
  const inline = [...documentHtml.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/gi)]
    .filter((m) => isInlineJavaScript(m[1] ?? ''))
    .map((m) => m[2] ?? '')
    .join('\n');
  return {
    scripts,
    totalGzipBytes: scripts.reduce((sum, s) => sum + s.gzipBytes, 0),
    totalTransferBytes: scripts.reduce((sum, s) => sum + s.transferBytes, 0),
    inlineGzipBytes: inline.trim() === '' ? 0 : gzipSize(Buffer.from(inline)),
  };
}
