// Types of the build-time virtual module emitted by build-tools/catalog-nav-plugin.ts. They are derived
// from the catalog's own types, so the literal ids (and which of them are live) stay exact.
declare module 'virtual:catalog-nav' {
  import type { CatalogTool, Group } from '@toolkit/catalog';

  type NavFields = 'id' | 'slug' | 'group' | 'title' | 'breadcrumb' | 'searchTitle' | 'description';
  type NavFieldsMore = 'icon' | 'keywords' | 'status' | 'path';
  /** Distributes over the union so that `tool.status === 'live'` narrows `tool.id` to a live id. */
  export type NavTool = CatalogTool extends infer T
    ? T extends CatalogTool
      ? Pick<T, NavFields | NavFieldsMore> & {
          apiMethod: T['api']['method'];
          apiPath: string;
          /** The page's Markdown copy, e.g. '/docs/api/flip-image.md'. */
          markdownPath: string;
          /** The operation's MCP tool name, e.g. 'images_flip'. */
          mcpName: string;
          /** Its path as a pipeline step ('images/resize'); null when it cannot be one (several files). */
          pipelineOp: string | null;
        }
      : never
    : never;

  export const navTools: readonly NavTool[];
  export const navGroups: readonly Group[];
  export const apiVersion: string;
  export const unknownBreadcrumb: string;
  /** The MCP page's texts (catalog markdown/mcp.ts); clientConfig has '<origin>' to fill in. */
  export const mcpDocs: {
    path: string;
    markdownPath: string;
    endpointPath: string;
    summary: string;
    namingRule: string;
    filesRule: string;
    resultsRule: string;
    clientConfig: string;
  };
  /** The pipeline builder's page and its Markdown copy (catalog markdown/pipeline.ts). */
  export const pipelineDocs: { path: string; markdownPath: string };
}
