import type { RouteConfigEntry } from '@react-router/dev/routes';
import { tools } from '@toolkit/catalog';
import { describe, expect, it } from 'vitest';
import { prerenderPaths } from '../react-router.config';
import routes from './routes';

/** Every URL path the route config declares, with the route file serving it. */
function flatten(entries: RouteConfigEntry[], parent = ''): { path: string; file: string; id?: string }[] {
  return entries.flatMap((entry) => {
    const path = entry.index ? parent || '/' : `${parent}/${entry.path ?? ''}`.replace(/\/+/g, '/');
    const self = { path, file: entry.file, id: entry.id };
    return [self, ...flatten(entry.children ?? [], path === '/' ? '' : path)];
  });
}

describe('routes', () => {
  const flat = flatten(routes);

  it('serve every catalog tool with the shared docs page module and a unique id', () => {
    for (const tool of tools) {
      const match = flat.find((r) => r.path === tool.path && r.file === 'routes/docs-page.tsx');
      expect(match, tool.path).toBeDefined();
      expect(match?.id).toBe(`docs/${tool.id}`);
    }
    const ids = flat.map((r) => r.id).filter(Boolean);
    expect(new Set(ids).size).toBe(ids.length);
  });

  it('have the home, about, docs layout and the two not-found routes', () => {
    expect(flat).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ path: '/', file: 'routes/home.tsx' }),
        expect.objectContaining({ path: '/about', file: 'routes/about.tsx' }),
        expect.objectContaining({ path: '/docs/mcp', file: 'routes/mcp.tsx' }),
        expect.objectContaining({ path: '/docs/pipeline', file: 'routes/pipeline.tsx' }),
        expect.objectContaining({ path: '/docs/api', file: 'routes/docs-layout.tsx' }),
        expect.objectContaining({ path: '/docs/api/*', file: 'routes/docs-not-found.tsx' }),
        expect.objectContaining({ path: '/*', file: 'routes/not-found.tsx' }),
      ]),
    );
    expect(flat.filter((r) => r.file === 'routes/docs-page.tsx')).toHaveLength(tools.length);
  });

  it('pre-render the home page, the about page, every documentation page, the MCP page and the pipeline builder', () => {
    expect(prerenderPaths).toEqual([
      '/',
      '/about',
      ...tools.map((t) => t.path),
      '/docs/mcp',
      '/docs/pipeline',
    ]);
    expect(prerenderPaths).toHaveLength(26);
  });
});
