import { lexer, type Token, type Tokens } from 'marked';
import { describe, expect, it } from 'vitest';
import {
  agentFiles,
  checkChain,
  documentedJsonSchema,
  getTool,
  liveTools,
  llmsTxt,
  markdownPath,
  mcpDocsPath,
  mcpMarkdown,
  mcpToolName,
  pipelineDocsPath,
  pipelineMarkdown,
  type ToolSpec,
  toolMarkdown,
  toolReference,
} from '../index.js';
import { code, table } from './markdown.js';

const site = { name: 'Developer Toolkit', summary: 'Simple, reliable HTTP APIs.' };
const live = liveTools as readonly ToolSpec[];

/** The top-level tokens of a Markdown text (marked's GFM lexer), without blank space. */
const blocksOf = (text: string) => lexer(text).filter((token) => token.type !== 'space');

/** The (first, or first with `column`) table under `## heading`, as rows of cell text keyed by column head. */
function tableAfter(text: string, heading: string, column?: string): Record<string, string>[] {
  const tokens = blocksOf(text);
  const start = tokens.findIndex((t) => t.type === 'heading' && t.depth === 2 && t.text === heading);
  const found = tokens
    .slice(start + 1)
    .find(
      (t): t is Tokens.Table =>
        t.type === 'table' && (!column || (t as Tokens.Table).header.some((cell) => cell.text === column)),
    );
  if (start < 0 || !found) throw new Error(`No table under ${heading}`);
  const plain = (cell: Tokens.TableCell) =>
    cell.tokens.map((t: Token) => ('text' in t ? t.text : t.raw)).join('');
  return found.rows.map((row) =>
    Object.fromEntries(row.map((cell, i) => [found.header[i]?.text, plain(cell)])),
  );
}

describe('llms.txt', () => {
  const text = llmsTxt(site);
  const tokens = blocksOf(text);

  it('has the llmstxt.org layout: an H1 title, a blockquote summary, then H2 sections of link lists', () => {
    expect(tokens[0]).toMatchObject({ type: 'heading', depth: 1, text: site.name });
    expect(tokens[1]).toMatchObject({ type: 'blockquote', text: site.summary });
    expect(tokens.filter((t) => t.type === 'heading' && t.depth === 1)).toHaveLength(1);
    const firstSection = tokens.findIndex((t) => t.type === 'heading');
    const sections = tokens.slice(tokens.findIndex((t, i) => i > firstSection && t.type === 'heading'));
    expect(sections.length).toBeGreaterThan(0);
    // After the first H2 there are only H2 headings, each followed by one list of links.
    for (const [i, token] of sections.entries()) {
      if (i % 2 === 0) expect(token).toMatchObject({ type: 'heading', depth: 2 });
      else {
        expect(token.type).toBe('list');
        for (const item of (token as Tokens.List).items) {
          expect(item.text).toMatch(/^\[[^\]]+\]\(\/[^)\s]+\)(: .+)?$/);
        }
      }
    }
  });

  it('links every live page’s Markdown copy once, with its title and description, and the MCP page', () => {
    const links = [...text.matchAll(/^- \[([^\]]+)\]\(([^)]+)\)(?:: (.*))?$/gm)].map((m) => ({
      title: m[1],
      url: m[2],
      description: m[3],
    }));
    for (const tool of live) {
      const matches = links.filter((link) => link.url === markdownPath(tool));
      expect(matches, tool.id).toEqual([
        { title: tool.title, url: markdownPath(tool), description: tool.description },
      ]);
    }
    expect(links.map((link) => link.url)).toContain(`${mcpDocsPath}.md`);
    // Every link is to a file the build publishes.
    const published = new Set(agentFiles(site).map((file) => file.path));
    for (const link of links) expect(published.has(link.url ?? ''), link.url).toBe(true);
  });

  it('names each page’s Markdown after its path', () => {
    expect(markdownPath(getTool('resize-image'))).toBe('/docs/api.md');
    expect(markdownPath(getTool('csv-to-json'))).toBe('/docs/api/csv-to-json.md');
  });
});

describe('a page as Markdown', () => {
  it('lists every request field with the catalog’s type and default, the upload first', () => {
    for (const tool of live) {
      const rows = tableAfter(toolMarkdown(tool), 'Request');
      const schema = documentedJsonSchema(tool.api.request as never, 'input');
      const properties = schema.properties as Record<string, { type?: string; default?: unknown }>;
      const [upload, ...fields] = rows;
      expect(upload?.Field, tool.id).toBe(tool.api.input.field);
      expect(upload?.Type).toBe(tool.api.input.kind === 'files' ? 'file[]' : 'file');
      expect(
        fields.map((row) => row.Field),
        tool.id,
      ).toEqual(Object.keys(properties));
      for (const row of fields) {
        const property = properties[row.Field as string] ?? {};
        // A field taking any JSON value (json-to-csv's `json`) has no type: the docs call it a string (JSON text).
        expect(row.Type, `${tool.id}.${row.Field}`).toBe(property.type ?? 'string');
        expect(
          row.Default === '' ? undefined : JSON.parse(row.Default as string),
          `${tool.id}.${row.Field}`,
        ).toEqual(property.default);
        expect(row.Required).toBe(
          (schema.required as string[] | undefined)?.includes(row.Field as string) ? 'yes' : 'no',
        );
      }
    }
  });

  it('states the limits: resize’s width 1–4096, quality 1–100 with default 85, the 10 MB upload', () => {
    const rows = tableAfter(toolMarkdown(getTool('resize-image')), 'Request');
    const byName = Object.fromEntries(rows.map((row) => [row.Field, row]));
    expect(byName.width).toMatchObject({ Type: 'integer', Required: 'no', Default: '', Allowed: '1–4096' });
    expect(byName.quality).toMatchObject({ Type: 'integer', Default: '85', Allowed: '1–100' });
    expect(byName.format?.Allowed).toBe('jpeg, png, webp, avif');
    expect(byName.image?.Description).toContain('up to 10 MB');
    const xml = tableAfter(toolMarkdown(getTool('json-to-xml')), 'Request');
    expect(xml.find((row) => row.Field === 'root')).toMatchObject({
      Default: '"root"',
      Allowed: '≤ 100 characters',
    });
  });

  it('has the same errors as the docs page and OpenAPI, and the response headers', () => {
    for (const tool of live) {
      const text = toolMarkdown(tool);
      const reference = toolReference(tool);
      expect(tableAfter(text, 'Errors'), tool.id).toEqual(
        reference.errors.map((e) => ({ Status: String(e.status), Code: e.code, When: e.when })),
      );
      expect(tableAfter(text, 'Response', 'Header').map((row) => row.Header)).toEqual(
        reference.headers.map((h) => h.name),
      );
    }
  });

  it('ends with a curl sample of each example, on the tool’s path', () => {
    const tokens = blocksOf(toolMarkdown(getTool('csv-to-json')));
    const samples = tokens.filter((t): t is Tokens.Code => t.type === 'code');
    expect(samples.length).toBe(getTool('csv-to-json').api.examples?.length);
    for (const sample of samples) {
      expect(sample.lang).toBe('sh');
      expect(sample.text).toMatch(/^curl -X POST "\$BASE\/data\/csv-to-json"/);
    }
  });
});

describe('the MCP page', () => {
  it('lists one tool per live operation under the name the server uses, with a client configuration', () => {
    const text = mcpMarkdown();
    expect(tableAfter(text, 'Tool names').map((row) => row.Tool)).toEqual(live.map(mcpToolName));
    expect(mcpToolName(getTool('csv-to-json'))).toBe('data_csv_to_json');
    const config = blocksOf(text).find((t): t is Tokens.Code => t.type === 'code' && t.lang === 'json');
    expect(JSON.parse(config?.text ?? '')).toEqual({
      mcpServers: { toolkit: { url: '<origin>/mcp', headers: { Authorization: 'Bearer <key>' } } },
    });
  });
});

describe('the pipelines page', () => {
  it('lists every live operation by its op, and its example chain is one the server accepts', () => {
    const text = pipelineMarkdown();
    const rows = tableAfter(text, 'What can follow what');
    expect(rows.map((row) => row.op)).toEqual(live.map((tool) => tool.api.path.slice(1)));
    expect(rows.find((row) => row.op === 'images/combine')?.Takes).toBe('several files (first step only)');
    expect(rows.find((row) => row.op === 'data/csv-to-json')).toMatchObject({ Takes: 'CSV', Gives: 'JSON' });
    const example = blocksOf(text).find((t): t is Tokens.Code => t.type === 'code' && t.lang === 'json');
    const { steps } = JSON.parse(example?.text ?? '') as { steps: { op: string }[] };
    const planned = steps.map(({ op, ...fields }) => ({
      op,
      tool: live.find((tool) => tool.api.path === `/${op}`) as ToolSpec,
      fields,
    }));
    expect(checkChain(planned, 'text')).not.toHaveProperty('step');
    expect(llmsTxt(site)).toContain(`(${pipelineDocsPath}.md)`);
    expect(agentFiles(site).map((file) => file.path)).toContain(`${pipelineDocsPath}.md`);
  });
});

describe('Markdown helpers', () => {
  it('keep catalog text from breaking code spans and tables', () => {
    expect(code('a`b')).toBe('``a`b``');
    expect(code('`x')).toBe('`` `x ``');
    const rows = tableAfter(`## T\n\n${table(['A', 'B'], [['x | y', 'one\ntwo']])}\n`, 'T');
    expect(rows).toEqual([{ A: 'x | y', B: 'one two' }]);
  });
});
