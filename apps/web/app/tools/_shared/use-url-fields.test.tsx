import { act, fireEvent, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { setJobIdInUrl } from '~/lib/jobs';
import CsvToJsonPanel from '../csv-to-json/csv-to-json-panel';
import { labels } from '../resize-image/resize-form';
import ResizePanel from '../resize-image/resize-panel';
import ThumbnailPanel from '../thumbnail-generator/thumbnail-panel';
import { SIZE_LABEL } from '../thumbnail-generator/thumbnail-sizes';
import { renderWithProviders } from './test-utils';
import { URL_TEXT_MAX_BYTES, urlText, withFields } from './use-url-fields';

const params = () => Object.fromEntries(new URLSearchParams(window.location.search));
const field = (label: string) => screen.getByLabelText(label, { exact: true }) as HTMLInputElement;
const textarea = () => screen.getByRole('textbox', { name: 'CSV' }) as HTMLTextAreaElement;
const headerBox = () => screen.getByRole('checkbox', { name: 'First row is the header' });

afterEach(() => {
  vi.restoreAllMocks();
});

describe('the address', () => {
  it('keeps text up to URL_TEXT_MAX_BYTES of UTF-8, not more', () => {
    expect(urlText('a'.repeat(URL_TEXT_MAX_BYTES))).toBe('a'.repeat(URL_TEXT_MAX_BYTES));
    expect(urlText('a'.repeat(URL_TEXT_MAX_BYTES + 1))).toBeUndefined();
    // 吾 is three bytes: 683 of them fit, 684 do not.
    expect(urlText('吾'.repeat(682))).toBeDefined();
    expect(urlText('吾'.repeat(683))).toBeUndefined();
  });

  it('changes only the names that changed, drops defaults and leaves other parameters', () => {
    const href = 'https://x.test/docs/tools/resize?job=j1&width=10&height=20';
    const next = withFields(
      href,
      { width: '300', height: '20', quality: '85' },
      { width: '10', height: '20', quality: '70' },
      { width: '', height: '', quality: '85' },
    );
    expect(Object.fromEntries(new URL(next).searchParams)).toEqual({ job: 'j1', width: '300', height: '20' });
  });
});

describe('a panel with its own state (resize)', () => {
  it('puts the fields in the address as they change and a new page restores them', async () => {
    window.history.replaceState(null, '', '/docs/tools/resize-image?from=docs');
    const first = renderWithProviders(<ResizePanel />);
    const length = window.history.length;
    await userEvent.type(field(labels.width), '300');
    await userEvent.click(screen.getByRole('checkbox', { name: labels.maintainAspect }));
    await userEvent.clear(field(labels.quality));
    await userEvent.type(field(labels.quality), '70');
    // A job the panel follows (jobs.ts) stays in the address beside the fields.
    act(() => setJobIdInUrl('job-1'));
    await userEvent.type(field(labels.height), '9');
    expect(params()).toEqual({
      from: 'docs',
      job: 'job-1',
      width: '300',
      height: '9',
      quality: '70',
      maintain_aspect: 'false',
    });
    // Replaced, never pushed: Back leaves the page instead of undoing a keystroke.
    expect(window.history.length).toBe(length);
    first.unmount();

    setJobIdInUrl(null);
    renderWithProviders(<ResizePanel />);
    expect(field(labels.width).value).toBe('300');
    expect(field(labels.height).value).toBe('9');
    expect(field(labels.quality).value).toBe('70');
    expect(screen.getByRole('checkbox', { name: labels.maintainAspect }).getAttribute('aria-checked')).toBe(
      'false',
    );
  });

  it('takes only digits from a link', () => {
    window.history.replaceState(
      null,
      '',
      '/docs/tools/resize-image?width=3x0&quality=abc&maintain_aspect=maybe',
    );
    renderWithProviders(<ResizePanel />);
    expect(field(labels.width).value).toBe('30');
    expect(field(labels.quality).value).toBe('');
    expect(screen.getByRole('checkbox', { name: labels.maintainAspect }).getAttribute('aria-checked')).toBe(
      'true',
    );
  });
});

describe('a data tool (schema fields and text)', () => {
  it('keeps the text and the schema fields in the address, and a new page restores them', async () => {
    window.history.replaceState(null, '', '/docs/tools/csv-to-json');
    const first = renderWithProviders(<CsvToJsonPanel />);
    fireEvent.change(textarea(), { target: { value: 'a;b\n"1";2' } });
    await userEvent.click(headerBox());
    expect(params()).toEqual({ csv: 'a;b\n"1";2', header: 'false' });
    first.unmount();

    renderWithProviders(<CsvToJsonPanel />);
    expect(textarea().value).toBe('a;b\n"1";2');
    expect(headerBox().getAttribute('aria-checked')).toBe('false');
  });

  it('leaves long text out of the address, and a value a field does not take is ignored', async () => {
    window.history.replaceState(null, '', '/docs/tools/csv-to-json?header=maybe&delimiter=%23');
    renderWithProviders(<CsvToJsonPanel />);
    expect(headerBox().getAttribute('aria-checked')).toBe('true');
    fireEvent.change(textarea(), { target: { value: 'x'.repeat(URL_TEXT_MAX_BYTES + 1) } });
    expect(params().csv).toBeUndefined();
    fireEvent.change(textarea(), { target: { value: 'short' } });
    expect(params().csv).toBe('short');
  });
});

describe('a select of its own (thumbnail size)', () => {
  for (const [search, shown] of [
    ['?size=large', 'Large (450x450)'],
    ['?size=huge', 'Small (150x150)'],
  ] as const) {
    it(`${search} shows ${shown}`, () => {
      window.history.replaceState(null, '', `/docs/tools/thumbnail-generator${search}`);
      renderWithProviders(<ThumbnailPanel />);
      expect(screen.getByLabelText(SIZE_LABEL, { exact: true }).textContent).toBe(shown);
    });
  }
});
