import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders, stubObjectUrls } from '~/tools/_shared/test-utils';
import PipelineBuilder from './pipeline-builder';

const link =
  '/docs/pipeline?input=text&text=name%2Cqty%0Aapple%2C3%0A&s1=data%2Fcsv-to-json&s2=data%2Fjson-to-xml&s2.root=rows';

function open(url: string) {
  const router = createMemoryRouter([{ path: '/docs/pipeline', element: <PipelineBuilder /> }], {
    initialEntries: [url],
  });
  renderWithProviders(<RouterProvider router={router} />);
  return { params: () => new URLSearchParams(router.state.location.search) };
}

const card = (n: number) => screen.getByRole('region', { name: new RegExp(`^Step ${n}: `) });

describe('the pipeline builder and its address', () => {
  beforeEach(() => stubObjectUrls());
  afterEach(() => {
    vi.restoreAllMocks();
    window.history.replaceState(null, '', '/');
  });

  it('shows the pipeline a link holds: input text, steps and their field values', async () => {
    open(link);
    expect(await screen.findByRole('heading', { name: 'Step 1: CSV to JSON' })).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Step 2: JSON to XML' })).toBeTruthy();
    expect((within(card(2)).getByLabelText('Root') as HTMLInputElement).value).toBe('rows');
    expect((screen.getByRole('textbox', { name: 'Text' }) as HTMLTextAreaElement).value).toBe(
      'name,qty\napple,3\n',
    );
  });

  it('writes each change back: a field, a removed step, the input', async () => {
    const user = userEvent.setup();
    const { params } = open(link);
    const root = within(await screen.findByRole('region', { name: /^Step 2: / })).getByLabelText('Root');
    await user.clear(root);
    await user.type(root, 'fruit');
    await waitFor(() => expect(params().get('s2.root')).toBe('fruit'));
    await user.click(screen.getByRole('button', { name: 'Remove step 1' }));
    await waitFor(() => expect(params().get('s1')).toBe('data/json-to-xml'));
    expect(params().get('s1.root')).toBe('fruit');
    expect(params().get('s2')).toBeNull();
    fireEvent.change(screen.getByRole('textbox', { name: 'Text' }), { target: { value: 'x'.repeat(3000) } });
    await waitFor(() => expect(params().get('text')).toBeNull());
    expect(screen.getByText(/the link keeps the steps, not the text/)).toBeTruthy();
  });

  it('runs: sends the contract’s JSON and shows the result and each step’s time', async () => {
    const sent: unknown[] = [];
    vi.spyOn(globalThis, 'fetch').mockImplementation(async (_url, init) => {
      sent.push(JSON.parse(String(init?.body)));
      return new Response('<rows><item><name>apple</name></item></rows>', {
        headers: {
          'content-type': 'application/xml',
          'server-timing': 'step1;dur=4.0;desc="data/csv-to-json", step2;dur=2.5;desc="data/json-to-xml"',
        },
      });
    });
    const user = userEvent.setup();
    open(link);
    await user.click(await screen.findByRole('button', { name: 'Run pipeline' }));
    const times = await screen.findByRole('list', { name: 'Time per step' });
    expect(
      within(times)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['Step 1 data/csv-to-json4.0 ms', 'Step 2 data/json-to-xml2.5 ms']);
    expect(within(card(2)).getByText('2.5 ms')).toBeTruthy();
    expect(screen.getByText(/<name>apple<\/name>/)).toBeTruthy();
    expect(sent).toEqual([
      {
        steps: [{ op: 'data/csv-to-json' }, { op: 'data/json-to-xml', root: 'rows' }],
        input: { text: 'name,qty\napple,3\n' },
      },
    ]);
  });

  it('follows the job a reloaded page names, through the website’s job follower, to its result and times', async () => {
    const id = 'Pl8xW7vU6tS5rQ4pO3nM2l';
    window.history.replaceState(null, '', `/docs/pipeline?job=${id}`);
    const requests: string[] = [];
    const answers = [
      () =>
        Response.json({
          success: true,
          message: '',
          data: { id, operation: 'pipeline', status: 'succeeded', progress: 100, error: null },
        }),
      () =>
        new Response('<rows><item><name>pear</name></item></rows>', {
          headers: { 'content-type': 'application/xml', 'server-timing': 'step1;dur=1.5, step2;dur=3.0' },
        }),
    ];
    vi.spyOn(globalThis, 'fetch').mockImplementation(async (url, init) => {
      requests.push(`${init?.method ?? 'GET'} ${String(url)}`);
      const next = answers.shift();
      if (!next) throw new Error('No more responses.');
      return next();
    });
    open(`${link}&job=${id}`);
    expect(await screen.findByText(/<name>pear<\/name>/)).toBeTruthy();
    expect(within(card(2)).getByText('3.0 ms')).toBeTruthy();
    // Followed, not sent again.
    expect(requests).toEqual([`GET /api/v1/jobs/${id}`, `GET /api/v1/jobs/${id}/result`]);
  });
});
