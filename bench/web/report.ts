import { type MachineInfo, machineMarkdown } from '../lib/machine.js';
import { markdownTable } from '../lib/markdown.js';
import { fmt } from '../lib/stats.js';
import type { PageResult } from './audit-page.js';
import { type Category, categories, webSettings } from './settings.js';

const kb = (bytes: number): string => fmt(bytes / 1024);

/** Whether a page meets every score target, and for the home page the JavaScript budget. */
export function pageMeetsTargets(page: PageResult): boolean {
  const scoresOk = categories.every((c) => (page.scores[c] ?? 0) >= webSettings.targets.scores[c]);
  const jsOk = page.path !== '/' || page.scripts.totalGzipBytes <= webSettings.targets.homeJsGzipBytes;
  return scoresOk && jsOk;
}

function scoreCell(page: PageResult, category: Category): string {
  const value = page.scores[category];
  if (value === null) return '—';
  return value >= webSettings.targets.scores[category] ? String(value) : `**${value}**`;
}

export function scoreTable(pages: readonly PageResult[]): string {
  return markdownTable(
    [
      'Page',
      'Preset',
      'Performance',
      'Accessibility',
      'Best practices',
      'SEO',
      'JS gzip KB',
      'Inline JS gzip KB',
      'Scripts',
      'Met',
    ],
    pages.map((p) => [
      p.path,
      p.preset,
      `${scoreCell(p, 'performance')}${p.performanceRuns.length > 1 ? ` (runs ${p.performanceRuns.join(', ')})` : ''}`,
      scoreCell(p, 'accessibility'),
      scoreCell(p, 'best-practices'),
      scoreCell(p, 'seo'),
      kb(p.scripts.totalGzipBytes),
      kb(p.scripts.inlineGzipBytes),
      p.scripts.scripts.length,
      pageMeetsTargets(p) ? 'yes' : '**no**',
    ]),
    [6, 7, 8],
  );
}

function metricsTable(pages: readonly PageResult[]): string {
  const ids = Object.keys(pages[0]?.metrics ?? {});
  return markdownTable(
    ['Page', 'Preset', ...ids],
    pages.map((p) => [p.path, p.preset, ...ids.map((id) => p.metrics[id])]),
  );
}

/** Every audit that keeps a score below its target, with its findings, page by page. */
export function failingMarkdown(pages: readonly PageResult[]): string {
  const sections: string[] = [];
  for (const page of pages) {
    for (const category of categories) {
      const score = page.scores[category];
      if (score !== null && score >= webSettings.targets.scores[category]) continue;
      const audits = page.failing[category];
      // A tight list (no blank lines between items): Biome's Markdown parser, run by `npm run lint`,
      // rejects a loose list whose items hold sub-lists.
      const lines = [`#### ${page.path} (${page.preset}): ${category} ${score ?? '—'}`, ''];
      if (audits.length === 0)
        lines.push('No single audit is marked failing; the score comes from the metrics above.');
      for (const audit of audits) {
        const score100 = audit.score === null ? '—' : Math.round(audit.score * 100);
        const extra = [audit.displayValue, audit.explanation].filter(Boolean).join('; ');
        lines.push(
          `- \`${audit.id}\` ${audit.title}: score ${score100}, weight ${audit.weight}${extra ? `; ${extra}` : ''}`,
        );
        for (const item of audit.items) lines.push(`  - ${item}`);
        if (audit.itemCount > audit.items.length)
          lines.push(`  - … and ${audit.itemCount - audit.items.length} more`);
      }
      sections.push(lines.join('\n'));
    }
  }
  return sections.join('\n\n');
}

function homeScripts(pages: readonly PageResult[]): string {
  const home = pages.find((p) => p.path === '/');
  if (!home) return '';
  return markdownTable(
    ['Script (home, first preset)', 'Raw KB', 'Gzip KB', 'Transferred KB'],
    home.scripts.scripts.map((s) => [
      new URL(s.url).pathname,
      kb(s.rawBytes),
      kb(s.gzipBytes),
      kb(s.transferBytes),
    ]),
    [1, 2, 3],
  );
}

export interface WebMarkdown {
  date: string;
  machine: MachineInfo;
  pages: readonly PageResult[];
}

export function webMarkdown(r: WebMarkdown): string {
  const { scores, homeJsGzipBytes } = webSettings.targets;
  const failing = failingMarkdown(r.pages);
  return `## Website (\`npm run bench:web\`)

Measured ${r.date} with Lighthouse against the built product served by \`node apps/api/dist/server.js\`.
Presets: ${webSettings.presets.join(' and ')} (mobile = Lighthouse's default: emulated phone, simulated slow 4G
and 4× CPU slowdown; desktop = its desktop config). ${webSettings.runs} run(s) per page and preset; the run
with the median performance score is shown. Targets, on every preset: performance ≥ ${scores.performance},
accessibility, best practices and SEO = 100, and at most ${kb(homeJsGzipBytes)} KB of gzipped JavaScript
loaded before interaction on the home page. Bold = below target.

### Machine

${machineMarkdown(r.machine)}

### Scores and JavaScript

${scoreTable(r.pages)}

JS gzip KB: every script response of the page load (modulepreloads included), gzipped at level 9; inline
scripts of the HTML are counted apart.

### Metrics

${metricsTable(r.pages)}

### Scripts of the home page

${homeScripts(r.pages)}

### Audits below target

${failing || 'None: every page meets every target.'}
`;
}
