import type { Config } from '@react-router/dev/config';
import { mcpDocsPath, tools } from '@toolkit/catalog';

/**
 * The site is fully static: every known page is pre-rendered to HTML at build time (so content paints
 * before JavaScript runs), and unknown paths get the SPA fallback, which renders the 404 page.
 */
export const prerenderPaths = ['/', '/about', ...tools.map((tool) => tool.path), mcpDocsPath];

export default {
  appDirectory: 'app',
  buildDirectory: 'build',
  ssr: false,
  prerender: prerenderPaths,
} satisfies Config;
