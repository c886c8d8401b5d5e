import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { DocsBreadcrumb } from './docs-breadcrumb';

function renderAt(path: string) {
  return render(
    <MemoryRouter initialEntries={[path]}>
      <DocsBreadcrumb />
    </MemoryRouter>,
  );
}

describe('DocsBreadcrumb', () => {
  it('shows Home > the page name from the catalog', () => {
    renderAt('/docs/api/image-base64');
    const nav = screen.getByRole('navigation', { name: 'Breadcrumb' });
    expect(nav.textContent).toBe('HomeBase64 Encode');
    expect(screen.getByRole('link', { name: 'Home' }).getAttribute('href')).toBe('/');
    const current = screen.getByText('Base64 Encode');
    expect(current.getAttribute('aria-current')).toBe('page');
  });

  it("names /docs/api 'Resize Image'", () => {
    renderAt('/docs/api');
    expect(screen.getByText('Resize Image').getAttribute('aria-current')).toBe('page');
  });

  it("shows 'Documentation' for unknown docs paths", () => {
    renderAt('/docs/api/not-a-page');
    expect(screen.getByText('Documentation').getAttribute('aria-current')).toBe('page');
  });
});
