/**
 * Starts a page's JavaScript after its first paint instead of during HTML parsing.
 *
 * React Router puts a `<link rel="modulepreload">` per chunk in <head> and an inline module script
 * that imports the route modules. The browser fetches all of it while it still waits for the
 * stylesheet and fonts, so on a slow connection the JavaScript (which only hydrates a page that is
 * already complete as HTML) delays the first paint. This rewrite keeps the same script text, but as
 * an inert `<script type="text/x-app-boot">`, and adds a small inline loader that, one frame after
 * the first paint, inserts the modulepreload links and runs the boot script as a module.
 *
 * The boot script keeps its text, so its CSP hash is the same; the loader is hashed like any other
 * inline script (post-build computes the manifest after this rewrite).
 */
const preloadPattern = /<link rel="modulepreload" href="([^"]+)"\s*\/?>/g;
const bootPattern = /<script type="module" async="">([\s\S]*?)<\/script>/;

export const bootScriptType = 'text/x-app-boot';

export function deferAppScripts(html: string): string {
  const boot = html.match(bootPattern);
  if (!boot) throw new Error('No React Router boot script found: the HTML layout changed.');
  const hrefs = [...html.matchAll(preloadPattern)].map((match) => match[1] ?? '');
  const loader = [
    'requestAnimationFrame(function(){setTimeout(function(){',
    'var d=document,h=d.head;',
    `${JSON.stringify(hrefs)}.forEach(function(u){var l=d.createElement('link');l.rel='modulepreload';l.href=u;h.appendChild(l)});`,
    `var s=d.createElement('script');s.type='module';s.textContent=d.getElementById('app-boot').textContent;d.body.appendChild(s)`,
    '},0)})',
  ].join('');
  return html
    .replace(preloadPattern, '')
    .replace(
      bootPattern,
      () =>
        `<script type="${bootScriptType}" id="app-boot">${boot[1] ?? ''}</script><script>${loader}</script>`,
    );
}
