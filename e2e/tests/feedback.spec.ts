import type { Page } from '@playwright/test';
import { spec } from '../support/spec.js';
import { expect, test, visit } from '../support/test.js';
import { tool } from '../support/tools.js';
import { ui } from '../support/ui.js';

// Toasts: 4 s by default, at most 3 visible at once.

/** Toasts a person can see: on screen and not faded out (stacked toasts beyond the limit are). */
async function visibleToastCount(page: Page): Promise<number> {
  return ui.toasts(page).evaluateAll(
    (toasts) =>
      toasts.filter((t) => {
        const style = getComputedStyle(t);
        return style.visibility !== 'hidden' && Number(style.opacity) > 0.05 && t.getClientRects().length > 0;
      }).length,
  );
}

test('at most 3 toasts are visible at once', async ({ page }) => {
  await visit(page, '/docs/api');
  const submit = tool.submit(page, spec.resize.submit);
  for (let i = 0; i < 5; i++) await submit.click();
  await expect(ui.toasts(page).first()).toBeVisible();
  // Wait for the enter animations to settle before counting.
  await expect.poll(() => visibleToastCount(page)).toBeGreaterThan(0);
  await expect
    .poll(() => visibleToastCount(page), { timeout: 2_000 })
    .toBeLessThanOrEqual(spec.toast.maxVisible);
  const count = await visibleToastCount(page);
  expect(count).toBeLessThanOrEqual(spec.toast.maxVisible);
});

test('a toast disappears after about 4 s', async ({ page }) => {
  await visit(page, '/docs/api');
  await tool.submit(page, spec.resize.submit).click();
  const toast = ui.toasts(page).filter({ hasText: spec.upload.missing });
  await expect(toast).toBeVisible();
  // Move away so hovering does not pause the timer, then check the constant from both sides.
  await page.mouse.move(0, 0);
  await page.waitForTimeout(spec.toast.durationMs - 1_000);
  await expect(toast).toBeVisible({ timeout: 1 });
  await expect(toast).toBeHidden({ timeout: 2_500 });
});

test('a collapsed sidebar names its icons in a tooltip that opens after 700 ms', async ({ page }) => {
  await visit(page, '/docs/api');
  await ui.sidebarToggle(page).click();
  await expect.poll(async () => (await ui.sidebar(page).boundingBox())?.width).toBe(spec.sidebar.iconWidthPx);
  await ui.sidebar(page).getByRole('link', { name: 'Flip Image' }).hover();
  const tooltip = page.getByRole('tooltip', { name: 'Flip Image' });
  // The constant under test: nothing yet shortly before 700 ms, the tooltip soon after.
  await page.waitForTimeout(spec.tooltipDelayMs - 300);
  await expect(tooltip).toHaveCount(0, { timeout: 1 });
  await expect(tooltip).toBeVisible({ timeout: 1_500 });
});
