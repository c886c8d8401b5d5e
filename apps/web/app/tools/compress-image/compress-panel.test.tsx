import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { imageFile, renderWithProviders, sentForm, stubFetch, stubObjectUrls } from '../_shared/test-utils';
import CompressPanel from './compress-panel';

beforeEach(() => {
  stubObjectUrls();
});
afterEach(() => {
  vi.restoreAllMocks();
});

describe('Compress panel', () => {
  it('sends the defaults and shows before and after with the share saved', { timeout: 20_000 }, async () => {
    const requests = stubFetch(
      () =>
        new Response(new Uint8Array(25), {
          headers: {
            'content-type': 'image/jpeg',
            'x-image-width': '20',
            'x-image-height': '10',
            'x-original-size': '100',
            'x-output-size': '25',
          },
        }),
    );
    const { container } = renderWithProviders(<CompressPanel />);
    await userEvent.upload(
      container.querySelector('input[type="file"]') as HTMLInputElement,
      imageFile('photo.jpg', 'image/jpeg'),
    );
    await userEvent.click(screen.getByRole('button', { name: 'Compress Image' }));
    expect(await screen.findByText('Image successfully compressed.')).toBeTruthy();
    const form = sentForm(requests);
    expect([form.get('quality'), form.get('format'), form.get('lossless')]).toEqual(['75', 'same', 'false']);
    expect(screen.getAllByText(/75% saved/).length).toBeGreaterThan(0);
  });
});
