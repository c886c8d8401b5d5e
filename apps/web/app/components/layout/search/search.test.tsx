import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { beforeAll, describe, expect, it } from 'vitest';
import { SearchButton } from './search-button';
import { SearchProvider } from './search-provider';

function setup() {
  const router = createMemoryRouter(
    [
      {
        path: '*',
        element: (
          <SearchProvider>
            <SearchButton />
          </SearchProvider>
        ),
      },
    ],
    { initialEntries: ['/'] },
  );
  render(<RouterProvider router={router} />);
  return { router, user: userEvent.setup() };
}

// The provider loads the dialog's code on first use; loading it here first keeps the module's first
// transform (slow on a busy machine) out of the tests' one-second waits.
beforeAll(async () => {
  await import('./search-dialog');
});

describe('search dialog', () => {
  it('toggles with Ctrl+K and lists the 22 pages under API Endpoints', async () => {
    const { user } = setup();
    await user.keyboard('{Control>}k{/Control}');
    const dialog = await screen.findByRole('dialog');
    expect(screen.getByPlaceholderText('Search docs...')).toBeTruthy();
    expect(dialog.textContent).toContain('API Endpoints');
    expect(screen.getAllByRole('option')).toHaveLength(22);
    expect(screen.getAllByRole('option')[0]?.textContent).toContain('Resize Image');
    await user.keyboard('{Control>}k{/Control}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('opens with Cmd+K and from the button', async () => {
    const { user } = setup();
    await user.keyboard('{Meta>}k{/Meta}');
    expect(await screen.findByRole('dialog')).toBeTruthy();
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await user.click(screen.getByRole('button', { name: 'Search documentation...' }));
    expect(await screen.findByRole('dialog')).toBeTruthy();
  });

  it("filters by title and keyword and says 'No results found.'", async () => {
    const { user } = setup();
    await user.keyboard('{Control>}k{/Control}');
    const input = await screen.findByPlaceholderText('Search docs...');
    await user.type(input, 'base64');
    expect(screen.getAllByRole('option').map((option) => option.textContent?.split('/')[0])).toEqual([
      'Base64 Encode',
      'Base64 Decode',
      'Image to Base64',
    ]);
    await user.clear(input);
    await user.type(input, 'no such page');
    expect(screen.queryAllByRole('option')).toHaveLength(0);
    expect(screen.getByText('No results found.')).toBeTruthy();
  });

  it('navigates to the chosen page and closes', async () => {
    const { router, user } = setup();
    await user.keyboard('{Control>}k{/Control}');
    const input = await screen.findByPlaceholderText('Search docs...');
    await user.type(input, 'thumbnail');
    await act(async () => {
      await user.keyboard('{Enter}');
    });
    expect(router.state.location.pathname).toBe('/docs/api/thumbnail-generator');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });
});
