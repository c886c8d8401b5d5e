import type { Page } from '@playwright/test';
import { probe } from '../support/audio.js';
import { fixture } from '../support/files.js';
import { expect, test, visit } from '../support/test.js';
import { pickFile, tool } from '../support/tools.js';
import { ui } from '../support/ui.js';

/*
 * Issue 30 on the website: the audio converter's call runs as an asynchronous job whose id goes in
 * the page's address; a reload finds the job again and shows its result, which downloads and
 * decodes as the chosen format. The job's status is held at "running" (a fabricated status answer)
 * until the reload, so the page is reloaded mid-job whatever the server's speed.
 */

const jobStatus = /\/api\/v1\/jobs\/[\w-]+$/;

/** Answers the page's status requests (GET) with this state; DELETE goes through to the server. */
async function fakeStatus(page: Page, status: 'queued' | 'running', progress: number) {
  await page.route(jobStatus, async (route) => {
    if (route.request().method() !== 'GET') return route.continue();
    const id = new URL(route.request().url()).pathname.split('/').pop();
    await route.fulfill({
      json: {
        success: true,
        message: `The job is ${status}.`,
        data: { id, operation: 'audio/convert', status, progress, error: null },
      },
    });
  });
}

test('an audio conversion submitted as a job is found again after a reload, and downloads as MP3', async ({
  page,
}) => {
  await fakeStatus(page, 'running', 30);
  await visit(page, '/docs/api/convert-audio');
  await pickFile(page, fixture('audio/Front_Center_pcm16_48k_mono.wav'));
  await tool.submit(page, 'Convert Audio').click();

  const bar = tool.main(page).getByRole('progressbar', { name: 'Working… 30%' });
  await expect(bar).toHaveAttribute('aria-valuenow', '30', { timeout: 30_000 });
  await expect(tool.main(page).getByRole('status').filter({ hasText: 'Working…' })).toBeAttached();
  await expect(page).toHaveURL(/[?&]job=[\w-]{16,}/);
  const jobId = new URL(page.url()).searchParams.get('job');

  await page.unroute(jobStatus);
  await page.reload({ waitUntil: 'domcontentloaded' });

  await expect(ui.toasts(page).filter({ hasText: 'Audio successfully converted.' })).toBeVisible({
    timeout: 30_000,
  });
  expect(new URL(page.url()).searchParams.get('job')).toBe(jobId);
  // No file is chosen after the reload: only the result's player.
  await expect(tool.main(page).locator('audio')).toHaveCount(1);
  const link = tool.downloadLink(page);
  await expect(link).toBeVisible();
  const saved = page.waitForEvent('download');
  await link.click();
  const file = await saved;
  expect(file.suggestedFilename()).toBe('Front_Center_pcm16_48k_mono-convert.mp3');
  const facts = await probe(await file.path());
  expect(facts).toMatchObject({ codec: 'mp3', channels: 'mono' });
  expect(Math.abs(facts.duration - 1.43)).toBeLessThan(0.1);
});

test('cancelling a queued job sends DELETE for it and clears the address', async ({ page }) => {
  await fakeStatus(page, 'queued', 0);
  await visit(page, '/docs/api/convert-audio');
  await pickFile(page, fixture('audio/Front_Center_pcm16_48k_mono.wav'));
  await tool.submit(page, 'Convert Audio').click();
  await expect(
    tool.main(page).getByRole('progressbar', { name: 'Queued: waiting for a free worker…' }),
  ).toBeVisible({
    timeout: 30_000,
  });
  const jobId = new URL(page.url()).searchParams.get('job');
  const deleted = page.waitForResponse(
    (r) => r.request().method() === 'DELETE' && r.url().endsWith(`/jobs/${jobId}`),
  );
  await tool.main(page).getByRole('button', { name: 'Cancel job' }).click();
  expect((await deleted).status()).toBe(204);
  await expect(tool.main(page).getByTestId('job-progress')).toHaveCount(0);
  await expect(tool.submit(page, 'Convert Audio')).toBeEnabled();
  expect(new URL(page.url()).searchParams.has('job')).toBe(false);
});
