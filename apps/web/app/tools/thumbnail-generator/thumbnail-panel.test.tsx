import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { imageFile, renderWithProviders, sentForm, stubFetch, stubObjectUrls } from '../_shared/test-utils';
import ThumbnailPanel from './thumbnail-panel';
import { SIZE_LABEL } from './thumbnail-sizes';

beforeEach(() => {
  stubObjectUrls();
});
afterEach(() => {
  vi.restoreAllMocks();
});

const jpeg = () =>
  new Response(new Uint8Array([0xff, 0xd8, 0xff]), {
    headers: { 'content-type': 'image/jpeg', 'x-image-width': '150', 'x-image-height': '150' },
  });

describe('Thumbnail panel', () => {
  it("labels the size control 'Thumbnail Size' and shows Small (150x150) first", () => {
    renderWithProviders(<ThumbnailPanel />);
    const control = screen.getByLabelText(SIZE_LABEL, { exact: true });
    expect(control.getAttribute('role')).toBe('combobox');
    expect(control.textContent).toContain('Small (150x150)');
  });

  it('posts the image and size=small to the resize operation, then shows the thumbnail', async () => {
    const requests = stubFetch(jpeg);
    const { container } = renderWithProviders(<ThumbnailPanel />);
    await userEvent.upload(
      container.querySelector('input[type="file"]') as HTMLInputElement,
      imageFile('portrait.jpg', 'image/jpeg'),
    );
    await screen.findByRole('img', { name: 'Preview of portrait.jpg' });
    await userEvent.click(screen.getByRole('button', { name: 'Generate Thumbnail' }));

    expect(await screen.findByText('Thumbnail successfully generated.')).toBeTruthy();
    expect(requests[0]?.url).toBe('/api/v1/images/resize');
    const form = sentForm(requests);
    expect([...form.keys()]).toEqual(['image', 'size']);
    expect(form.get('size')).toBe('small');
    const result = screen.getByRole('region', { name: 'Result' });
    expect(within(result).getByText('150 × 150 px')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Download' }).getAttribute('download')).toBe(
      'portrait-thumbnail.jpg',
    );
  });

  it('shows an error without a readable body in an inline alert', async () => {
    stubFetch(() => new Response('', { status: 400 }));
    const { container } = renderWithProviders(<ThumbnailPanel />);
    await userEvent.upload(container.querySelector('input[type="file"]') as HTMLInputElement, imageFile());
    await screen.findByRole('img');
    await userEvent.click(screen.getByRole('button', { name: 'Generate Thumbnail' }));
    // An empty body has no message: the client says so in its own words.
    expect((await screen.findByRole('alert')).textContent).toBe('An unknown error occurred.');
  });
});
