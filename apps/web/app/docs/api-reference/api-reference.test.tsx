import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { liveTools } from '@toolkit/catalog';
import { renderToString } from 'react-dom/server';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { TooltipProvider } from '~/components/ui/tooltip';
import { ApiReference } from './api-reference';

const renderReference = (toolId: (typeof liveTools)[number]['id']) =>
  render(
    <TooltipProvider>
      <ApiReference toolId={toolId} />
    </TooltipProvider>,
  );

afterEach(() => {
  Object.defineProperty(navigator, 'clipboard', { value: undefined, configurable: true });
});

describe('API reference', () => {
  it.each(liveTools.map((tool) => tool.id))('%s: endpoint, tables, samples and the OpenAPI link', (id) => {
    renderReference(id);
    const tool = liveTools.find((entry) => entry.id === id);
    const url = `/api/v1${tool?.api.path}`;
    expect(screen.getByRole('heading', { level: 2, name: 'API reference' })).toBeTruthy();
    expect(
      screen.getAllByText((_, element) => element?.tagName === 'CODE' && element.textContent === url),
    ).toHaveLength(1);
    for (const name of ['Code samples', 'Request', 'Response', 'Errors']) {
      expect(screen.getByRole('heading', { level: 3, name })).toBeTruthy();
    }
    const fields = screen.getByRole('table', { name: 'Request fields' });
    // The upload field first, named as the catalog names it.
    expect(within(fields).getAllByRole('rowheader')[0]?.textContent).toMatch(
      new RegExp(`^${tool?.api.input.field}`),
    );
    const openapi = screen.getByRole('link', { name: 'OpenAPI document' });
    expect(openapi.getAttribute('href')).toBe('/api/v1/openapi.json');
    expect(openapi.hasAttribute('download')).toBe(true);
    expect(screen.getByRole('link', { name: 'MCP server' }).getAttribute('href')).toBe('/docs/mcp');
  });

  it('pre-renders no host: the endpoint is a path and the samples read $BASE', () => {
    const html = renderToString(
      <TooltipProvider>
        <ApiReference toolId="resize-image" />
      </TooltipProvider>,
    );
    expect(html.replace(/<[^>]+>/g, '')).toContain('POST/api/v1/images/resize');
    expect(html).not.toContain('localhost');
    expect(html).toContain('href="/samples/photo.jpg"');
  });

  it('switches languages with tabs (keyboard too) and copies the visible sample', async () => {
    const writeText = vi.fn(async (_text: string) => {});
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    renderReference('resize-image');
    const curl = screen.getByRole('tab', { name: 'curl' });
    expect(curl.getAttribute('aria-selected')).toBe('true');
    expect(screen.getByRole('tabpanel').textContent).toMatch(/^curl -X POST "\$BASE\/images\/resize"/);

    await userEvent.click(curl);
    await userEvent.keyboard('{ArrowRight}');
    expect(screen.getByRole('tab', { name: 'JavaScript' }).getAttribute('aria-selected')).toBe('true');
    expect(screen.getByRole('tabpanel').textContent).toContain('new FormData()');

    await userEvent.click(screen.getByRole('tab', { name: 'Python' }));
    await userEvent.click(screen.getByRole('button', { name: 'Copy the Python sample' }));
    expect(writeText).toHaveBeenCalledTimes(1);
    expect(writeText.mock.calls[0]?.[0]).toBe(screen.getByRole('tabpanel').textContent);
    expect(writeText.mock.calls[0]?.[0]).toMatch(/^import json\nimport os\nimport uuid\n/);
  });

  it('chooses between the catalog examples', async () => {
    renderReference('resize-image');
    const exact = screen.getByRole('button', { name: 'Exactly 512 × 512 as WebP' });
    expect(exact.getAttribute('aria-pressed')).toBe('false');
    await userEvent.click(exact);
    expect(exact.getAttribute('aria-pressed')).toBe('true');
    expect(screen.getByRole('tabpanel').textContent).toContain("-F 'format=webp'");
  });
});
