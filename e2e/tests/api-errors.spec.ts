import { readFileSync } from 'node:fs';
import type { Page } from '@playwright/test';
import { corruptJpeg, images } from '../support/files.js';
import { spec } from '../support/spec.js';
import { expect, test, visit } from '../support/test.js';
import { imageApi, imageToolPages, pickBuffer, pickFile, tool } from '../support/tools.js';
import { ui } from '../support/ui.js';

// Error handling of the three tools: a 401 shows the authorization alert; a binary response that is
// really JSON shows its message; other errors show their message inline, under the form. The
// responses are mocked with page.route() except for the real 422 at the end.

test.use({ allowedConsoleErrors: [/Failed to load resource: the server responded with a status of \d+/] });

const json = (status: number, body: unknown) => ({
  status,
  contentType: 'application/json',
  body: JSON.stringify(body),
});

async function submitWithImage(page: Page, path: string, submit?: string) {
  await visit(page, path);
  await pickFile(page, images.cat);
  if (path === '/docs/api') await tool.width(page).fill('100');
  await (submit ? tool.submit(page, submit) : tool.submitButton(page)).click();
}

// Both errors in one page load: the 401 first, then a second submit answered 400.
for (const { path } of imageToolPages) {
  test(`${path}: a 401 shows the authorization alert; another error shows its message in an inline alert, requested once`, async ({
    page,
  }) => {
    let calls = 0;
    await page.route(imageApi, (route) => {
      calls++;
      return route.fulfill(
        calls === 1
          ? json(401, { success: false, message: 'Unauthorized', code: 'UNAUTHORIZED' })
          : json(400, { success: false, message: 'Width must be at most 4096.', code: 'INVALID_PARAMETERS' }),
      );
    });
    await submitWithImage(page, path);
    await expect(ui.alert(page, spec.errors.unauthorized)).toBeVisible();
    await expect(tool.submitButton(page)).toBeEnabled();
    expect(calls).toBe(1);

    await tool.submitButton(page).click();
    await expect(ui.alert(page, 'Width must be at most 4096.')).toBeVisible();
    // A 4xx will not change on retry.
    expect(calls).toBe(2);
  });
}

test.describe('binary responses that are really JSON', () => {
  test('a 200 JSON body instead of the image shows its message', async ({ page }) => {
    await page.route(imageApi, (route) =>
      route.fulfill(json(200, { success: false, message: 'The upstream image service is paused.' })),
    );
    await submitWithImage(page, '/docs/api', spec.resize.submit);
    await expect(ui.alert(page, 'The upstream image service is paused.')).toBeVisible();
    await expect(tool.downloadLink(page)).toHaveCount(0);
  });

  test("a 200 JSON body without a message shows 'Server returned JSON instead of file'", async ({ page }) => {
    await page.route(imageApi, (route) => route.fulfill(json(200, { ok: true })));
    await submitWithImage(page, '/docs/api/thumbnail-generator', spec.thumbnail.submit);
    await expect(ui.alert(page, spec.errors.jsonInsteadOfFile)).toBeVisible();
  });

  test('a 413 JSON error on the binary call shows its message', async ({ page }) => {
    await page.route(imageApi, (route) =>
      route.fulfill(
        json(413, { success: false, message: 'The image is larger than 10 MB.', code: 'TOO_LARGE' }),
      ),
    );
    await submitWithImage(page, '/docs/api/thumbnail-generator', spec.thumbnail.submit);
    await expect(ui.alert(page, 'The image is larger than 10 MB.')).toBeVisible();
  });
});

test.describe("the catalogue's fallback messages", () => {
  test("an error JSON without a message on a binary call shows 'Unknown error (from blob)'", async ({
    page,
  }) => {
    await page.route(imageApi, (route) => route.fulfill(json(400, { success: false })));
    await submitWithImage(page, '/docs/api', spec.resize.submit);
    await expect(ui.alert(page, spec.errors.unknownFromBlob)).toBeVisible();
  });

  test("an error with an empty body shows 'An unknown error occurred.'", async ({ page }) => {
    await page.route(imageApi, (route) => route.fulfill({ status: 400, body: '' }));
    await submitWithImage(page, '/docs/api/image-base64', spec.base64.submit);
    await expect(ui.alert(page, spec.errors.unknown)).toBeVisible();
  });
});

test('a failed request is retried up to 2 times (503, 503, then the real answer)', async ({ page }) => {
  let calls = 0;
  await page.route(imageApi, (route) => {
    calls++;
    if (calls <= 2) return route.fulfill(json(503, { success: false, message: 'Busy' }));
    return route.continue();
  });
  await submitWithImage(page, '/docs/api/thumbnail-generator', spec.thumbnail.submit);
  await expect(tool.downloadLink(page)).toBeVisible({ timeout: 15_000 });
  expect(calls).toBe(3);
});

test('the real API: an undecodable JPEG shows the server message inline', async ({ page, request }) => {
  const direct = await request.post('/api/v1/images/base64', {
    multipart: {
      image: { name: 'truncated.jpg', mimeType: 'image/jpeg', buffer: readFileSync(corruptJpeg) },
    },
  });
  expect(direct.status()).toBe(422);
  const { message } = (await direct.json()) as { message: string };
  expect(message.length).toBeGreaterThan(10);

  await visit(page, '/docs/api/image-base64');
  await pickBuffer(page, 'truncated.jpg', 'image/jpeg', readFileSync(corruptJpeg));
  await tool.submit(page, spec.base64.submit).click();
  await expect(ui.alert(page, message)).toBeVisible();
});
