import { listFromEnv, numberFromEnv } from '../lib/env.js';

export type Preset = 'mobile' | 'desktop';
export const categories = ['performance', 'accessibility', 'best-practices', 'seo'] as const;
export type Category = (typeof categories)[number];

/** What the web benchmark measures; see README.md for the environment variables. */
export const webSettings = {
  pages: listFromEnv('BENCH_WEB_PAGES', '/,/docs/api,/about'),
  /** Mobile is Lighthouse's default (and stricter) preset; desktop is its desktop-config. */
  presets: listFromEnv('BENCH_WEB_PRESETS', 'mobile,desktop') as Preset[],
  /** Lighthouse runs per page and preset; the run with the median performance score is reported. */
  runs: numberFromEnv('BENCH_WEB_RUNS', 3, { integer: true }),
  serverPort: numberFromEnv('BENCH_WEB_PORT', 3410, { integer: true }),
  debuggingPort: numberFromEnv('BENCH_WEB_DEBUG_PORT', 3411, { integer: true }),
  targets: {
    /** Minimum score out of 100 for each category. */
    scores: { performance: 95, accessibility: 100, 'best-practices': 100, seo: 100 } satisfies Record<
      Category,
      number
    >,
    /** Gzipped JavaScript loaded before interaction on the home page. */
    homeJsGzipBytes: 150 * 1024,
  },
};
