import { render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import About from './about';
import Home from './home';

describe('home page', () => {
  it('has the badge, the headline and the two buttons', () => {
    render(<Home />, { wrapper: MemoryRouter });
    expect(screen.getByText('Developer Toolkit')).toBeTruthy();
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Choose a Tool. Build with Ease.');
    expect(screen.getByText(/New features and endpoints are always on the way\./)).toBeTruthy();
    expect(screen.getByRole('link', { name: /Explore Docs/ }).getAttribute('href')).toBe('/docs/api');
    const github = screen.getByRole('link', { name: /View on GitHub/ });
    expect(github.getAttribute('target')).toBe('_blank');
    expect(github.getAttribute('href')).toMatch(/^https:\/\/github\.com\//);
  });

  it("has six cards whose 'Learn More' links go to each group's first page", () => {
    render(<Home />, { wrapper: MemoryRouter });
    const cards = screen.getAllByRole('heading', { level: 3 }).map((heading) => {
      const card = heading.closest('li') as HTMLElement;
      return [
        heading.textContent,
        within(card)
          .getByRole('link', { name: /Learn More/ })
          .getAttribute('href'),
      ];
    });
    expect(cards).toEqual([
      ['Image Processing', '/docs/api'],
      ['Text Analysis', '/docs/api/word-counter'],
      ['File Management', '/docs/api/file-conversion'],
      ['Data Formats', '/docs/api/json-to-csv'],
      ['Media Tools', '/docs/api/convert-audio'],
      ['Document Processing', '/docs/api/pdf-to-text'],
    ]);
  });
});

describe('about page', () => {
  it('has the mission, the vision and Meet the Creator with six skill cards', () => {
    render(<About />);
    expect(screen.getByRole('heading', { name: 'Our Mission' })).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Our Vision' })).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Meet the Creator' })).toBeTruthy();
    expect(screen.getByText(/backend software engineer/)).toBeTruthy();
    const skills = screen
      .getAllByRole('heading', { level: 3 })
      .map((h) => [h.closest('li')?.id, h.textContent]);
    expect(skills).toEqual([
      ['backend-frameworks', 'Backend Frameworks'],
      ['languages', 'Languages'],
      ['databases', 'Databases'],
      ['api-development', 'API Development'],
      ['devops-cloud', 'DevOps & Cloud'],
      ['testing-debugging', 'Testing & Debugging'],
    ]);
  });
});
