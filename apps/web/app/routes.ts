import { index, layout, type RouteConfig, route } from '@react-router/dev/routes';
import { tools } from '@toolkit/catalog';

const docsPage = 'routes/docs-page.tsx';

/**
 * Every documentation page comes from the catalog: one shared page module, one route per tool, each
 * with its own id. Unknown docs paths get a not-found page inside the docs layout, and every other
 * unknown path the site-wide 404.
 */
export const docsRoutes = tools.map((tool) =>
  tool.slug === ''
    ? index(docsPage, { id: `docs/${tool.id}` })
    : route(tool.slug, docsPage, { id: `docs/${tool.id}` }),
);

export default [
  index('routes/home.tsx'),
  route('about', 'routes/about.tsx'),
  // The MCP server's page: outside docs/api, so the sidebar and search keep the specified 22 pages.
  route('docs/mcp', 'routes/mcp.tsx'),
  route('docs/api', 'routes/docs-layout.tsx', [...docsRoutes, route('*', 'routes/docs-not-found.tsx')]),
  // The pipeline builder: in the docs layout, not one of its 22 pages (sidebar and search stay as specified).
  layout('routes/docs-layout.tsx', { id: 'pipeline-layout' }, [
    route('docs/pipeline', 'routes/pipeline.tsx'),
  ]),
  route('*', 'routes/not-found.tsx'),
] satisfies RouteConfig;
