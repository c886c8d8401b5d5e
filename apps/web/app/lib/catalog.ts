import { type NavTool, navGroups, navTools, unknownBreadcrumb } from 'virtual:catalog-nav';

export type { NavTool } from 'virtual:catalog-nav';
export { apiVersion } from 'virtual:catalog-nav';

/** Docs root; also the Resize Image page. */
export const DOCS_ROOT = '/docs/api';

function normalizePath(path: string): string {
  return path.length > 1 ? path.replace(/\/+$/, '') || '/' : path;
}

const byPath = new Map<string, NavTool>(navTools.map((tool) => [tool.path, tool]));

export function findNavTool(pathname: string): NavTool | undefined {
  return byPath.get(normalizePath(pathname));
}

/** Breadcrumb name for a docs path: the tool's breadcrumb name, else 'Documentation'. */
export function breadcrumbName(pathname: string): string {
  return findNavTool(pathname)?.breadcrumb ?? unknownBreadcrumb;
}

export function isDocsPath(pathname: string): boolean {
  return pathname === DOCS_ROOT || pathname.startsWith(`${DOCS_ROOT}/`);
}

/** The six groups in sidebar order, each with its pages and the first of them (home cards link there). */
export const docsGroups = navGroups.map((group) => {
  const tools = navTools.filter((tool) => tool.group === group.id);
  const first = tools[0];
  if (!first) throw new Error(`Catalog group ${group.id} has no pages.`);
  return { ...group, entryPath: first.path, tools };
});

/**
 * One entry per documentation page, under 'API Endpoints', named by each tool's searchTitle; cmdk
 * also matches its keywords: the page title, the group and the catalog's keywords.
 */
export const searchEntries = docsGroups.flatMap((group) =>
  group.tools.map((tool) => ({
    id: tool.id,
    title: tool.searchTitle,
    path: tool.path,
    group: group.title,
    keywords: [...new Set([tool.title, tool.breadcrumb, group.title, ...tool.keywords])],
  })),
);

export { navTools };
