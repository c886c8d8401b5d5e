import type { Page } from '@playwright/test';
import { visibleWidth } from '../support/sidebar.js';
import { spec } from '../support/spec.js';
import { expect, test, visit } from '../support/test.js';
import { readTiming, recordTiming } from '../support/timing.js';
import { tool } from '../support/tools.js';
import { ui } from '../support/ui.js';

// Toasts: 4 s by default, at most 3 visible. Tooltips open after 700 ms. Delays are measured in the
// page's own clock (support/timing.ts), so a busy machine does not make these tests flaky.

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
  await expect(ui.toasts(page)).toHaveCount(5);
  // Once the enter animations settle, the two oldest are faded out.
  await expect.poll(() => visibleToastCount(page)).toBe(spec.toast.maxVisible);
});

test('a toast stays 4 s, then goes', async ({ page }) => {
  await visit(page, '/docs/api');
  await recordTiming(page, { event: 'click', target: 'main', watch: '[data-sonner-toast]' });
  await tool.submit(page, spec.resize.submit).click();
  await expect(ui.toasts(page).filter({ hasText: spec.upload.missing })).toBeVisible();
  // Away from the toast: hovering it would pause its timer.
  await page.mouse.move(0, 0);
  await expect(ui.toasts(page)).toHaveCount(0, { timeout: 10_000 });
  const { shown = Number.NaN, hidden = Number.NaN } = await readTiming(page);
  // Removed once its 4 s are over (never before), by itself: how late depends on the machine.
  expect(hidden - shown).toBeGreaterThanOrEqual(spec.toast.durationMs - 50);
});

test('a toast stays on screen when the reader moves to another page', async ({ page }) => {
  await visit(page, '/docs/api');
  await tool.submit(page, spec.resize.submit).click();
  const toast = ui.toasts(page).filter({ hasText: spec.upload.missing });
  await expect(toast).toBeVisible();
  await ui.sidebar(page).getByRole('link', { name: 'Word Counter', exact: true }).click();
  await expect(ui.main(page).getByRole('heading', { level: 1 })).toHaveText('Word Counter');
  await expect(toast).toBeVisible();
  await page.mouse.move(0, 0);
  await expect(ui.toasts(page)).toHaveCount(0, { timeout: 10_000 });
});

test('a collapsed sidebar names its icons in a tooltip that opens after 700 ms', async ({ page }) => {
  await visit(page, '/docs/api');
  await ui.sidebarToggle(page).click();
  await expect
    .poll(async () => Math.round(await visibleWidth(page, ui.sidebar(page))))
    .toBe(spec.sidebar.iconWidthPx);
  const link = ui.sidebar(page).getByRole('link', { name: 'Flip Image' });
  // The tooltip code loads once the sidebar collapses and then wraps each link; a pointer that
  // arrived before would never have moved over the wrapped one. Radix marks its triggers.
  await expect(link).toHaveAttribute('data-state', 'closed');
  await recordTiming(page, {
    event: 'pointermove',
    target: 'a[href="/docs/api/flip-image"]',
    watch: '[role="tooltip"]',
  });
  await link.hover();
  await expect(page.getByRole('tooltip', { name: 'Flip Image' })).toBeVisible({ timeout: 5_000 });
  const { start = Number.NaN, shown = Number.NaN } = await readTiming(page);
  // Never before its delay; how soon after depends on the machine (it opened within the wait above).
  expect(shown - start).toBeGreaterThanOrEqual(spec.tooltipDelayMs - 50);
});
