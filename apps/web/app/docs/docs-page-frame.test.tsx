import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { docsGroups } from '~/lib/catalog';
import { DocsPageFrame } from './docs-page-frame';

describe('DocsPageFrame for a tool that is not live', () => {
  it("shows the title, the description and the 'API Not Implemented' placeholder", () => {
    // Any tool still planned (they go live one by one).
    const tool = docsGroups.flatMap((group) => group.tools).find((candidate) => candidate.status !== 'live');
    if (!tool) throw new Error('every tool is live: this test has nothing left to check');
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
