import { liveTools } from '@toolkit/catalog';
import { expect, test, visit } from '../support/test.js';
import { liveToolPages, tool } from '../support/tools.js';

// Every live tool of the catalog, with nothing written per tool: its page shows the try-it panel
// with its submit control, and its API reference says what the served OpenAPI document says.

/** The page renders `code` spans as <code>, whose text has no backticks. */
const rendered = (text: string) => text.replaceAll('`', '');

type Operation = {
  responses: Record<
    string,
    {
      headers?: Record<string, { description?: string }>;
      content?: Record<string, { examples?: Record<string, { summary: string; value: { code: string } }> }>;
    }
  >;
};

for (const page_ of liveToolPages) {
  const catalogEntry = liveTools.find((t) => t.id === page_.id);

  test.describe(`${page_.path} (${page_.id})`, () => {
    test('shows its try-it panel with a submit control', async ({ page }) => {
      await visit(page, page_.path);
      await expect(tool.submitButton(page)).toBeVisible();
      await expect(tool.submitButton(page)).toBeEnabled();
    });

    test('its API reference agrees with the OpenAPI document', async ({ page, request }) => {
      const document = (await (await request.get('/api/v1/openapi.json')).json()) as {
        paths: Record<string, { post?: Operation }>;
      };
      const operation = document.paths[catalogEntry?.api.path ?? '']?.post;
      expect(operation, 'OpenAPI operation').toBeDefined();
      await visit(page, page_.path);
      const main = page.getByRole('main');

      const headers = main.getByRole('table', { name: 'Response headers' }).locator('tbody tr');
      const shownHeaders = await headers.evaluateAll((rows) =>
        rows.map((row) => [...row.querySelectorAll('th, td')].map((cell) => cell.textContent ?? '')),
      );
      const success = operation?.responses['200'];
      expect(shownHeaders).toEqual(
        Object.entries(success?.headers ?? {}).map(([name, h]) => [name, rendered(h.description ?? '')]),
      );

      const intro = main.getByText('200 OK', { exact: true }).locator('..');
      expect(await intro.locator('code').allTextContents()).toEqual(Object.keys(success?.content ?? {}));

      const errors = main.getByRole('table', { name: 'Error responses' }).locator('tbody tr');
      const shownErrors = await errors.evaluateAll((rows) =>
        rows.map((row) => [...row.querySelectorAll('th, td')].map((cell) => cell.textContent ?? '')),
      );
      const documented = Object.entries(operation?.responses ?? {})
        .filter(([status]) => status !== '200')
        .flatMap(([status, response]) =>
          Object.values(response.content?.['application/json']?.examples ?? {}).map((example) => [
            status,
            rendered(`${example.value.code}${example.summary}`),
          ]),
        );
      expect(shownErrors).toEqual(documented);
    });
  });
}
