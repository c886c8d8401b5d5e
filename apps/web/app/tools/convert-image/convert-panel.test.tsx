import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { imageFile, renderWithProviders, sentForm, stubFetch, stubObjectUrls } from '../_shared/test-utils';
import ConvertPanel from './convert-panel';

beforeEach(() => {
  stubObjectUrls();
});
afterEach(() => {
  vi.restoreAllMocks();
});

describe('Convert panel', () => {
  it('sends WebP unless another format is chosen, and says when only the first frame came back', {
    timeout: 20_000,
  }, async () => {
    const requests = stubFetch(
      () =>
        new Response(new Uint8Array([1, 2, 3]), {
          headers: {
            'content-type': 'image/png',
            'x-image-width': '350',
            'x-image-height': '189',
            'x-animation': 'first-frame',
          },
        }),
    );
    const { container } = renderWithProviders(<ConvertPanel />);
    await userEvent.upload(
      container.querySelector('input[type="file"]') as HTMLInputElement,
      imageFile('aero.gif', 'image/gif'),
    );
    await userEvent.click(screen.getByRole('button', { name: 'Convert Image' }));
    expect(await screen.findByTestId('first-frame-note')).toBeTruthy();
    expect(sentForm(requests).get('format')).toBe('webp');
  });
});
