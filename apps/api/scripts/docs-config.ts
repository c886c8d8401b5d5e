import { writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { configurationDocPath, renderConfigurationDoc } from '../src/config-docs.js';

// `npm run docs:config`: rewrites docs/configuration.md from config.ts.
const target = fileURLToPath(new URL(`../../../${configurationDocPath}`, import.meta.url));
writeFileSync(target, renderConfigurationDoc());
console.log(`Wrote ${configurationDocPath}`);
