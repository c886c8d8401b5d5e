import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { writeFile } from 'node:fs/promises';
import { basename } from 'node:path';
import type { Page } from '@playwright/test';
import sharp from 'sharp';
import { probe } from '../support/audio.js';
import { formatViolations, seriousViolations } from '../support/axe.js';
import { downloadResult } from '../support/data-tools.js';
import { openEarly, unthrottle } from '../support/early.js';
import { corruptJpeg, fixture, images, mimeTypeOf } from '../support/files.js';
import { expect, test, visit } from '../support/test.js';
import { tool } from '../support/tools.js';

/*
 * The pipeline builder (/docs/pipeline, issue 32) beyond one run: a shared link's first frame before
 * the scripts have loaded, a job followed across a reload, and a batch of files answered with one zip.
 */

const step = (page: Page, n: number) => tool.main(page).locator(`section[data-step="${n}"]`);

test('a shared link shows that it is loading, not the empty builder, before the scripts have loaded; then its steps', async ({
  page,
}) => {
  const link = '/docs/pipeline?input=file&s1=images%2Fresize&s1.width=200&s2=images%2Fconvert&s2.format=webp';
  const early = await openEarly(page, link);
  const loading = tool.main(page).getByRole('status').filter({ hasText: 'Loading the shared pipeline…' });
  await expect(loading).toBeVisible();
  // A plain first frame: no 'No steps yet' and no input for a pipeline the link does hold.
  await expect(tool.main(page).getByText('No steps yet', { exact: false })).toBeHidden();
  await expect(tool.selectButton(page)).toBeHidden();

  // The builder's chunk (the catalog's schemas) is large: hydrating it at a quarter of the CPU on a
  // busy machine outlasts the test, and the early part is over.
  await unthrottle(page);
  await early.release();
  // The real cards, with their controls, in the placeholder's place.
  const steps = tool.main(page).getByRole('heading', { level: 3, name: /^Step \d: / });
  await expect(steps).toHaveText(['Step 1: Resize Image', 'Step 2: Convert Image']);
  await expect(step(page, 1).getByLabel('Width', { exact: true })).toHaveValue('200');
  await expect(step(page, 2).getByLabel('Format', { exact: true })).toHaveText('webp');
  await expect(tool.main(page).getByText('Loading the shared pipeline…')).toHaveCount(0);
  await expect(tool.selectButton(page)).toBeVisible();
});

test('a shared link with typed text shows no file input before the scripts have loaded, then its text', async ({
  page,
}) => {
  const early = await openEarly(
    page,
    '/docs/pipeline?input=text&text=name%2Cqty%0Apear%2C5&s1=data%2Fcsv-to-json',
  );
  await expect(tool.main(page).getByText('Loading the shared pipeline…')).toBeVisible();
  await expect(tool.selectButton(page)).toBeHidden();
  await unthrottle(page);
  await early.release();
  await expect(tool.main(page).getByRole('radio', { name: 'Typed text' })).toBeChecked();
  await expect(tool.main(page).getByRole('textbox', { name: 'Text', exact: true })).toHaveValue(
    'name,qty\npear,5',
  );
  await expect(step(page, 1).getByRole('heading')).toHaveText('Step 1: CSV to JSON');
  await expect(tool.selectButton(page)).toBeHidden();
});

test('a pipeline run as a job survives a reload: the page follows the same job to its result', async ({
  page,
}) => {
  // Two page loads and an ffmpeg job on a busy machine.
  test.slow();
  const posts: string[] = [];
  page.on('request', (request) => {
    if (request.method() === 'POST' && request.url().endsWith('/api/v1/pipeline')) posts.push(request.url());
  });
  await visit(page, '/docs/pipeline?input=file&s1=audio%2Fconvert&s1.format=mp3');
  const chooser = page.waitForEvent('filechooser');
  await tool.selectButton(page).click();
  await (await chooser).setFiles(fixture('audio/Front_Center_pcm16_48k_mono.wav'));
  await tool.main(page).getByRole('button', { name: 'Run pipeline' }).click();
  // The job's id joins the pipeline in the address as soon as the server has accepted it.
  await expect(page).toHaveURL(/[?&]s1=audio%2Fconvert&s1\.format=mp3&job=[\w-]{8,}$/);
  const job = new URL(page.url()).searchParams.get('job');

  await page.reload({ waitUntil: 'domcontentloaded' });
  // The job's progress or its end, then the result, once the reloaded builder has taken the job up.
  await expect(tool.downloadLink(page)).toBeVisible({ timeout: 30_000 });
  const file = await downloadResult(page);
  expect(new URL(page.url()).searchParams.get('job')).toBe(job);
  // Followed, not sent again.
  expect(posts).toHaveLength(1);
  const saved = test.info().outputPath(file.name);
  await writeFile(saved, file.data);
  expect((await probe(saved)).codec).toBe('mp3');

  // A changed pipeline is no longer that job's: the id leaves the address.
  await step(page, 1).getByRole('button', { name: 'Remove step 1' }).click();
  await expect(page).toHaveURL(/\/docs\/pipeline\?input=file$/);
});

test.describe('a batch', () => {
  test.use({
    allowedConsoleErrors: [/Failed to load resource: the server responded with a status of 4\d\d/],
    // axe is injected inline, which the product's CSP refuses.
    bypassCSP: true,
  });

  test('three images, one corrupt, through resize: one zip with the two results and a manifest naming the failure', async ({
    page,
  }) => {
    await visit(page, '/docs/pipeline?s1=images%2Fresize&s1.width=120');
    await tool.main(page).getByRole('radio', { name: 'Several files (a batch)' }).click();
    await expect(page).toHaveURL(/input=files/);
    const inputs = [images.cat, images.portrait, corruptJpeg];
    const chooser = page.waitForEvent('filechooser');
    await tool.selectButton(page).click();
    await (await chooser).setFiles(
      inputs.map((path) => ({
        name: basename(path),
        mimeType: mimeTypeOf(path),
        buffer: readFileSync(path),
      })),
    );
    await expect(tool.main(page).getByRole('heading', { name: '3 of at most 10 images' })).toBeVisible();
    await tool.main(page).getByRole('button', { name: 'Run pipeline' }).click();

    const rows = tool.main(page).getByRole('list', { name: 'Files of the batch' }).getByRole('listitem');
    await expect(rows).toHaveCount(3);
    await expect(tool.main(page).getByText('2 of 3 files done, 1 failed.')).toBeVisible();
    await expect(rows.nth(2)).toContainText('truncated_skimage.jpg');
    await expect(rows.nth(2)).toContainText('Failed: Step 1 (images/resize): ');
    const violations = await seriousViolations(page);
    expect(violations.length, formatViolations(violations)).toBe(0);

    const file = await downloadResult(page);
    expect(file.name).toBe('pipeline-results.zip');
    const zip = test.info().outputPath(file.name);
    await writeFile(zip, file.data);
    const members = execFileSync('unzip', ['-Z1', zip], { encoding: 'utf8' }).trim().split('\n');
    expect(members).toHaveLength(3);
    const manifest = JSON.parse(execFileSync('unzip', ['-p', zip, 'manifest.json'], { encoding: 'utf8' }));
    expect(manifest.steps).toEqual(['images/resize']);
    expect(manifest.files.map((f: { input: string; status: string }) => [f.input, f.status])).toEqual([
      ['chelsea_cat_451x300.png', 'succeeded'],
      ['portrait_flow_720x1440.jpg', 'succeeded'],
      ['truncated_skimage.jpg', 'failed'],
    ]);
    expect(manifest.files[2].error.step).toBe(1);
    expect(manifest.files[2].error.message).toMatch(/^Step 1 \(images\/resize\): /);
    const sizes = await Promise.all(
      manifest.files.slice(0, 2).map(async (entry: { output: string }) => {
        const meta = await sharp(execFileSync('unzip', ['-p', zip, entry.output])).metadata();
        return [meta.format, meta.width, meta.height];
      }),
    );
    expect(sizes).toEqual([
      ['png', 120, Math.round((300 * 120) / 451)],
      ['jpeg', 120, 240],
    ]);
  });
});
