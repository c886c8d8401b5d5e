import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders, stubFetch } from '../_shared/test-utils';
import WordCounterPanel from './word-counter-panel';

afterEach(() => vi.restoreAllMocks());

const data = {
  words: 3,
  characters: 14,
  charactersNoSpaces: 12,
  sentences: 1,
  paragraphs: 1,
  lines: 1,
  uniqueWords: 2,
  averageWordLength: 4,
  readingTimeSeconds: 1,
  speakingTimeSeconds: 75,
  topWords: [
    { word: 'cats', count: 2 },
    { word: 'nap', count: 1 },
  ],
};

describe('Word Counter panel', () => {
  it('sends blank text as it is and shows the statistics with the top words as a table', async () => {
    const requests = stubFetch(() => Response.json({ success: true, message: 'Counted 3 words.', data }));
    renderWithProviders(<WordCounterPanel />);
    const editor = screen.getByLabelText('Text');
    await userEvent.clear(editor);
    await userEvent.type(editor, '  ');
    await userEvent.click(screen.getByRole('button', { name: 'Count Words' }));
    const result = await screen.findByRole('region', { name: 'Statistics' });
    expect(JSON.parse(String(requests[0]?.form))).toEqual({ text: '  ' });
    expect(within(result).getByText('Speaking time (150 wpm)').nextSibling?.textContent).toContain(
      '1 min 15 s',
    );
    const rows = within(within(result).getByRole('table')).getAllByRole('row');
    expect(rows[1]?.textContent).toContain('cats2');
  });
});
