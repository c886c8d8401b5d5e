// Writes the docs for agents into the web build: /llms.txt, /llms-full.txt and each page's Markdown
// copy (/docs/api/<page>.md, /docs/mcp.md), all rendered by the catalog (packages/catalog/src/markdown).
import { mkdir, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { agentFiles } from '@toolkit/catalog';
import { siteConfig } from '../app/lib/site-config.ts';

/** Writes the files under `root` (the client build) and returns their paths on disk. */
export async function writeAgentFiles(root: string): Promise<string[]> {
  const written: string[] = [];
  for (const file of agentFiles({ name: siteConfig.name, summary: siteConfig.description })) {
    const path = join(root, ...file.path.split('/'));
    await mkdir(dirname(path), { recursive: true });
    await writeFile(path, file.text);
    written.push(path);
  }
  console.log(`post-build: ${written.length} Markdown and llms.txt files for agents`);
  return written;
}
