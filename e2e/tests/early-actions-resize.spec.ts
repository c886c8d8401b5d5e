import type { Page, Request } from '@playwright/test';
import { openEarly, repeat } from '../support/early.js';
import { images } from '../support/files.js';
import { spec } from '../support/spec.js';
import { expect, test } from '../support/test.js';
import { imageApi, multipartFields, pickFile, tool as resizePanel } from '../support/tools.js';
import { ui } from '../support/ui.js';

// Early actions (early-actions.spec.ts) on the Resize panel, whose fields depend on each other: text
// typed, a box unticked and a press on Submit before and while the panel hydrates. Each test opens
// the page with every script held back and the CPU throttled (support/early.ts), and repeats.

test.describe('the resize panel', () => {
  // Tall enough for the submit button without scrolling: a press below is made where the person sees it.
  // Actions and checks get more time than elsewhere: a press, a file choice and a request, each at a
  // quarter of the CPU (support/early.ts) on a busy machine.
  test.use({ viewport: { width: 1280, height: 1400 }, actionTimeout: 30_000 });

  /** The resize requests the page sends from now on. */
  const resizeRequests = (page: Page) => {
    const sent: Request[] = [];
    page.on('request', (request) => {
      if (request.method() === 'POST' && imageApi.test(request.url())) sent.push(request);
    });
    return sent;
  };

  test('text typed while the page hydrates: what was typed before and what comes after are both kept', async ({
    page,
  }) => {
    await repeat(page, async (round) => {
      const early = await openEarly(page, '/docs/api');
      // Every other round, a click waits in front of the text too.
      if (round % 2 === 0) await resizePanel.maintainAspect(page).uncheck();
      await resizePanel.width(page).pressSequentially('3x0-0');
      const released = early.release();
      // Right after the root hydrates, while the panel hydrates and takes the width typed before (the
      // moment a cleared quality once came back as "85", and "7" made it "857").
      await page.waitForFunction(() => document.documentElement.hasAttribute('data-hydrated'), null, {
        polling: 5,
      });
      await page.waitForTimeout(25 * (round % 5));
      await resizePanel.quality(page).clear();
      await resizePanel.quality(page).pressSequentially('7.5q');
      await released;
      await expect(resizePanel.width(page)).toHaveValue('300');
      await expect(resizePanel.quality(page)).toHaveValue('75');
      await expect(resizePanel.maintainAspect(page)).toBeChecked({ checked: round % 2 === 1 });
    });
  });

  test('a press on Submit held while the panel hydrates submits what was typed, once', async ({ page }) => {
    await repeat(page, async () => {
      const early = await openEarly(page, '/docs/api');
      const sent = resizeRequests(page);
      await pickFile(page, images.portrait);
      await resizePanel.width(page).fill('360');
      await resizePanel.quality(page).fill('40');
      const box = await resizePanel.submit(page, spec.resize.submit).boundingBox();
      if (!box) throw new Error('no submit button');
      // Pressed before hydration and let go after: the width taken at mount disables the height as the
      // panel hydrates, and nothing may move the button from under the pointer meanwhile (the click of a
      // press released elsewhere goes to the form, and submits nothing).
      await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
      await page.mouse.down();
      await early.release();
      const response = page.waitForResponse((r) => r.request().method() === 'POST' && imageApi.test(r.url()));
      await page.mouse.up();
      expect((await response).status()).toBe(200);
      await expect(ui.toasts(page).filter({ hasText: spec.resize.success })).toHaveCount(1);
      expect(sent.map(multipartFields)).toEqual([
        { image: 'portrait_flow_720x1440.jpg', width: '360', maintain_aspect: 'true', quality: '40' },
      ]);
      page.removeAllListeners('request');
    });
  });

  test('untick Maintain Aspect Ratio, then both sides, before hydration: the box stays unticked and that is sent', async ({
    page,
  }) => {
    await repeat(page, async () => {
      const early = await openEarly(page, '/docs/api');
      await resizePanel.maintainAspect(page).uncheck();
      await resizePanel.width(page).fill('200');
      await resizePanel.height(page).fill('100');
      await early.release();
      await expect(resizePanel.width(page)).toHaveValue('200');
      await expect(resizePanel.height(page)).toHaveValue('100');
      // Both sides given with the ratio off: unticked, and disabled until a side is cleared.
      await expect(resizePanel.maintainAspect(page)).not.toBeChecked();
      await expect(resizePanel.maintainAspect(page)).toBeDisabled();
      await pickFile(page, images.cat);
      const request = page.waitForRequest((r) => r.method() === 'POST' && imageApi.test(r.url()));
      await resizePanel.submit(page, spec.resize.submit).click();
      expect(multipartFields(await request)).toMatchObject({
        width: '200',
        height: '100',
        maintain_aspect: 'false',
      });
      await expect(ui.toasts(page).filter({ hasText: spec.resize.success })).toHaveCount(1);
    });
  });

  test('untick and tick again before hydration, then a width: the box is ticked and the height follows', async ({
    page,
  }) => {
    await repeat(page, async () => {
      const early = await openEarly(page, '/docs/api');
      await resizePanel.maintainAspect(page).uncheck();
      await resizePanel.maintainAspect(page).check();
      await resizePanel.width(page).fill('200');
      await early.release();
      await expect(resizePanel.maintainAspect(page)).toBeChecked();
      await expect(resizePanel.maintainAspect(page)).toBeEnabled();
      await expect(resizePanel.height(page)).toBeDisabled();
      // React agrees: the next click unticks it, and the height can be given again.
      await resizePanel.maintainAspect(page).uncheck();
      await expect(resizePanel.height(page)).toBeEnabled();
    });
  });
});
