import { type APIRequestContext, expect, type Page } from '@playwright/test';

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

/** Rows of a table in the page, as the text of their cells. */
async function tableRows(page: Page, name: string): Promise<string[][]> {
  return page
    .getByRole('main')
    .getByRole('table', { name })
    .locator('tbody tr')
    .evaluateAll((rows) =>
      rows.map((row) => [...row.querySelectorAll('th, td')].map((cell) => cell.textContent ?? '')),
    );
}

/**
 * A live tool's API reference, on the page already open, says what the served OpenAPI document
 * says of its operation: the success response's headers and media types, and every documented
 * error (status, code and summary).
 */
export async function expectApiReferenceMatchesOpenApi(
  page: Page,
  request: APIRequestContext,
  apiPath: string,
): Promise<void> {
  const document = (await (await request.get('/api/v1/openapi.json')).json()) as {
    paths: Record<string, { post?: Operation }>;
  };
  const operation = document.paths[apiPath]?.post;
  expect(operation, `OpenAPI operation POST ${apiPath}`).toBeDefined();

  const success = operation?.responses['200'];
  expect(await tableRows(page, 'Response headers')).toEqual(
    Object.entries(success?.headers ?? {}).map(([name, h]) => [name, rendered(h.description ?? '')]),
  );

  const intro = page.getByRole('main').getByText('200 OK', { exact: true }).locator('..');
  expect(await intro.locator('code').allTextContents()).toEqual(Object.keys(success?.content ?? {}));

  const documented = Object.entries(operation?.responses ?? {})
    .filter(([status]) => status !== '200')
    .flatMap(([status, response]) =>
      Object.values(response.content?.['application/json']?.examples ?? {}).map((example) => [
        status,
        rendered(`${example.value.code}${example.summary}`),
      ]),
    );
  expect(await tableRows(page, 'Error responses')).toEqual(documented);
}
