import { tools } from '@toolkit/catalog';
import { horizontalOverflow, scrollsSideways } from '../support/layout.js';
import { expect, test, visitHydrated } from '../support/test.js';

// Responsive down to 360px: no page scrolls sideways on a small phone.

const paths = ['/', '/about', ...tools.map((t) => t.path)];

test.use({ viewport: { width: 360, height: 740 }, isMobile: true, hasTouch: true });

// Six pages per test in one browser page (later loads find the scripts cached), in four tests so
// both workers share them.
const perTest = 6;
for (let first = 0; first < paths.length; first += perTest) {
  const chunk = paths.slice(first, first + perTest);
  test(`${chunk.join(', ')} fit a 360px screen`, async ({ page }) => {
    test.slow(); // six hydrated page loads
    for (const path of chunk) {
      // Measured on the page as it stays, hydrated, with the lazily loaded parts in place.
      await visitHydrated(page, path);
      const offenders = await horizontalOverflow(page);
      expect(
        await scrollsSideways(page),
        `${path}: elements past the right edge:\n${offenders.join('\n')}`,
      ).toBe(false);
    }
  });
}
