import { tools } from '@toolkit/catalog';
import { horizontalOverflow, scrollsSideways } from '../support/layout.js';
import { expect, test, visitHydrated } from '../support/test.js';

// Responsive down to 360px: no page scrolls sideways on a small phone.

const paths = ['/', '/about', ...tools.map((t) => t.path)];

test.use({ viewport: { width: 360, height: 740 }, isMobile: true, hasTouch: true });

for (const path of paths) {
  test(`${path} fits a 360px screen`, async ({ page }) => {
    // Measured on the page as it stays, hydrated, with the lazily loaded parts in place.
    await visitHydrated(page, path);
    const offenders = await horizontalOverflow(page);
    expect(await scrollsSideways(page), `elements past the right edge:\n${offenders.join('\n')}`).toBe(false);
  });
}
