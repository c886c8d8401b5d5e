import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { PROGRESS_MIN_BYTES } from '~/lib/api-client';
import { useToolMutation } from '~/lib/use-tool-mutation';
import { FakeXhr } from '../../../test/fake-xhr';
import { NodeBlobResponse } from '../../../test/node-blob';
import { FormCard } from './panel';
import { FileResultCard } from './results/file-result';
import { TextResult } from './results/text-result';
import { renderWithProviders, stubFetch, stubObjectUrls } from './test-utils';
import { TextOrFileInput } from './text-or-file-input';
import { UploadArea } from './upload-area';
import { useFileUpload } from './use-file-upload';
import { missingTextMessage, offsetOf, useTextOrFile } from './use-text-or-file';

/*
 * The frame put together as a panel would: hook, input, form card, result viewer.
 */

const jsonToCsv = {
  api: {
    path: '/data/json-to-csv',
    input: { kind: 'json-or-file', field: 'file', textKey: 'json' },
    output: 'document',
  },
} as const;

function TextPanel() {
  const mutation = useToolMutation(jsonToCsv, { successMessage: 'Converted.' });
  const input = useTextOrFile(jsonToCsv.api.input, '', mutation.reset);
  return (
    <>
      <FormCard
        label="Convert JSON to CSV"
        texts={{ submit: 'Convert', submitting: 'Converting…', failure: 'It failed.' }}
        mutation={mutation}
        onErrorPosition={input.goTo}
        onSubmit={() => {
          const main = input.take();
          if (main) mutation.mutate({ ...main, fields: { delimiter: ';' } });
        }}
      >
        <TextOrFileInput input={input} />
      </FormCard>
      {mutation.data && <TextResult result={mutation.data} operation="converted" label="CSV" />}
    </>
  );
}

const compressFiles = {
  api: { path: '/files/compress', input: { kind: 'file', field: 'file', accept: [] }, output: 'archive' },
} as const;

function FilePanel() {
  const mutation = useToolMutation(compressFiles);
  const upload = useFileUpload(compressFiles.api.input, mutation.reset);
  return (
    <>
      <FormCard
        label="Compress"
        texts={{ submit: 'Compress', submitting: 'Compressing…', failure: 'It failed.' }}
        mutation={mutation}
        onSubmit={() => {
          const main = upload.take();
          if (main) mutation.mutate(main);
        }}
      >
        <UploadArea upload={upload} hint="Any file." />
      </FormCard>
      {mutation.data && (
        <FileResultCard
          result={mutation.data}
          inputs={upload.file ? [upload.file] : []}
          operation="compressed"
        />
      )}
    </>
  );
}

beforeEach(() => {
  stubObjectUrls();
});
afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

describe('a text tool in the frame', () => {
  it('says what is missing when there is neither text nor file', async () => {
    const requests = stubFetch();
    renderWithProviders(<TextPanel />);
    await userEvent.click(screen.getByRole('button', { name: 'Convert' }));
    expect(await screen.findByText(missingTextMessage('JSON'))).toBeTruthy();
    expect(missingTextMessage('JSON')).toBe('Please enter JSON or upload a file before submitting.');
    expect(requests).toHaveLength(0);
  });

  it('posts the typed text as JSON and shows the document with copy and download', async () => {
    const requests = stubFetch(
      () =>
        new Response('a;b\r\n1;2\r\n', {
          headers: {
            'content-type': 'text/csv; charset=utf-8',
            'content-disposition': 'attachment; filename="data.csv"',
          },
        }),
    );
    renderWithProviders(<TextPanel />);
    await userEvent.click(screen.getByLabelText('JSON'));
    await userEvent.paste('[{"a":1,"b":2}]');
    await userEvent.click(screen.getByRole('button', { name: 'Convert' }));
    const result = await screen.findByRole('region', { name: 'Result' });
    expect(JSON.parse(String(requests[0]?.form))).toEqual({ json: '[{"a":1,"b":2}]', delimiter: ';' });
    expect(within(result).getByRole('region', { name: /^CSV/ }).textContent).toBe('a;b\r\n1;2\r\n');
    expect(within(result).getByRole('button', { name: 'Copy CSV' })).toBeTruthy();
    expect(within(result).getByRole('link', { name: 'Download data.csv' }).getAttribute('download')).toBe(
      'data.csv',
    );
    expect(await screen.findByText('Converted.')).toBeTruthy();
  });

  it('posts a chosen file instead of the text', async () => {
    const requests = stubFetch(() => new Response('a\r\n1\r\n', { headers: { 'content-type': 'text/csv' } }));
    const { container } = renderWithProviders(<TextPanel />);
    await userEvent.type(screen.getByLabelText('JSON'), 'ignored');
    const file = new File(['[{"a":1}]'], 'rows.json', { type: 'application/json' });
    await userEvent.upload(container.querySelector('input[type="file"]') as HTMLInputElement, file);
    expect(screen.getByText('rows.json')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Convert' }));
    await screen.findByRole('region', { name: 'Result' });
    const form = requests[0]?.form as unknown as FormData;
    expect((form.get('file') as File).name).toBe('rows.json');
    expect(form.get('delimiter')).toBe(';');
  });

  it('Remove file goes back to sending the text', async () => {
    const requests = stubFetch(() => new Response('a\r\n', { headers: { 'content-type': 'text/csv' } }));
    const { container } = renderWithProviders(<TextPanel />);
    await userEvent.click(screen.getByLabelText('JSON'));
    await userEvent.paste('[1]');
    const file = new File(['[2]'], 'rows.json', { type: 'application/json' });
    await userEvent.upload(container.querySelector('input[type="file"]') as HTMLInputElement, file);
    await userEvent.click(screen.getByRole('button', { name: 'Remove file' }));
    expect(screen.queryByText('rows.json')).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Convert' }));
    await screen.findByRole('region', { name: 'Result' });
    expect(JSON.parse(String(requests[0]?.form))).toEqual({ json: '[1]', delimiter: ';' });
  });

  it('shows a parse error with its line and column, and goes there in the text', async () => {
    stubFetch(() =>
      Response.json(
        {
          success: false,
          message: 'Invalid JSON at line 2, column 3: unexpected token.',
          code: 'VALIDATION_ERROR',
        },
        { status: 400 },
      ),
    );
    renderWithProviders(<TextPanel />);
    const editor = screen.getByLabelText('JSON') as HTMLTextAreaElement;
    await userEvent.click(editor);
    await userEvent.paste('[\n  x]');
    await userEvent.click(screen.getByRole('button', { name: 'Convert' }));
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText('Invalid JSON at line 2, column 3: unexpected token.')).toBeTruthy();
    expect(within(alert).getByTestId('error-position').textContent).toBe('Line 2, column 3');
    await userEvent.click(within(alert).getByRole('button', { name: 'Show in the text' }));
    expect(document.activeElement).toBe(editor);
    expect(editor.selectionStart).toBe(offsetOf(editor.value, 2, 3));
    expect(editor.value.slice(editor.selectionStart, editor.selectionEnd)).toBe('x');
  });
});

describe('a large upload in the frame', () => {
  it('shows the progress bar while the bytes travel, then the file result', async () => {
    vi.stubGlobal('XMLHttpRequest', FakeXhr);
    const { container } = renderWithProviders(<FilePanel />);
    const big = new File([new Uint8Array(PROGRESS_MIN_BYTES)], 'logs.tar', { type: 'application/x-tar' });
    await userEvent.upload(container.querySelector('input[type="file"]') as HTMLInputElement, big);
    await userEvent.click(screen.getByRole('button', { name: 'Compress' }));
    await waitFor(() => expect(FakeXhr.last?.sent).toBeInstanceOf(FormData));
    const xhr = FakeXhr.last as FakeXhr;
    act(() => xhr.progress(PROGRESS_MIN_BYTES / 4, PROGRESS_MIN_BYTES));
    const bar = await screen.findByRole('progressbar');
    expect(bar.getAttribute('aria-valuenow')).toBe('25');
    expect(screen.getByText('Uploading… 128 KB of 512 KB')).toBeTruthy();
    act(() =>
      xhr.answer(
        200,
        NodeBlobResponse.blob([new Uint8Array(100)]),
        'content-type: application/gzip\r\ncontent-disposition: attachment; filename="logs.tar.gz"\r\nx-original-size: 524288\r\nx-output-size: 100',
      ),
    );
    const result = await screen.findByRole('region', { name: 'Result' });
    expect(screen.queryByRole('progressbar')).toBeNull();
    expect(within(result).getByText('logs.tar.gz')).toBeTruthy();
    expect(within(result).getByTestId('result-size').textContent).toBe('100 B100% smaller than the original');
  });

  it('Cancel upload stops the request and shows no error', async () => {
    vi.stubGlobal('XMLHttpRequest', FakeXhr);
    const { container } = renderWithProviders(<FilePanel />);
    const big = new File([new Uint8Array(PROGRESS_MIN_BYTES)], 'big.bin');
    await userEvent.upload(container.querySelector('input[type="file"]') as HTMLInputElement, big);
    await userEvent.click(screen.getByRole('button', { name: 'Compress' }));
    await waitFor(() => expect(FakeXhr.last?.sent).toBeInstanceOf(FormData));
    act(() => FakeXhr.last?.progress(1000, PROGRESS_MIN_BYTES));
    await userEvent.click(await screen.findByRole('button', { name: 'Cancel upload' }));
    expect(FakeXhr.last?.aborted).toBe(true);
    await waitFor(() =>
      expect(screen.getByRole('button', { name: 'Compress' }).hasAttribute('disabled')).toBe(false),
    );
    expect(screen.queryByRole('alert')).toBeNull();
    expect(screen.queryByRole('progressbar')).toBeNull();
  });
});
