import { writeFile } from 'node:fs/promises';
import type { Page } from '@playwright/test';
import sharp from 'sharp';
import { probe } from '../support/audio.js';
import { formatViolations, seriousViolations } from '../support/axe.js';
import { copyAs, runCopied } from '../support/copy-code.js';
import { downloadResult } from '../support/data-tools.js';
import { fixture, images } from '../support/files.js';
import { spec } from '../support/spec.js';
import { expect, test, visit, visitHydrated } from '../support/test.js';
import { pickBuffer, pickFile, tool } from '../support/tools.js';
import { htmlIsDark } from '../support/ui.js';

/*
 * The pipeline builder (/docs/pipeline, issue 32) used as a person does: pick an input, add steps
 * from the list (which offers only what fits), set their fields, run, check the downloaded result;
 * then open the page's link afresh and find the same pipeline.
 */

const step = (page: Page, n: number) => tool.main(page).locator(`section[data-step="${n}"]`);

/** The operations the 'Add a step' list offers, by title. */
async function offered(page: Page): Promise<string[]> {
  await tool.main(page).getByLabel('Add a step', { exact: true }).click();
  // The list opens after the click: read it once it is there.
  await expect(page.getByRole('option').first()).toBeVisible();
  const names = await page.getByRole('option').allTextContents();
  await page.keyboard.press('Escape');
  await expect(page.getByRole('listbox')).toBeHidden();
  return names;
}

async function addStep(page: Page, title: string): Promise<void> {
  await tool.main(page).getByLabel('Add a step', { exact: true }).click();
  await page.getByRole('option', { name: title, exact: true }).click();
}

async function chooseIn(page: Page, n: number, label: string, option: string): Promise<void> {
  await step(page, n).getByLabel(label, { exact: true }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

test.describe('/docs/pipeline', () => {
  test.use({ permissions: ['clipboard-read', 'clipboard-write'] });

  test('a photo through resize → flip → WebP: the download is a 200-wide WebP, and the link reproduces the pipeline', async ({
    page,
    context,
  }) => {
    await visit(page, '/docs/pipeline');
    await pickFile(page, images.cat);

    const first = await offered(page);
    expect(first).toContain('Resize Image');
    expect(first).toContain('File Type Detection');
    // Several files at once cannot be a step.
    expect(first).not.toContain('Combine Images');
    await addStep(page, 'Resize Image');
    // An image step first: the chosen file shows as a picture.
    await expect(tool.preview(page)).toBeVisible();
    await step(page, 1).getByLabel('Width', { exact: true }).fill('200');

    // After an image, only what takes an image (or any file) comes up.
    const afterImage = await offered(page);
    expect(afterImage).toContain('Flip Image');
    expect(afterImage).toContain('Convert Image');
    expect(afterImage).not.toContain('CSV to JSON');
    expect(afterImage).not.toContain('PDF to Text');
    expect(afterImage).not.toContain('Audio Conversion');
    await addStep(page, 'Flip Image');
    await chooseIn(page, 2, 'Direction', 'vertical');
    await addStep(page, 'Convert Image');
    await chooseIn(page, 3, 'Format', 'webp');

    await tool.main(page).getByRole('button', { name: 'Run pipeline' }).click();
    const times = tool.main(page).getByRole('list', { name: 'Time per step' });
    await expect(times.getByRole('listitem')).toHaveCount(3);
    await expect(times).toContainText('images/resize');
    await expect(step(page, 3).locator('[data-step-time]')).toContainText(/\d ms|\d s/);

    const file = await downloadResult(page);
    const meta = await sharp(file.data).metadata();
    expect(meta.format).toBe('webp');
    expect([meta.width, meta.height]).toEqual([200, Math.round((300 * 200) / 451)]);

    // "Copy as": the very request, run as copied beside the photo, gets the very bytes.
    for (const language of ['curl', 'python'] as const) {
      const code = await copyAs(page, language);
      expect(code).toContain('/pipeline');
      const bytes = await runCopied(code, language, images.cat);
      expect(bytes.equals(file.data), `${language}: the same bytes as the builder's result`).toBe(true);
    }

    // The shared link, in a new page: the same steps and field values (the file is not in a link).
    const shared = await context.newPage();
    await visit(shared, page.url().replace(/^https?:\/\/[^/]+/, ''));
    await expect(step(shared, 1).getByRole('heading')).toHaveText('Step 1: Resize Image');
    await expect(step(shared, 2).getByRole('heading')).toHaveText('Step 2: Flip Image');
    await expect(step(shared, 3).getByRole('heading')).toHaveText('Step 3: Convert Image');
    await expect(step(shared, 1).getByLabel('Width', { exact: true })).toHaveValue('200');
    await expect(step(shared, 2).getByLabel('Direction', { exact: true })).toHaveText('vertical');
    await expect(step(shared, 3).getByLabel('Format', { exact: true })).toHaveText('webp');
  });

  test('CSV text → JSON → XML: the XML parses with the rows, and the link keeps the text', async ({
    page,
    context,
  }) => {
    await visit(page, '/docs/pipeline');
    // A click, not check(): before hydration the boot script holds the click and replays it.
    const typed = tool.main(page).getByRole('radio', { name: 'Typed text' });
    await typed.click();
    await expect(typed).toBeChecked();
    await tool
      .main(page)
      .getByRole('textbox', { name: 'Text', exact: true })
      .fill('name,qty\napple,3\npear,5\n');
    // Typed text goes only to text and data operations.
    const first = await offered(page);
    expect(first).toContain('CSV to JSON');
    expect(first).not.toContain('Resize Image');
    await addStep(page, 'CSV to JSON');
    await addStep(page, 'JSON to XML');
    await step(page, 2).getByLabel('Root', { exact: true }).fill('fruit');
    await tool.main(page).getByRole('button', { name: 'Run pipeline' }).click();

    const file = await downloadResult(page);
    const rows = await page.evaluate((xml) => {
      const doc = new DOMParser().parseFromString(xml, 'application/xml');
      if (doc.querySelector('parsererror')) return null;
      return {
        root: doc.documentElement.tagName,
        items: Array.from(doc.documentElement.children).map((item) => [
          item.querySelector('name')?.textContent,
          item.querySelector('qty')?.textContent,
        ]),
      };
    }, file.data.toString('utf8'));
    expect(rows).toEqual({
      root: 'fruit',
      items: [
        ['apple', '3'],
        ['pear', '5'],
      ],
    });

    const shared = await context.newPage();
    await visit(shared, page.url().replace(/^https?:\/\/[^/]+/, ''));
    await expect(shared.getByRole('main').getByRole('textbox', { name: 'Text', exact: true })).toHaveValue(
      'name,qty\napple,3\npear,5\n',
    );
    await expect(step(shared, 2).getByLabel('Root', { exact: true })).toHaveValue('fruit');
  });

  test('"Use in a pipeline" on a docs page opens the builder with that operation as step 1', async ({
    page,
  }) => {
    await visit(page, '/docs/api/flip-image');
    await tool.main(page).getByRole('link', { name: 'Use in a pipeline' }).click();
    await expect(page).toHaveURL(/\/docs\/pipeline\?s1=images%2Fflip$/);
    await expect(step(page, 1).getByRole('heading')).toHaveText('Step 1: Flip Image');
    // Several files at once cannot start a pipeline: that page has no such link.
    await visit(page, '/docs/api/combine-images');
    await expect(tool.main(page).getByRole('heading', { level: 1 })).toHaveText('Combine Image');
    await expect(tool.main(page).getByRole('link', { name: 'Use in a pipeline' })).toHaveCount(0);
  });
});

test('steps reorder from the keyboard, focus staying on the moved step, and the link follows', async ({
  page,
}) => {
  await visitHydrated(page, '/docs/pipeline?s1=images%2Fresize&s1.width=300&s2=images%2Fflip');
  await step(page, 2).getByRole('button', { name: 'Move step 2 up' }).focus();
  await page.keyboard.press('Enter');
  await expect(step(page, 1).getByRole('heading')).toHaveText('Step 1: Flip Image');
  await expect(step(page, 2).getByRole('heading')).toHaveText('Step 2: Resize Image');
  // 'Move step 1 up' is disabled once the step is first: focus goes to its other move button.
  await expect(step(page, 1).getByRole('button', { name: 'Move step 1 down' })).toBeFocused();
  await expect(step(page, 2).getByLabel('Width', { exact: true })).toHaveValue('300');
  await expect(page).toHaveURL(/\?input=file&s1=images%2Fflip&s2=images%2Fresize&s2.width=300$/);
});

test('a pipeline with an external program (ffmpeg) runs as an asynchronous job and gives its result', async ({
  page,
}) => {
  const sent: (string | undefined)[] = [];
  page.on('request', (request) => {
    if (request.url().endsWith('/api/v1/pipeline')) sent.push(request.headers().prefer);
  });
  await visit(page, '/docs/pipeline');
  await addStep(page, 'Audio Format Converter');
  await chooseIn(page, 1, 'Format', 'mp3');
  await pickFile(page, fixture('audio/Front_Center_pcm16_48k_mono.wav'));
  await tool.main(page).getByRole('button', { name: 'Run pipeline' }).click();
  const file = await downloadResult(page);
  expect(sent).toEqual(['respond-async']);
  const saved = test.info().outputPath(file.name);
  await writeFile(saved, file.data);
  expect((await probe(saved)).codec).toBe('mp3');
});

test.describe('/docs/pipeline errors', () => {
  test.use({
    allowedConsoleErrors: [/Failed to load resource: the server responded with a status of 4\d\d/],
  });

  test('a step that does not fit is named before running, a step that fails is named after', async ({
    page,
  }) => {
    await visit(page, '/docs/pipeline?input=file&s1=images%2Fresize&s2=data%2Fjson-to-xml');
    await expect(step(page, 2)).toContainText(
      'Step 2 (data/json-to-xml) takes JSON; step 1 (images/resize) gives an image.',
    );
    await step(page, 2).getByRole('button', { name: 'Remove step 2' }).click();
    await expect(step(page, 2)).toHaveCount(0);
    await expect(tool.main(page).getByLabel('Add a step', { exact: true })).toBeFocused();

    // Bytes that are no image under an image's name and type: the server's step 1 refuses them.
    await pickBuffer(page, 'photo.png', 'image/png', Buffer.from('not an image at all'));
    await step(page, 1).getByLabel('Width', { exact: true }).fill('100');
    await tool.main(page).getByRole('button', { name: 'Run pipeline' }).click();
    const alert = tool.main(page).getByRole('alert').filter({ hasText: 'Step 1 failed' });
    await expect(alert).toContainText('Step 1 (images/resize): ');
    await expect(step(page, 1)).toContainText('Step 1 (images/resize): ');
  });
});

test.describe('/docs/pipeline accessibility', () => {
  // axe is injected inline, which the product's CSP refuses.
  test.use({ bypassCSP: true });

  for (const theme of ['light', 'dark'] as const) {
    test(`no serious axe violation with steps, times and a result (${theme} theme)`, async ({
      page,
      context,
      baseURL,
    }) => {
      await context.addCookies([{ name: spec.theme.cookie, value: theme, url: baseURL ?? '' }]);
      await visitHydrated(
        page,
        `/docs/pipeline?input=text&text=a%2Cb%0A1%2C2%0A&s1=data%2Fcsv-to-json&s2=data%2Fjson-to-xml`,
      );
      await tool.main(page).getByRole('button', { name: 'Run pipeline' }).click();
      await expect(
        tool.main(page).getByRole('list', { name: 'Time per step' }).getByRole('listitem'),
      ).toHaveCount(2);
      expect(await htmlIsDark(page)).toBe(theme === 'dark');
      const violations = await seriousViolations(page);
      expect(violations.length, formatViolations(violations)).toBe(0);
    });
  }
});
