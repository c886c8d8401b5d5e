import type { Page } from '@playwright/test';
import { probe } from '../support/audio.js';
import { fixture } from '../support/files.js';
import { expect, test, visit } from '../support/test.js';
import { pickBuffer, pickFile, tool } from '../support/tools.js';
import { ui } from '../support/ui.js';

// The Audio Format Converter against the real API: players for the original and the result, the
// duration and size, and a download that ffmpeg reads back as the chosen format.

async function chooseFormat(page: Page, label: string) {
  await page.getByLabel('Output format', { exact: true }).click();
  await page.getByRole('option', { name: label, exact: true }).click();
}

async function download(page: Page) {
  const link = tool.downloadLink(page);
  await expect(link).toBeVisible();
  const saved = page.waitForEvent('download');
  await link.click();
  const file = await saved;
  return { path: await file.path(), name: file.suggestedFilename() };
}

test.beforeEach(async ({ page }) => {
  await visit(page, '/docs/api/convert-audio');
});

test('converts a WAV to MP3 at 64 kbit/s: two players, duration, size and a download ffmpeg reads', async ({
  page,
}) => {
  await pickFile(page, fixture('audio/Front_Center_pcm16_48k_mono.wav'));
  await page.getByLabel('Bitrate (kbit/s)', { exact: true }).fill('64');
  await tool.submit(page, 'Convert Audio').click();
  await expect(ui.toasts(page).filter({ hasText: 'Audio successfully converted.' })).toBeVisible({
    timeout: 30_000,
  });
  const main = tool.main(page);
  await expect(main.locator('audio')).toHaveCount(2);
  await expect(main.getByTestId('audio-duration')).toContainText('0:01');
  const saved = await download(page);
  expect(saved.name).toBe('Front_Center_pcm16_48k_mono-convert.mp3');
  const facts = await probe(saved.path);
  expect(facts).toMatchObject({ codec: 'mp3', channels: 'mono' });
  expect(Math.abs(facts.duration - 1.43)).toBeLessThan(0.1);
});

test('converts an Ogg Vorbis file to FLAC, where the bitrate is not asked for', async ({ page }) => {
  await pickFile(page, fixture('audio/complete_vorbis_stereo.oga'));
  await chooseFormat(page, 'FLAC (lossless)');
  await expect(page.getByLabel('Bitrate (kbit/s)', { exact: true })).toBeDisabled();
  await tool.submit(page, 'Convert Audio').click();
  await expect(ui.toasts(page).filter({ hasText: 'Audio successfully converted.' })).toBeVisible({
    timeout: 30_000,
  });
  const saved = await download(page);
  expect(saved.name).toBe('complete_vorbis_stereo-convert.flac');
  expect(await probe(saved.path)).toMatchObject({ codec: 'flac', sampleRate: 44100, channels: 'stereo' });
});

test.describe('bad input', () => {
  // The 415 answer is logged by the browser as a failed request: expected here.
  test.use({ allowedConsoleErrors: [/status of 415/] });

  test('says a text file named .mp3 is not audio', async ({ page }) => {
    await pickBuffer(
      page,
      'song.mp3',
      'audio/mpeg',
      Buffer.from('This is only text, not an MP3 file at all.\n'.repeat(20)),
    );
    await tool.submit(page, 'Convert Audio').click();
    await expect(ui.alert(page, /not audio in a format this converter reads/)).toBeVisible({
      timeout: 30_000,
    });
    await expect(tool.main(page).locator('audio')).toHaveCount(0);
  });
});
