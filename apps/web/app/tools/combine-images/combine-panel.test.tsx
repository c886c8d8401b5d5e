import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { imageFile, renderWithProviders, sentForm, stubFetch, stubObjectUrls } from '../_shared/test-utils';
import CombinePanel from './combine-panel';

beforeEach(() => {
  stubObjectUrls();
});
afterEach(() => {
  vi.restoreAllMocks();
});

describe('Combine panel', () => {
  it('sends the images in the order shown, with the layout defaults', { timeout: 20_000 }, async () => {
    const requests = stubFetch(
      () =>
        new Response(new Uint8Array([1, 2, 3]), {
          headers: { 'content-type': 'image/png', 'x-image-width': '80', 'x-image-height': '40' },
        }),
    );
    const { container } = renderWithProviders(<CombinePanel />);
    await userEvent.upload(container.querySelector('input[type="file"]') as HTMLInputElement, [
      imageFile('a.png'),
      imageFile('b.png'),
    ]);
    await userEvent.click(screen.getByRole('button', { name: 'Move b.png up' }));
    await userEvent.click(screen.getByRole('button', { name: 'Combine Images' }));
    expect(await screen.findByText('Images successfully combined.')).toBeTruthy();
    const form = sentForm(requests);
    expect(form.getAll('images').map((file) => (file as File).name)).toEqual(['b.png', 'a.png']);
    expect([form.get('direction'), form.get('align'), form.get('gap'), form.get('format')]).toEqual([
      'horizontal',
      'center',
      '0',
      'png',
    ]);
  });
});
