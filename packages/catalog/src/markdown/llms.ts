import { liveTools, toolGroups } from '../index.js';
import { blocks } from './markdown.js';
import { mcpDocsPath, mcpMarkdown } from './mcp.js';
import { pipelineDocsPath, pipelineMarkdown } from './pipeline.js';
import { markdownPath, toolMarkdown } from './tool-page.js';
import { urlInputsDocsPath, urlInputsMarkdown } from './url-inputs.js';

/*
 * llms.txt (https://llmstxt.org): a title, a one-paragraph summary, then sections of links, one per
 * live docs page, each to its Markdown copy. Links are root-relative so the file is right on any host.
 */

export interface SiteFacts {
  /** The site's name, the title of llms.txt. */
  name: string;
  /** One paragraph on what it is. */
  summary: string;
}

/** The live pages by group, in sidebar order; groups without a live page are left out. */
function liveGroups() {
  // Read at call time: the catalog's index imports this module before it defines its lists.
  const liveIds = new Set<string>(liveTools.map((tool) => tool.id));
  return toolGroups
    .map((group) => ({ ...group, tools: group.tools.filter((tool) => liveIds.has(tool.id)) }))
    .filter((group) => group.tools.length > 0);
}

export function llmsTxt(site: SiteFacts): string {
  const sections = liveGroups().map((group) =>
    [
      `## ${group.title}`,
      '',
      ...group.tools.map((tool) => `- [${tool.title}](${markdownPath(tool)}): ${tool.description}`),
    ].join('\n'),
  );
  return blocks([
    `# ${site.name}`,
    `> ${site.summary}`,
    'Each page below is the Markdown copy of a docs page: what the operation does, its request fields (types, defaults, limits), its response and headers, its errors and a curl sample. The API is also an MCP server.',
    ...sections,
    `## Agents\n\n- [MCP server](${markdownPath({ path: mcpDocsPath })}): the operations as Model Context Protocol tools, with a client configuration.\n- [Pipelines](${markdownPath({ path: pipelineDocsPath })}): several operations in one request, and which can follow which.\n- [From a URL, signed links and caching](${markdownPath({ path: urlInputsDocsPath })}): files fetched from an address, GET links for an \`<img src>\`, ETag, the result cache and idempotency keys.\n- [All pages in one file](/llms-full.txt): every page above as Markdown.`,
  ]);
}

/** Every docs page's Markdown in one file, in sidebar order, then the MCP, pipeline and URL-input pages. */
export function llmsFullTxt(site: SiteFacts): string {
  const pages = [
    ...liveGroups().flatMap((group) => group.tools.map((tool) => toolMarkdown(tool))),
    mcpMarkdown(),
    pipelineMarkdown(),
    urlInputsMarkdown(),
  ];
  return `# ${site.name}\n\n> ${site.summary}\n\n${pages.join('\n---\n\n')}`;
}

/** The files the web build publishes for agents, by URL path. */
export function agentFiles(site: SiteFacts): { path: string; text: string }[] {
  return [
    { path: '/llms.txt', text: llmsTxt(site) },
    { path: '/llms-full.txt', text: llmsFullTxt(site) },
    ...liveTools.map((tool) => ({ path: markdownPath(tool), text: toolMarkdown(tool) })),
    { path: markdownPath({ path: mcpDocsPath }), text: mcpMarkdown() },
    { path: markdownPath({ path: pipelineDocsPath }), text: pipelineMarkdown() },
    { path: markdownPath({ path: urlInputsDocsPath }), text: urlInputsMarkdown() },
  ];
}
