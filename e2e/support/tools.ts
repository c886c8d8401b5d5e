import { expect, type Page, type Request, type Route } from '@playwright/test';
import { liveTools } from '@toolkit/catalog';
import { decodeDownload } from './files.js';
import { spec } from './spec.js';

/** Every live tool's page, from the catalog: the shared browser tests run on each of them. */
export const liveToolPages = liveTools.map((t) => ({ id: t.id, path: t.path, input: t.api.input }));

/** The live tools whose panel takes one image: the shared image-upload browser tests run on these. */
export const imageToolPages = liveToolPages.filter(
  (t) => t.input.kind === 'file' && t.input.field === 'image',
);

/** Every image operation of the API; the web client may call resize (with size) or thumbnail. */
export const imageApi = /\/api\/v1\/images\/[a-z0-9-]+(\?.*)?$/;

export const tool = {
  main: (page: Page) => page.getByRole('main'),
  selectButton: (page: Page) => page.getByRole('main').getByRole('button', { name: spec.upload.select }),
  removeButton: (page: Page) => page.getByRole('main').getByRole('button', { name: spec.upload.remove }),
  submit: (page: Page, name: string) => page.getByRole('main').getByRole('button', { name, exact: true }),
  /** The try-it panel's submit control, whatever it is labelled. */
  submitButton: (page: Page) => page.getByRole('main').locator('form button[type="submit"]'),
  /** The preview of the chosen image: an <img> shown from a local object URL. */
  preview: (page: Page) => page.getByRole('main').locator('img[src^="blob:"]').first(),
  /** The result's download link: a link to a local object URL with a download attribute. */
  downloadLink: (page: Page) => page.getByRole('main').locator('a[download][href^="blob:"]'),
  width: (page: Page) => page.getByLabel(spec.resize.width, { exact: true }),
  height: (page: Page) => page.getByLabel(spec.resize.height, { exact: true }),
  quality: (page: Page) => page.getByLabel(spec.resize.quality, { exact: true }),
  maintainAspect: (page: Page) => page.getByRole('checkbox', { name: spec.resize.maintainAspect }),
  sizeSelect: (page: Page) => page.getByLabel(spec.thumbnail.select, { exact: true }),
};

/** Picks a file through the 'Select file' button and the browser's file chooser. */
export async function pickFile(page: Page, path: string): Promise<void> {
  const chooser = page.waitForEvent('filechooser');
  await tool.selectButton(page).click();
  await (await chooser).setFiles(path);
}

/** Picks a file with an explicit name and type (for files the extension would misdescribe). */
export async function pickBuffer(page: Page, name: string, mimeType: string, buffer: Buffer): Promise<void> {
  const chooser = page.waitForEvent('filechooser');
  await tool.selectButton(page).click();
  await (await chooser).setFiles({ name, mimeType, buffer });
}

/** Chooses a thumbnail size in the 'Thumbnail Size' control, whether native or a custom listbox. */
export async function chooseThumbnailSize(page: Page, label: string): Promise<void> {
  const control = tool.sizeSelect(page);
  if ((await control.evaluate((el) => el.tagName)) === 'SELECT') {
    await control.selectOption({ label });
    return;
  }
  await control.click();
  await page.getByRole('option', { name: label, exact: true }).click();
}

/**
 * Holds matching requests until `release` is called: the test can look at the submitting state
 * (spinner, disabled button) for as long as it needs, then let the real request through.
 */
export async function holdRequests(page: Page, url: RegExp) {
  let release: () => void = () => {};
  const released = new Promise<void>((resolve) => {
    release = resolve;
  });
  const seen: Request[] = [];
  await page.route(url, async (route: Route) => {
    seen.push(route.request());
    await released;
    await route.continue();
  });
  return { release, seen };
}

/** Fields of a multipart request body, by name (files appear as their file name). */
export function multipartFields(request: Request): Record<string, string> {
  const body = request.postDataBuffer()?.toString('latin1') ?? '';
  const fields: Record<string, string> = {};
  for (const part of body.split(/--[^\r\n]+\r\n/)) {
    const name = part.match(/name="([^"]+)"/)?.[1];
    if (!name) continue;
    const filename = part.match(/filename="([^"]*)"/)?.[1];
    fields[name] = filename ?? part.split('\r\n\r\n')[1]?.replace(/\r\n$/, '') ?? '';
  }
  return fields;
}

/** The submitting state: the submit button (whatever it says meanwhile) is disabled and spins. */
export async function expectSubmitting(page: Page, name: RegExp): Promise<void> {
  const busy = page.getByRole('main').getByRole('button', { name });
  await expect(busy).toBeDisabled();
  await expect(busy.locator('svg[class*="animate-spin"], [role="status"]')).toBeVisible();
}

/** Clicks the result's download link and decodes what the browser saved. */
export async function downloadResult(page: Page) {
  const link = tool.downloadLink(page);
  await expect(link).toBeVisible();
  const download = page.waitForEvent('download');
  await link.click();
  return decodeDownload(await download);
}
