import { fireEvent, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, onTestFinished, vi } from 'vitest';
import type { DocumentResult, FileResult } from '~/lib/api-client';
import { LARGE_RESULT_BYTES } from '~/lib/tool-response';
import { renderWithProviders, stubObjectUrls } from '../test-utils';
import { AudioResult, formatDuration } from './audio-result';
import { CompareResult, savings } from './compare-result';
import { PdfResult } from './pdf-result';
import { downloadName } from './result-card';
import { TextResult } from './text-result';

function fileResult(
  bytes: number,
  type: string,
  headers: Record<string, string> = {},
  filename?: string,
): FileResult {
  return {
    blob: new Blob([new Uint8Array(bytes)], { type }),
    filename,
    contentType: type,
    headers: new Headers(headers),
    width: undefined,
    height: undefined,
  };
}

let urls: ReturnType<typeof stubObjectUrls>;
beforeEach(() => {
  urls = stubObjectUrls();
});
afterEach(() => {
  vi.restoreAllMocks();
});

describe('compare view', () => {
  const original = new File([new Uint8Array(1000)], 'photo.jpg', { type: 'image/jpeg' });

  it('shows both sizes and the share saved, from the result headers', () => {
    const result = fileResult(380, 'image/jpeg', { 'x-original-size': '1000', 'x-output-size': '380' });
    renderWithProviders(
      <CompareResult result={result} original={original} operation="compressed" resultLabel="Compressed" />,
    );
    expect(screen.getByTestId('size-saved').textContent).toBe('62% saved');
    expect(screen.getByRole('img', { name: 'Original: photo.jpg' })).toBeTruthy();
    expect(screen.getByRole('img', { name: 'Compressed: photo-compressed.jpg' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Download' }).getAttribute('download')).toBe(
      'photo-compressed.jpg',
    );
  });

  it('says when nothing smaller could be made (X-Compression: none)', () => {
    const result = fileResult(1000, 'image/jpeg', { 'x-compression': 'none' });
    renderWithProviders(<CompareResult result={result} original={original} operation="compressed" />);
    expect(screen.getByTestId('size-saved').textContent).toContain('no change in size');
    expect(screen.getByText(/the original came back unchanged/)).toBeTruthy();
  });

  it('draws both pictures at the same scale, side by side or over each other with a slider', async () => {
    const result = fileResult(300, 'image/webp');
    renderWithProviders(<CompareResult result={result} original={original} operation="compressed" />);
    const before = screen.getByRole('img', { name: /^Original/ }) as HTMLImageElement;
    const after = screen.getByRole('img', { name: /^Result/ }) as HTMLImageElement;
    Object.defineProperty(before, 'naturalWidth', { value: 800 });
    Object.defineProperty(after, 'naturalWidth', { value: 400 });
    fireEvent.load(before);
    fireEvent.load(after);
    // Fit: the wider fills its pane; the other is drawn at the same scale, so half as wide.
    expect(before.style.width).toBe('100%');
    expect(after.style.width).toBe('50%');
    await userEvent.click(screen.getByRole('button', { name: '100%' }));
    expect(before.style.width).toBe('');

    await userEvent.click(screen.getByRole('button', { name: 'Slider' }));
    const slider = screen.getByRole('slider');
    fireEvent.change(slider, { target: { value: '30' } });
    expect(screen.getByRole('img', { name: /^Result/ }).style.clipPath).toBe('inset(0 0 0 30%)');
    expect(screen.getByRole('button', { name: 'Slider' }).getAttribute('aria-pressed')).toBe('true');
  });

  it('words savings and growth', () => {
    expect(savings(200, 50)).toBe('75% saved');
    expect(savings(100, 120)).toBe('20% larger');
  });
});

describe('document result', () => {
  const doc = (text: string | undefined, bytes: number, type = 'text/csv'): DocumentResult => ({
    ...fileResult(bytes, type, {}, 'rows.csv'),
    text,
  });

  it('shows the text with its type and size', () => {
    renderWithProviders(<TextResult result={doc('a,b\n1,2\n', 8)} operation="converted" label="CSV" />);
    const result = screen.getByRole('region', { name: 'Result' });
    expect(within(result).getByRole('region', { name: /^CSV/ }).textContent).toBe('a,b\n1,2\n');
    expect(within(result).getByText('text/csv')).toBeTruthy();
    expect(within(result).getByRole('link', { name: 'Download rows.csv' })).toBeTruthy();
  });

  it('offers a result over the size limit as a download instead of rendering it', () => {
    renderWithProviders(<TextResult result={doc(undefined, LARGE_RESULT_BYTES + 1)} operation="converted" />);
    expect(screen.getByTestId('download-instead').textContent).toMatch(
      /too large to show here .*download it instead/,
    );
    expect(screen.queryByRole('button', { name: /^Copy/ })).toBeNull();
    expect(screen.getByRole('link', { name: 'Download rows.csv' }).getAttribute('href')).toBe(
      urls.created[0],
    );
  });

  it('offers a binary result (decoded base64 of an image) as a download', () => {
    renderWithProviders(<TextResult result={doc(undefined, 10, 'image/png')} operation="decoded" />);
    expect(screen.getByTestId('download-instead').textContent).toBe(
      'The result is a binary file (image/png): download it to open it.',
    );
  });
});

describe('audio result', () => {
  it('plays the original and the result, with the duration from X-Duration-Seconds', () => {
    const original = new File([new Uint8Array(5000)], 'voice.wav', { type: 'audio/wav' });
    const result = fileResult(1000, 'audio/mpeg', { 'x-duration-seconds': '75.4' });
    const { container } = renderWithProviders(
      <AudioResult result={result} original={original} operation="converted" />,
    );
    const players = container.querySelectorAll('audio');
    expect(players).toHaveLength(2);
    expect(players[0]?.getAttribute('aria-label')).toBe('Original (voice.wav)');
    expect(players[1]?.getAttribute('aria-label')).toBe('Result (voice-converted.mp3)');
    expect(screen.getByTestId('audio-duration').textContent).toBe('1:15');
    expect(screen.getByText('80% smaller than the original')).toBeTruthy();
    expect(formatDuration(3725)).toBe('1:02:05');
  });
});

describe('PDF result', () => {
  it('embeds the PDF from its local URL and offers the download under its name', () => {
    renderWithProviders(
      <PdfResult result={fileResult(2048, 'application/pdf', {}, 'notes.pdf')} operation="pdf" />,
    );
    const frame = screen.getByTitle('PDF preview of notes.pdf');
    expect(frame.getAttribute('src')).toMatch(/^blob:/);
    expect(screen.getByRole('link', { name: 'Download' }).getAttribute('download')).toBe('notes.pdf');
  });

  it('says to download when the browser shows no PDFs inline', () => {
    // jsdom has no pdfViewerEnabled; a browser without a PDF viewer says false.
    Object.defineProperty(navigator, 'pdfViewerEnabled', { value: false, configurable: true });
    onTestFinished(() => {
      Reflect.deleteProperty(navigator, 'pdfViewerEnabled');
    });
    renderWithProviders(
      <PdfResult result={fileResult(10, 'application/pdf', {}, 'notes.pdf')} operation="pdf" />,
    );
    expect(screen.queryByTitle('PDF preview of notes.pdf')).toBeNull();
    expect(screen.getByTestId('no-pdf-viewer').textContent).toMatch(/download the file to open it/);
    expect(screen.getByRole('link', { name: 'Download' })).toBeTruthy();
  });
});

describe('download names', () => {
  it("prefer the server's name, else '<stem>-<operation>.<ext>' from the type", () => {
    expect(downloadName({ filename: 'x.zip', contentType: 'application/zip' }, null, 'c')).toBe('x.zip');
    expect(
      downloadName(
        { filename: undefined, contentType: 'audio/ogg; codecs=opus' },
        { name: 'a.b.wav' },
        'converted',
      ),
    ).toBe('a.b-converted.ogg');
    expect(
      downloadName({ filename: undefined, contentType: 'application/x-unknown' }, undefined, 'out'),
    ).toBe('result-out.bin');
  });
});
