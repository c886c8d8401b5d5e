import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import lighthouse, { desktopConfig, type Result } from 'lighthouse';
import { resultsDir } from '../lib/paths.js';
import { median } from '../lib/stats.js';
import { quietly } from '../lib/system-cpu.js';
import { type FailingAudit, failingAudits } from './failing-audits.js';
import { type PageScripts, pageScripts } from './script-bytes.js';
import { type Category, categories, type Preset, webSettings } from './settings.js';

/** One page under one preset: the median run's scores, its scripts and what holds each score down. */
export interface PageResult {
  path: string;
  preset: Preset;
  /** Scores out of 100 of the median run (by performance); null when Lighthouse could not score. */
  scores: Record<Category, number | null>;
  /** Performance score of every run, to show the spread. */
  performanceRuns: number[];
  metrics: Record<string, string>;
  scripts: PageScripts;
  failing: Record<Category, FailingAudit[]>;
  runWarnings: string[];
  reportFile: string;
}

const metricIds = [
  'first-contentful-paint',
  'largest-contentful-paint',
  'total-blocking-time',
  'cumulative-layout-shift',
  'speed-index',
] as const;

async function runOnce(url: string, preset: Preset): Promise<Result> {
  const result = await lighthouse(
    url,
    {
      port: webSettings.debuggingPort,
      hostname: '127.0.0.1',
      logLevel: 'error',
      output: 'json',
      onlyCategories: [...categories],
    },
    preset === 'desktop' ? desktopConfig : undefined,
  );
  if (!result) throw new Error(`Lighthouse returned nothing for ${url}.`);
  if (result.lhr.runtimeError)
    throw new Error(`Lighthouse could not load ${url}: ${result.lhr.runtimeError.message}`);
  return result.lhr;
}

function score(lhr: Result, category: Category): number | null {
  const value = lhr.categories[category]?.score;
  return value === null || value === undefined ? null : Math.round(value * 100);
}

/** Runs Lighthouse `webSettings.runs` times on one page and keeps the run with the median performance. */
export async function auditPage(origin: string, path: string, preset: Preset): Promise<PageResult> {
  const url = new URL(path, origin).href;
  const runs: Result[] = [];
  for (let i = 0; i < webSettings.runs; i += 1) runs.push(await quietly(() => runOnce(url, preset)));
  const performanceRuns = runs.map((lhr) => score(lhr, 'performance') ?? 0);
  const middle = median(performanceRuns);
  const lhr = runs.find((r) => (score(r, 'performance') ?? 0) === middle) ?? runs[0];
  if (!lhr) throw new Error('No Lighthouse run.');

  const networkDetails = lhr.audits['network-requests']?.details as
    | { items?: Record<string, unknown>[] }
    | undefined;
  const html = await (await fetch(url)).text();
  const slug = path === '/' ? 'home' : path.replace(/^\/|\/$/g, '').replaceAll('/', '-');
  const reportFile = join(resultsDir, `lighthouse-${slug}-${preset}.json`);
  await writeFile(reportFile, JSON.stringify(lhr));
  return {
    path,
    preset,
    scores: Object.fromEntries(categories.map((c) => [c, score(lhr, c)])) as Record<Category, number | null>,
    performanceRuns,
    metrics: Object.fromEntries(metricIds.map((id) => [id, lhr.audits[id]?.displayValue ?? '—'])),
    scripts: await pageScripts(networkDetails?.items ?? [], html),
    failing: Object.fromEntries(categories.map((c) => [c, failingAudits(lhr, c)])) as Record<
      Category,
      FailingAudit[]
    >,
    runWarnings: lhr.runWarnings,
    reportFile,
  };
}
