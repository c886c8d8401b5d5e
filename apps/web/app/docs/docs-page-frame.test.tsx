import { render, screen } from '@testing-library/react';
import type { ComponentProps } from 'react';
import { describe, expect, it } from 'vitest';
import { docsGroups } from '~/lib/catalog';
import { DocsPageFrame } from './docs-page-frame';

describe('DocsPageFrame for a tool that is not live', () => {
  it("shows the title, the description and the 'API Not Implemented' placeholder", () => {
    // Any tool still planned; once every tool is live, a planned copy of one (the frame reads status).
    type FrameTool = ComponentProps<typeof DocsPageFrame>['tool'];
    const all: FrameTool[] = docsGroups.flatMap((group) => group.tools);
    const first = all[0];
    if (!first) throw new Error('the catalog has no tools');
    // Every catalog tool's type says 'live' once all are: the copy is a planned tool by construction.
    const tool: FrameTool =
      all.find((candidate) => candidate.status !== 'live') ??
      ({ ...first, status: 'planned' } as unknown as FrameTool);
    render(<DocsPageFrame tool={tool} />);
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe(tool.title);
    expect(screen.getByText(tool.description)).toBeTruthy();
    expect(screen.getByRole('heading', { level: 2 }).textContent).toBe('API Not Implemented');
    expect(
      screen.getByText(
        "This API endpoint is still under construction. We're working hard to get it ready for you.",
      ),
    ).toBeTruthy();
    const button = screen.getByRole('button', { name: 'Coming Soon' }) as HTMLButtonElement;
    expect(button.disabled).toBe(true);
  });
});
