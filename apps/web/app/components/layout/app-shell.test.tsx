import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { readCookie } from '~/lib/cookies';
import { siteConfig } from '~/lib/site-config';
import { AppShell, shellVisibility } from './app-shell';

function renderAt(path: string) {
  return render(
    <MemoryRouter initialEntries={[path]}>
      <AppShell>
        <main>page</main>
      </AppShell>
    </MemoryRouter>,
  );
}

describe('shell visibility', () => {
  it('hides the header on paths starting with /account', () => {
    expect(shellVisibility('/account').header).toBe(false);
    expect(shellVisibility('/account/settings').header).toBe(false);
    expect(shellVisibility('/').header).toBe(true);
    expect(shellVisibility('/docs/api').header).toBe(true);
  });

  it('hides the footer under /docs/api only', () => {
    expect(shellVisibility('/docs/api').footer).toBe(false);
    expect(shellVisibility('/docs/api/word-counter').footer).toBe(false);
    expect(shellVisibility('/').footer).toBe(true);
    expect(shellVisibility('/about').footer).toBe(true);
  });
});

describe('AppShell', () => {
  it('renders the header with Home, API and About, and the footer, on the home page', () => {
    renderAt('/');
    const header = screen.getByRole('banner');
    const nav = screen.getByRole('navigation', { name: 'Main' });
    expect(header.contains(nav)).toBe(true);
    expect(
      ['Home', 'API', 'About'].map((name) => screen.getByRole('link', { name }).getAttribute('href')),
    ).toEqual(['/', '/docs/api', '/about']);
    expect(screen.getByRole('button', { name: 'Search documentation...' })).toBeTruthy();
    expect(screen.getByRole('link', { name: /GitHub/ }).getAttribute('href')).toBe(siteConfig.githubUrl);
    expect(screen.getByRole('contentinfo').textContent).toBe(
      `Built by ${siteConfig.creator.name}. © ${new Date().getFullYear()} All rights reserved.`,
    );
  });

  it('has no footer under /docs/api and no header under /account', () => {
    renderAt('/docs/api/flip-image');
    expect(screen.queryByRole('contentinfo')).toBeNull();
    expect(screen.getByRole('banner')).toBeTruthy();
  });

  it('has no header under /account', () => {
    renderAt('/account/profile');
    expect(screen.queryByRole('banner')).toBeNull();
    expect(screen.getByRole('contentinfo')).toBeTruthy();
  });

  it('toggles the theme: dark class on <html> and the b_theme cookie', async () => {
    const user = userEvent.setup();
    renderAt('/');
    const toggle = screen.getByRole('button', { name: 'Toggle theme' });
    await user.click(toggle);
    expect(document.documentElement.classList.contains('dark')).toBe(true);
    expect(readCookie(document.cookie, 'b_theme')).toBe('dark');
    await user.click(toggle);
    expect(document.documentElement.classList.contains('dark')).toBe(false);
    expect(readCookie(document.cookie, 'b_theme')).toBe('light');
  });

  it('opens the Home/API/About menu from the menu button', async () => {
    const user = userEvent.setup();
    renderAt('/about');
    await user.click(screen.getByRole('button', { name: 'Open menu' }));
    const menu = await screen.findByRole('menu');
    const items = Array.from(menu.querySelectorAll('[role="menuitem"]'));
    expect(items.map((item) => item.textContent)).toEqual(['Home', 'API', 'About']);
    expect(items[2]?.getAttribute('aria-current')).toBe('page');
  });
});
