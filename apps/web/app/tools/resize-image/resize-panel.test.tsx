import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { UNAUTHORIZED_MESSAGE } from '~/lib/api-client';
import { authStore } from '~/lib/auth-store';
import { MISSING_IMAGE_MESSAGE } from '../_shared/input-kinds';
import { imageFile, renderWithProviders, sentForm, stubFetch, stubObjectUrls } from '../_shared/test-utils';
import { labels, messages } from './resize-form';
import ResizePanel from './resize-panel';

const field = (label: string) => screen.getByLabelText(label, { exact: true }) as HTMLInputElement;
const checkbox = () => screen.getByRole('checkbox', { name: labels.maintainAspect });
const submit = () => screen.getByRole('button', { name: labels.submit });

async function chooseImage(container: HTMLElement, file = imageFile('cat.png')) {
  const input = container.querySelector('input[type="file"]') as HTMLInputElement;
  await userEvent.upload(input, file);
  await screen.findByRole('img', { name: `Preview of ${file.name}` });
}

const png = () =>
  new Response(new Uint8Array([1, 2, 3]), {
    headers: {
      'content-type': 'image/png',
      'content-disposition': 'attachment; filename="cat-resize.png"',
      'x-image-width': '200',
      'x-image-height': '133',
    },
  });
const jsonError = (status: number, message: string) => () =>
  new Response(JSON.stringify({ success: false, message, code: 'X' }), {
    status,
    headers: { 'content-type': 'application/json' },
  });

beforeEach(() => {
  stubObjectUrls();
});
afterEach(() => {
  vi.restoreAllMocks();
  authStore.reset();
});

describe('Resize panel', () => {
  it('shows the fields with their defaults, the hint, the limits and the usage', () => {
    renderWithProviders(<ResizePanel />);
    expect(field(labels.width).value).toBe('');
    expect(field(labels.height).value).toBe('');
    expect(field(labels.quality).value).toBe('85');
    expect(checkbox().getAttribute('aria-checked')).toBe('true');
    expect(screen.getByText('Upload an image to resize. Supported formats: JPEG, PNG, WebP.')).toBeTruthy();
    expect(screen.getByText(/4096 × 4096 px/)).toBeTruthy();
    expect(screen.getByText(/Images up to 10 MB/)).toBeTruthy();
    // Every format the API reads (catalog imageInputTypes), not only the advertised three.
    expect(screen.getByText('Formats: JPEG, PNG, WebP. Also reads GIF, AVIF, TIFF and SVG.')).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Usage' })).toBeTruthy();
  });

  it('takes digits only and applies the enable/disable rules', async () => {
    renderWithProviders(<ResizePanel />);
    await userEvent.type(field(labels.width), '3x0-0');
    expect(field(labels.width).value).toBe('300');
    expect(field(labels.height).disabled).toBe(true);
    await userEvent.clear(field(labels.width));
    expect(field(labels.height).disabled).toBe(false);

    await userEvent.click(checkbox());
    await userEvent.type(field(labels.width), '300');
    await userEvent.type(field(labels.height), '1a2b');
    expect(field(labels.height).value).toBe('12');
    expect(checkbox().hasAttribute('disabled')).toBe(true);
  });

  it("refuses quality 0 with 'Quality must be between 1 and 100' and sends nothing", async () => {
    const requests = stubFetch();
    const { container } = renderWithProviders(<ResizePanel />);
    await chooseImage(container);
    await userEvent.clear(field(labels.quality));
    await userEvent.type(field(labels.quality), '0');
    await userEvent.click(submit());
    expect(screen.getByRole('alert').textContent).toBe(messages.quality);
    expect(field(labels.quality).getAttribute('aria-invalid')).toBe('true');
    expect(requests).toHaveLength(0);
    await userEvent.type(field(labels.quality), '5');
    expect(screen.queryByText(messages.quality)).toBeNull();
  });

  it('asks for an image with a toast when there is none', async () => {
    const requests = stubFetch();
    renderWithProviders(<ResizePanel />);
    await userEvent.click(submit());
    expect(await screen.findByText(MISSING_IMAGE_MESSAGE)).toBeTruthy();
    expect(requests).toHaveLength(0);
  });

  it('posts the image and the filled fields, then shows the toast, the result and its download', async () => {
    const requests = stubFetch(png);
    const { container } = renderWithProviders(<ResizePanel />);
    await chooseImage(container);
    await userEvent.type(field(labels.width), '200');
    await userEvent.click(submit());

    expect(await screen.findByText(messages.success)).toBeTruthy();
    expect(requests).toHaveLength(1);
    expect(requests[0]?.url).toBe('/api/v1/images/resize');
    const form = sentForm(requests);
    expect([...form.keys()]).toEqual(['image', 'width', 'maintain_aspect', 'quality']);
    expect(form.get('width')).toBe('200');
    expect(form.get('quality')).toBe('85');
    expect((form.get('image') as File).name).toBe('cat.png');

    const link = await screen.findByRole('link', { name: 'Download' });
    expect(link.getAttribute('download')).toBe('cat-resize.png');
    expect(link.getAttribute('href')).toMatch(/^blob:/);
    expect(screen.getByText('200 × 133 px')).toBeTruthy();
    expect(submit().hasAttribute('disabled')).toBe(false);
  });

  it('disables the button and spins while the request runs', async () => {
    let answer: (response: Response) => void = () => {};
    vi.spyOn(globalThis, 'fetch').mockImplementation(
      () => new Promise<Response>((resolve) => (answer = resolve)),
    );
    const { container } = renderWithProviders(<ResizePanel />);
    await chooseImage(container);
    await userEvent.type(field(labels.width), '200');
    await userEvent.click(submit());
    const busy = await screen.findByRole('button', { name: labels.submitting });
    expect(busy.hasAttribute('disabled')).toBe(true);
    expect(busy.querySelector('svg.animate-spin')).not.toBeNull();
    answer(png());
    expect(await screen.findByRole('button', { name: labels.submit })).toBeTruthy();
  });

  it('shows the server message in an inline alert', async () => {
    stubFetch(jsonError(422, 'The image could not be decoded.'));
    const { container } = renderWithProviders(<ResizePanel />);
    await chooseImage(container);
    await userEvent.type(field(labels.width), '200');
    await userEvent.click(submit());
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toBe('The image could not be decoded.');
    expect(screen.queryByRole('link', { name: 'Download' })).toBeNull();
  });

  it('shows the authorization alert on a 401 and forgets the user', async () => {
    stubFetch(jsonError(401, 'Unauthorized'));
    const { container, queryClient } = renderWithProviders(<ResizePanel />);
    queryClient.setQueryData(['cached'], 1);
    await chooseImage(container);
    await userEvent.type(field(labels.width), '200');
    await userEvent.click(submit());
    expect((await screen.findByRole('alert')).textContent).toBe(UNAUTHORIZED_MESSAGE);
    expect(queryClient.getQueryData(['cached'])).toBeUndefined();
    expect(authStore.getState().user).toBeNull();
  });

  it('clears the result when the image is removed', async () => {
    stubFetch(png);
    const { container } = renderWithProviders(<ResizePanel />);
    await chooseImage(container);
    await userEvent.type(field(labels.width), '200');
    await userEvent.click(submit());
    await screen.findByRole('link', { name: 'Download' });
    await userEvent.click(screen.getByRole('button', { name: 'Remove' }));
    await waitFor(() => expect(screen.queryByRole('link', { name: 'Download' })).toBeNull());
  });
});
