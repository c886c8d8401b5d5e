import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../test-utils';
import { AnalysisResult, humanize } from './analysis-result';

const counts = {
  words: 1234,
  characters: 5678,
  averageWordLength: 4.6,
  hasBom: false,
  encoding: null,
  topWords: [
    { word: 'the', count: 40 },
    { word: 'cat', count: 12 },
  ],
  info: { title: 'Notes', pages: 3 },
};

describe('analysis result', () => {
  it('lists scalar members as label/value pairs, numbers with separators, booleans as Yes/No', () => {
    renderWithProviders(<AnalysisResult data={counts} />);
    const result = screen.getByRole('region', { name: 'Result' });
    const value = (label: string) => within(result).getByText(label).nextElementSibling?.textContent;
    expect(value('Words')).toBe('1,234');
    expect(value('Average word length')).toBe('4.6');
    expect(value('Has bom')).toBe('No');
    expect(value('Encoding')).toBe('—');
  });

  it('shows an array of records as a table, and nested objects as nested lists', () => {
    renderWithProviders(<AnalysisResult data={counts} />);
    const table = screen.getByRole('table');
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((th) => th.textContent),
    ).toEqual(['Word', 'Count']);
    expect(within(table).getAllByRole('row')[1]?.textContent).toBe('the40');
    expect(screen.getByText('Title').nextElementSibling?.textContent).toBe('Notes');
  });

  it('takes labels, formats and order from the panel, and still shows members it did not name', () => {
    renderWithProviders(
      <AnalysisResult
        data={counts}
        views={{
          characters: { label: 'Characters (graphemes)', format: (v) => `${v} chars` },
          topWords: { hidden: true },
        }}
      />,
    );
    const terms = screen.getAllByRole('term').map((dt) => dt.textContent);
    expect(terms[0]).toBe('Characters (graphemes)');
    expect(terms).toContain('Words');
    expect(terms).not.toContain('Top words');
    expect(screen.getByText('5678 chars')).toBeTruthy();
  });

  it('copies the JSON', () => {
    renderWithProviders(<AnalysisResult data={counts} />);
    expect(screen.getByRole('button', { name: 'Copy JSON' })).toBeTruthy();
    expect(humanize('charactersNoSpaces')).toBe('Characters no spaces');
    expect(humanize('page_count')).toBe('Page count');
  });
});
