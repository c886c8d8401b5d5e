import { render, screen, within } from '@testing-library/react';
import { type LiveToolId, liveTools } from '@toolkit/catalog';
import { describe, expect, it } from 'vitest';
import { TooltipProvider } from '~/components/ui/tooltip';
// The server's own document builder: the docs page must say what the served OpenAPI document says.
import { buildOpenApiDocument } from '../../../../api/src/openapi/document';
import { ApiReference } from './api-reference';

/** OpenAPI descriptions are CommonMark; the page renders their `code` spans as code, without backticks. */
const shownAs = (markdown: string) => markdown.replace(/`([^`]+)`/g, '$1');

type Header = { description: string };
type ErrorResponse = {
  content: { 'application/json': { examples: Record<string, { summary: string; value: { code: string } }> } };
};
type Operation = {
  responses: Record<string, { headers: Record<string, Header>; content: Record<string, unknown> }> &
    Record<string, ErrorResponse>;
};

const document = buildOpenApiDocument() as { paths: Record<string, { post: Operation }> };

/** The rows of a rendered table: each row's header cell and other cells, as text. */
function tableRows(name: string): string[][] {
  const table = screen.getByRole('table', { name });
  return within(table)
    .getAllByRole('row')
    .slice(1)
    .map((row) => [...row.querySelectorAll('th, td')].map((cell) => cell.textContent ?? ''));
}

describe.each(liveTools.map((tool) => [tool.id, tool] as const))(
  '%s: docs page and OpenAPI agree',
  (_, tool) => {
    const operation = document.paths[tool.api.path]?.post;
    const renderPage = () =>
      render(
        <TooltipProvider>
          <ApiReference toolId={tool.id as LiveToolId} />
        </TooltipProvider>,
      );

    it('has an OpenAPI operation', () => {
      expect(operation).toBeDefined();
    });

    it('on the media types of a result', () => {
      renderPage();
      const intro = screen.getByText('200 OK').parentElement;
      const shown = [...(intro?.querySelectorAll('code') ?? [])].map((code) => code.textContent);
      expect(shown).toEqual(Object.keys(operation?.responses['200']?.content ?? {}));
      expect(shown.length).toBeGreaterThan(0);
    });

    it('on the response headers and what they mean', () => {
      renderPage();
      const documented = Object.entries(operation?.responses['200']?.headers ?? {}).map(([name, header]) => [
        name,
        shownAs(header.description),
      ]);
      expect(tableRows('Response headers')).toEqual(documented);
    });

    it('on every error: status, code and when it happens', () => {
      renderPage();
      const shown = tableRows('Error responses').map(([status, codeAndWhen]) => [status, codeAndWhen]);
      const documented = Object.entries(operation?.responses ?? {})
        .filter(([status]) => status !== '200')
        .flatMap(([status, response]) =>
          Object.values((response as ErrorResponse).content['application/json'].examples).map((example) => [
            status,
            `${example.value.code}${shownAs(example.summary)}`,
          ]),
        );
      expect(shown).toEqual(documented);
      expect(shown.length).toBeGreaterThan(5);
    });
  },
);
