import type { Config } from '@react-router/dev/config';
import { mcpDocsPath, tools } from '@toolkit/catalog';
import { PIPELINE_PATH } from './app/pipeline/pipeline-url';

/**
 * The site is fully static: every known page is pre-rendered to HTML at build time (so content paints
 * before JavaScript runs), and unknown paths get the SPA fallback, which renders the 404 page.
 */
export const prerenderPaths = ['/', '/about', ...tools.map((tool) => tool.path), mcpDocsPath, PIPELINE_PATH];

export default {
  appDirectory: 'app',
  buildDirectory: 'build',
  ssr: false,
  prerender: prerenderPaths,
} satisfies Config;
