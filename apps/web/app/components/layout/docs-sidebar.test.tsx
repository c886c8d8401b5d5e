import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { SidebarProvider, SidebarTrigger } from '~/components/ui/sidebar';
import { TooltipProvider } from '~/components/ui/tooltip';
import { readCookie } from '~/lib/cookies';
import { setMedia } from '../../../test/setup';
import { DocsSidebar } from './docs-sidebar';

function renderAt(path: string) {
  return render(
    <MemoryRouter initialEntries={[path]}>
      <TooltipProvider>
        <SidebarProvider>
          <DocsSidebar />
          <SidebarTrigger />
        </SidebarProvider>
      </TooltipProvider>
    </MemoryRouter>,
  );
}

const collapsed = () => document.documentElement.getAttribute('data-sidebar') === 'collapsed';

describe('DocsSidebar', () => {
  it("shows 'Documentation', the version and the six groups with their pages", () => {
    renderAt('/docs/api/word-counter');
    const sidebar = screen.getByRole('complementary', { name: 'Documentation sidebar' });
    expect(within(sidebar).getByText('Documentation')).toBeTruthy();
    expect(within(sidebar).getByText('v1.0.0')).toBeTruthy();
    const headings = within(sidebar).getAllByRole('heading', { level: 2 });
    expect(headings.map((h) => h.textContent)).toEqual([
      'Image Processing API',
      'Text Processing API',
      'File Management API',
      'Data Format API',
      'Media Processing API',
      'Document Processing API',
    ]);
    const nav = within(sidebar).getByRole('navigation', { name: 'Documentation' });
    expect(within(nav).getAllByRole('link')).toHaveLength(22);
  });

  it('highlights the current page', () => {
    renderAt('/docs/api/word-counter');
    const link = screen.getByRole('link', { name: 'Word Counter' });
    expect(link.getAttribute('aria-current')).toBe('page');
    expect(link.getAttribute('data-active')).toBe('true');
    expect(screen.getByRole('link', { name: 'Resize Image' }).getAttribute('aria-current')).toBeNull();
  });

  it('collapses and expands with Ctrl+B and Cmd+B, remembering it in sidebar_state', async () => {
    const user = userEvent.setup();
    renderAt('/docs/api');
    await user.keyboard('{Control>}b{/Control}');
    expect(collapsed()).toBe(true);
    expect(readCookie(document.cookie, 'sidebar_state')).toBe('false');
    expect(screen.getByRole('complementary').getAttribute('data-state')).toBe('collapsed');
    await user.keyboard('{Meta>}b{/Meta}');
    expect(collapsed()).toBe(false);
    expect(readCookie(document.cookie, 'sidebar_state')).toBe('true');
  });

  it('toggles from the trigger button', async () => {
    const user = userEvent.setup();
    renderAt('/docs/api');
    await user.click(screen.getByRole('button', { name: 'Toggle sidebar' }));
    expect(collapsed()).toBe(true);
    await user.click(screen.getByRole('button', { name: 'Toggle sidebar' }));
    expect(collapsed()).toBe(false);
  });

  it('opens as a sheet on narrow screens, and closes when a page is chosen', async () => {
    setMedia({ mobile: true });
    const user = userEvent.setup();
    renderAt('/docs/api');
    await user.keyboard('{Control>}b{/Control}');
    const sheet = await screen.findByRole('dialog', { name: 'Documentation sidebar' });
    expect(collapsed()).toBe(false);
    await user.click(within(sheet).getByRole('link', { name: 'Flip Image' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });
});
