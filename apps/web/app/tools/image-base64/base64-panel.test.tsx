import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { imageFile, renderWithProviders, sentForm, stubFetch, stubObjectUrls } from '../_shared/test-utils';
import Base64Panel from './base64-panel';
import { MAX_SHOWN_CHARACTERS } from './base64-result';

const ok = (base64: string) => () =>
  new Response(
    JSON.stringify({
      success: true,
      message: 'Image successfully converted.',
      data: {
        base64,
        dataUri: `data:image/png;base64,${base64}`,
        cssUrl: `url("data:image/png;base64,${base64}")`,
        mimeType: 'image/png',
        bytes: Math.floor((base64.length * 3) / 4),
        width: 48,
        height: 48,
      },
    }),
    { headers: { 'content-type': 'application/json' } },
  );

async function convert(container: HTMLElement) {
  await userEvent.upload(container.querySelector('input[type="file"]') as HTMLInputElement, imageFile());
  await screen.findByRole('img', { name: 'Preview of cat.png' });
  await userEvent.click(screen.getByRole('button', { name: 'Convert to Base64' }));
}

beforeEach(() => {
  stubObjectUrls();
});
afterEach(() => {
  vi.restoreAllMocks();
});

describe('Image to Base64 panel', () => {
  it('shows the guidance: under 1 MB, about 33% larger', () => {
    renderWithProviders(<Base64Panel />);
    expect(screen.getByText('1 MB')).toBeTruthy();
    expect(screen.getByText('33%')).toBeTruthy();
  });

  it('posts the image and shows data.base64 and data.cssUrl, each with a copy button', async () => {
    const requests = stubFetch(ok('iVBORw0KGgo='));
    const { container } = renderWithProviders(<Base64Panel />);
    await convert(container);
    expect(await screen.findByText('Image successfully converted.')).toBeTruthy();
    expect(requests[0]?.url).toBe('/api/v1/images/base64');
    expect([...sentForm(requests).keys()]).toEqual(['image']);

    const result = screen.getByRole('region', { name: 'Result' });
    expect(within(result).getByText('iVBORw0KGgo=')).toBeTruthy();
    expect(within(result).getByText('url("data:image/png;base64,iVBORw0KGgo=")')).toBeTruthy();
    expect(within(result).getByRole('button', { name: 'Copy Base64 string' })).toBeTruthy();
    expect(within(result).getByRole('button', { name: 'Copy CSS url()' })).toBeTruthy();
  });

  it('shows the start of a very large result and offers the whole text for download', async () => {
    const large = 'A'.repeat(MAX_SHOWN_CHARACTERS + 10);
    stubFetch(ok(large));
    const { container } = renderWithProviders(<Base64Panel />);
    await convert(container);
    const result = await screen.findByRole('region', { name: 'Result' });
    const shown = within(result).getByRole('region', { name: /^Base64/ });
    expect(shown.textContent).toHaveLength(MAX_SHOWN_CHARACTERS);
    expect(within(result).getByRole('link', { name: 'Download image.b64.txt' })).toBeTruthy();
  });

  it("shows the server's message, and keeps the form usable", async () => {
    stubFetch(
      () =>
        new Response(
          JSON.stringify({ success: false, message: 'The image is truncated.', code: 'UNPROCESSABLE_FILE' }),
          {
            status: 422,
            headers: { 'content-type': 'application/json' },
          },
        ),
    );
    const { container } = renderWithProviders(<Base64Panel />);
    await convert(container);
    expect((await screen.findByRole('alert')).textContent).toBe('The image is truncated.');
    expect(screen.getByRole('button', { name: 'Convert to Base64' }).hasAttribute('disabled')).toBe(false);
  });
});
