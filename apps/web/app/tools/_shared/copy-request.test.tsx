import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { apiKeyStore } from '~/lib/api-key';
import { labels } from '../resize-image/resize-form';
import ResizePanel from '../resize-image/resize-panel';
import WordCounterPanel from '../word-counter/word-counter-panel';
import { imageFile, renderWithProviders, stubFetch, stubObjectUrls } from './test-utils';

const copied: string[] = [];

const png = () =>
  new Response(new Uint8Array([1, 2, 3]), {
    headers: { 'content-type': 'image/png', 'content-disposition': 'attachment; filename="cat-resize.png"' },
  });
const analysis = () =>
  new Response(JSON.stringify({ success: true, message: 'ok', data: { words: 2 } }), {
    headers: { 'content-type': 'application/json' },
  });

const copyGroup = () => screen.getByRole('group', { name: 'Copy as' });

beforeEach(() => {
  stubObjectUrls();
  copied.length = 0;
  Object.defineProperty(navigator, 'clipboard', {
    value: { writeText: async (text: string) => void copied.push(text) },
    configurable: true,
  });
});
afterEach(() => {
  vi.restoreAllMocks();
  apiKeyStore.clear();
  Object.defineProperty(navigator, 'clipboard', { value: undefined, configurable: true });
});

describe('Copy as', () => {
  it('appears once a request is made and copies it as cURL, the file by name, then says Copied', async () => {
    stubFetch(png);
    const { container } = renderWithProviders(<ResizePanel />);
    expect(screen.queryByRole('group', { name: 'Copy as' })).toBeNull();
    await userEvent.upload(container.querySelector('input[type="file"]') as HTMLInputElement, imageFile());
    await userEvent.type(screen.getByLabelText(labels.width, { exact: true }), '300');
    await userEvent.click(screen.getByRole('button', { name: labels.submit }));
    await screen.findByRole('link', { name: 'Download' });

    await userEvent.click(within(copyGroup()).getByRole('button', { name: 'Copy as cURL' }));
    expect(copied).toEqual([
      [
        `curl -X POST '${window.location.origin}/api/v1/images/resize' \\`,
        `  -F 'image=@cat.png' \\`,
        `  -F 'width=300' \\`,
        `  -F 'maintain_aspect=true' \\`,
        `  -F 'quality=85' \\`,
        '  --fail-with-body -o cat-resize.png',
      ].join('\n'),
    ]);
    expect(within(copyGroup()).getByRole('status').textContent).toBe('Copied');
  });

  it('sends typed text inline, and the API key as the $TOOLKIT_API_KEY placeholder, never itself', async () => {
    apiKeyStore.set('secret-key-1');
    stubFetch(analysis);
    renderWithProviders(<WordCounterPanel />);
    const text = screen.getByRole('textbox');
    await userEvent.clear(text);
    await userEvent.type(text, "it's @two");
    await userEvent.click(screen.getByRole('button', { name: 'Count Words' }));
    await screen.findByRole('heading', { name: 'Statistics' });

    for (const name of ['Copy as cURL', 'Copy as JavaScript', 'Copy as Python']) {
      await userEvent.click(within(copyGroup()).getByRole('button', { name }));
    }
    const [curl, javascript, python] = copied;
    expect(curl).toContain(`-H "Authorization: Bearer $TOOLKIT_API_KEY"`);
    expect(curl).toContain(`--data-binary '{"text": "it'\\''s @two"}'`);
    expect(javascript).toContain(`body: JSON.stringify({text: "it's @two"}),`);
    expect(python).toContain(`body = {'text': "it's @two"}`);
    for (const code of copied) expect(code).not.toContain('secret-key-1');
  });
});
