import { groupEntryPath, groups } from '@toolkit/catalog';
import { spec } from '../support/spec.js';
import { expect, test, visit } from '../support/test.js';
import { ui } from '../support/ui.js';

test.describe('home page', () => {
  test("shows the 'Developer Toolkit' badge, the headline, the two buttons and six cards whose 'Learn More' links go to the specified pages", async ({
    page,
  }) => {
    await visit(page, '/');
    const main = ui.main(page);
    await expect(main.getByText(spec.home.badge, { exact: true })).toBeVisible();
    await expect(main.getByRole('heading', { level: 1 })).toHaveText(spec.home.headline);
    await expect(main.getByText(/new features and endpoints/i)).toBeVisible();
    await expect(main.getByRole('link', { name: spec.home.exploreDocs.name })).toHaveAttribute(
      'href',
      spec.home.exploreDocs.path,
    );
    const github = main.getByRole('link', { name: spec.home.github });
    await expect(github).toHaveAttribute('href', /^https:\/\/github\.com\//);
    await expect(github).toHaveAttribute('target', '_blank');
    await expect(github).toHaveAttribute('rel', /noopener|noreferrer/);
    // Six cards whose 'Learn More' links go to the specified pages.
    const learnMore = main.getByRole('link', { name: new RegExp(spec.home.learnMore) });
    await expect(learnMore).toHaveCount(6);
    for (const [index, card] of spec.home.cards.entries()) {
      await expect(main.getByRole('heading', { name: card.title, exact: true })).toBeVisible();
      await expect(learnMore.nth(index)).toHaveAttribute('href', card.path);
    }
    // The catalog derives the same targets (each group's first page).
    expect(groups.map((g) => groupEntryPath(g.id))).toEqual(spec.home.cards.map((c) => c.path));
  });

  // Each card's link on a freshly loaded home page, in one test (the later loads are cached).
  test("'Explore Docs' opens the Resize Image page; each card's Learn More navigates to its page", async ({
    page,
  }) => {
    test.slow(); // seven page loads
    await visit(page, '/');
    await ui.main(page).getByRole('link', { name: spec.home.exploreDocs.name }).click();
    await expect(page).toHaveURL('/docs/api');
    await expect(ui.main(page).getByRole('heading', { level: 1 })).toHaveText('Resize Image');
    for (const [index, card] of spec.home.cards.entries()) {
      await visit(page, '/');
      const cardLink = ui
        .main(page)
        .getByRole('link', { name: new RegExp(spec.home.learnMore) })
        .nth(index);
      await cardLink.click();
      await expect(page, card.title).toHaveURL(card.path);
      await expect(ui.breadcrumb(page)).toBeVisible();
    }
  });
});

test.describe('about page', () => {
  test('has the mission, the vision and Meet the Creator with six skill cards, each with a title and a description', async ({
    page,
  }) => {
    await visit(page, '/about');
    const main = ui.main(page);
    await expect(main.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(main.getByRole('heading', { name: /mission/i })).toBeVisible();
    await expect(main.getByRole('heading', { name: /vision/i })).toBeVisible();
    // The mission: reliable, simple APIs; the vision: the go-to platform for easy-to-integrate APIs.
    await expect(main.getByText(/reliable, simple APIs/i).first()).toBeVisible();
    await expect(main.getByText(/go-to platform for easy-to-integrate APIs/i).first()).toBeVisible();
    await expect(main.getByRole('heading', { name: spec.about.creatorHeading })).toBeVisible();
    await expect(main.getByText(/backend software engineer/i).first()).toBeVisible();
    for (const skill of spec.about.skills) {
      const heading = main.getByRole('heading', { name: skill, exact: true });
      await expect(heading).toBeVisible();
    }
    // Each skill card has a title and a description.
    for (const skill of spec.about.skills) {
      const card = ui
        .main(page)
        .locator('article, li, section, div')
        .filter({ has: page.getByRole('heading', { name: skill, exact: true }) })
        .last();
      const text = ((await card.textContent()) ?? '').replace(skill, '').trim();
      expect(text.length, `description of the ${skill} card`).toBeGreaterThan(20);
    }
  });
});
