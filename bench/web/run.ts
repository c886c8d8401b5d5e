/**
 * `npm run bench:web`: Lighthouse scores and the JavaScript loaded before interaction for the pages of
 * the built, running product. Prints a table, writes bench/RESULTS.md (its section) and raw JSON.
 */
import { mkdir } from 'node:fs/promises';
import lighthousePackage from 'lighthouse/package.json' with { type: 'json' };
import { serverEnv } from '../image-resize/server-env.js';
import { machineInfo } from '../lib/machine.js';
import { resultsDir } from '../lib/paths.js';
import { raisePriority } from '../lib/priority.js';
import { writeRawResults, writeResultsSection } from '../lib/results.js';
import { ensureBuilt, snapshotWebBuild, startServer } from '../lib/server.js';
import { auditPage, type PageResult } from './audit-page.js';
import { launchChromium } from './chromium.js';
import { failingMarkdown, scoreTable, webMarkdown } from './report.js';
import { webSettings } from './settings.js';

const priority = raisePriority();
await ensureBuilt(true);
await mkdir(resultsDir, { recursive: true });
const webRoot = await snapshotWebBuild();
const server = await startServer('web', webSettings.serverPort, { env: serverEnv({ WEB_ROOT: webRoot }) });
const pages: PageResult[] = [];
let browser = '';
try {
  const chromium = await launchChromium(webSettings.debuggingPort);
  browser = `${chromium.version} (${chromium.source}: ${chromium.executablePath})`;
  try {
    for (const preset of webSettings.presets) {
      for (const path of webSettings.pages) {
        console.log(`Lighthouse ${preset} ${path} …`);
        pages.push(await auditPage(server.origin, path, preset));
      }
    }
  } finally {
    await chromium.stop();
  }
} finally {
  await server.stop();
}

const machine = await machineInfo({
  Lighthouse: lighthousePackage.version,
  Chromium: browser,
  'Scheduling priority': priority,
});
const date = new Date().toISOString();
console.log(`\n${scoreTable(pages)}\n`);
const failing = failingMarkdown(pages);
if (failing) console.log(`Audits below target:\n\n${failing}\n`);
const raw = await writeRawResults('web', { date, machine, settings: webSettings, pages });
await writeResultsSection('web', webMarkdown({ date, machine, pages }));
console.log(`Wrote bench/RESULTS.md and ${raw}`);
