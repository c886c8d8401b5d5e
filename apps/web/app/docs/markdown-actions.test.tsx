import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { COPY_FAILED_MESSAGE } from '~/tools/_shared/use-copy';
import { MarkdownActions } from './markdown-actions';

const markdown = '# Flip Image\n\n> Mirror an image.\n';

function setUp(answer: () => Promise<Response>) {
  const fetchMock = vi.fn((_url: string) => answer());
  const writeText = vi.fn(async (_text: string) => {});
  vi.stubGlobal('fetch', fetchMock);
  Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
  render(<MarkdownActions markdownPath="/docs/api/flip-image.md" />);
  return { fetchMock, writeText };
}

afterEach(() => {
  vi.unstubAllGlobals();
  Object.defineProperty(navigator, 'clipboard', { value: undefined, configurable: true });
});

const copyButton = () => screen.getByRole('button', { name: 'Copy page as Markdown' });

describe('Copy page as Markdown / View as Markdown', () => {
  it('copies the text of the page’s .md file, fetched once', async () => {
    const { fetchMock, writeText } = setUp(async () => new Response(markdown));
    fireEvent.pointerEnter(copyButton());
    fireEvent.click(copyButton());
    await waitFor(() => expect(writeText).toHaveBeenCalledWith(markdown));
    expect(fetchMock.mock.calls.map(([url]) => url)).toEqual(['/docs/api/flip-image.md']);
    expect(await screen.findByText('Page copied to the clipboard as Markdown')).toBeTruthy();
  });

  it('links the .md file', () => {
    setUp(async () => new Response(markdown));
    expect(screen.getByRole('link', { name: 'View as Markdown' }).getAttribute('href')).toBe(
      '/docs/api/flip-image.md',
    );
  });

  it('copies nothing and says so when the file cannot be fetched, then tries again', async () => {
    let status = 503;
    const { fetchMock, writeText } = setUp(async () => new Response('busy', { status }));
    fireEvent.click(copyButton());
    expect((await screen.findByRole('alert')).textContent).toBe(COPY_FAILED_MESSAGE);
    expect(writeText).not.toHaveBeenCalled();
    status = 200;
    fireEvent.click(copyButton());
    await waitFor(() => expect(writeText).toHaveBeenCalledWith('busy'));
    expect(fetchMock).toHaveBeenCalledTimes(2);
    await waitFor(() => expect(screen.queryByRole('alert')).toBeNull());
  });
});
