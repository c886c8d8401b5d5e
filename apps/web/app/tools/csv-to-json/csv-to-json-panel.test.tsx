import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders, stubFetch, stubObjectUrls } from '../_shared/test-utils';
import CsvToJsonPanel from './csv-to-json-panel';

beforeEach(() => stubObjectUrls());
afterEach(() => vi.restoreAllMocks());

describe('CSV to JSON panel', () => {
  it('sends the typed CSV with the chosen options and shows the JSON and the ragged rows', async () => {
    const json = '[\n  {\n    "a": 1,\n    "b": null\n  }\n]';
    const requests = stubFetch(
      () =>
        new Response(json, {
          headers: {
            'content-type': 'application/json; charset=utf-8',
            'x-row-count': '1',
            'x-delimiter': ',',
            'x-ragged-rows': '1',
            'x-ragged-first-row': '1',
          },
        }),
    );
    renderWithProviders(<CsvToJsonPanel />);
    const editor = screen.getByLabelText('CSV');
    await userEvent.clear(editor);
    await userEvent.type(editor, 'a,b{enter}1{enter}');
    await userEvent.click(screen.getByRole('checkbox', { name: 'Skip empty lines' }));
    await userEvent.click(screen.getByRole('button', { name: 'Convert to JSON' }));
    expect((await screen.findByRole('region', { name: /^JSON/ }))?.textContent).toContain('"a": 1');
    expect(screen.getByTestId('ragged-rows')?.textContent).toContain('1, the first is row 1');
    expect(JSON.parse(String(requests[0]?.form))).toEqual({
      csv: 'a,b\n1\n',
      header: true,
      dynamic_typing: true,
      skip_empty_lines: false,
    });
  });
});
