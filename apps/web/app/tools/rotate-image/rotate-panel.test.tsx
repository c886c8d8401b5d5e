import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { imageFile, renderWithProviders, sentForm, stubFetch, stubObjectUrls } from '../_shared/test-utils';
import RotatePanel from './rotate-panel';

beforeEach(() => {
  stubObjectUrls();
});
afterEach(() => {
  vi.restoreAllMocks();
});

const png = () =>
  new Response(new Uint8Array([1, 2, 3]), {
    headers: { 'content-type': 'image/png', 'x-image-width': '300', 'x-image-height': '451' },
  });

describe('Rotate panel', () => {
  it('sends the angle and background, and the defaults the schema gives', { timeout: 20_000 }, async () => {
    const requests = stubFetch(png);
    const { container } = renderWithProviders(<RotatePanel />);
    await userEvent.upload(
      container.querySelector('input[type="file"]') as HTMLInputElement,
      imageFile('cat.png'),
    );
    await userEvent.clear(screen.getByLabelText('Angle (degrees)'));
    await userEvent.type(screen.getByLabelText('Angle (degrees)'), '-12.5');
    await userEvent.type(screen.getByLabelText('Background'), '#ff000080');
    await userEvent.click(screen.getByRole('button', { name: 'Rotate Image' }));
    expect(await screen.findByText('Image successfully rotated.')).toBeTruthy();
    const form = sentForm(requests);
    expect(requests[0]?.url).toBe('/api/v1/images/rotate');
    expect([form.get('angle'), form.get('background'), form.get('quality')]).toEqual([
      '-12.5',
      '#ff000080',
      '85',
    ]);
  });

  it('shows the schema sentence for an angle out of range and a bad colour, and sends nothing', {
    timeout: 20_000,
  }, async () => {
    const requests = stubFetch(png);
    const { container } = renderWithProviders(<RotatePanel />);
    await userEvent.upload(
      container.querySelector('input[type="file"]') as HTMLInputElement,
      imageFile('cat.png'),
    );
    await userEvent.clear(screen.getByLabelText('Angle (degrees)'));
    await userEvent.type(screen.getByLabelText('Angle (degrees)'), '361');
    await userEvent.type(screen.getByLabelText('Background'), 'red');
    await userEvent.click(screen.getByRole('button', { name: 'Rotate Image' }));
    expect(await screen.findByText('angle must be a number between -360 and 360.')).toBeTruthy();
    expect(screen.getByText('background must be a hex colour such as #ffffff or #00000080.')).toBeTruthy();
    expect(requests).toHaveLength(0);
  });
});
