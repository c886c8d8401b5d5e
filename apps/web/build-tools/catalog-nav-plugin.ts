import { type Plugin, runnerImport } from 'vite';

type Catalog = typeof import('@toolkit/catalog');

const publicId = 'virtual:catalog-nav';
const resolvedId = `\0${publicId}`;

/** What the MCP page says, as the catalog words it for the Markdown copy too (markdown/mcp.ts). */
function mcpDocs(catalog: Catalog) {
  return {
    path: catalog.mcpDocsPath,
    markdownPath: catalog.markdownPath({ path: catalog.mcpDocsPath }),
    endpointPath: catalog.mcpEndpointPath,
    summary: catalog.mcpSummary,
    namingRule: catalog.mcpNamingRule,
    filesRule: catalog.mcpFilesRule,
    resultsRule: catalog.mcpResultsRule,
    /** With '<origin>' where the page puts the API's origin. */
    clientConfig: catalog.mcpClientConfig('<origin>'),
  };
}

/**
 * The plain-data part of the catalog (titles, paths, groups, keywords, icons) as a virtual module.
 *
 * The catalog's tool files build zod schemas at import time, so importing `@toolkit/catalog` in the
 * browser would ship zod with every page. The shell (header, sidebar, breadcrumb, search, home cards)
 * only needs strings, so this plugin evaluates the catalog at build time and emits them as JSON.
 * Pages that need the schemas (the API reference) import the catalog itself, in their own chunk.
 */
export function catalogNavPlugin(): Plugin {
  // The catalog is TypeScript source, which Node cannot import as is; Vite's module runner can.
  let catalog: Promise<Catalog> | undefined;
  const loadCatalog = () => {
    catalog ??= runnerImport<Catalog>('@toolkit/catalog', { configFile: false, logLevel: 'error' }).then(
      (result) => result.module,
    );
    return catalog;
  };
  return {
    name: 'toolkit:catalog-nav',
    resolveId(id) {
      return id === publicId ? resolvedId : undefined;
    },
    async load(id) {
      if (id !== resolvedId) return undefined;
      const catalog = await loadCatalog();
      const {
        apiBasePath,
        apiVersion,
        groups,
        inputKinds,
        markdownPath,
        mcpToolName,
        tools,
        unknownBreadcrumb,
      } = catalog;
      const navTools = tools.map((t) => ({
        id: t.id,
        slug: t.slug,
        group: t.group,
        icon: t.icon,
        title: t.title,
        breadcrumb: t.breadcrumb,
        searchTitle: t.searchTitle,
        description: t.description,
        keywords: t.keywords,
        status: t.status,
        path: t.path,
        apiMethod: t.api.method,
        apiPath: `${apiBasePath}${t.api.path}`,
        // The page's Markdown copy and the name the MCP server gives the operation (catalog rules).
        markdownPath: markdownPath(t),
        mcpName: mcpToolName(t),
        // The step a pipeline names it by, when it can be one (it takes one input: media-kinds.ts).
        pipelineOp: t.status === 'live' && inputKinds(t).length > 0 ? t.api.path.slice(1) : null,
      }));
      const navGroups = groups.map((g) => ({ ...g }));
      return [
        `export const navTools = ${JSON.stringify(navTools)};`,
        `export const navGroups = ${JSON.stringify(navGroups)};`,
        `export const apiVersion = ${JSON.stringify(apiVersion)};`,
        `export const unknownBreadcrumb = ${JSON.stringify(unknownBreadcrumb)};`,
        `export const mcpDocs = ${JSON.stringify(mcpDocs(catalog))};`,
        `export const pipelineDocs = ${JSON.stringify({ path: catalog.pipelineDocsPath, markdownPath: catalog.markdownPath({ path: catalog.pipelineDocsPath }) })};`,
      ].join('\n');
    },
  };
}
