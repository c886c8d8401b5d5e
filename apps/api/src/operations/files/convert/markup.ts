/// <reference path="./turndown-plugin-gfm.d.ts" />
import { gfm } from '@joplin/turndown-plugin-gfm';
import { convert as htmlToText } from 'html-to-text';
import { Parser } from 'htmlparser2';
import { Marked } from 'marked';
import TurndownService from 'turndown';
import { OperationError } from '../../errors.js';
import { assertMarkdownNesting, withinMarkdownDepth } from '../../text/markdown-depth.js';
import { htmlPage, sanitize } from './html-safety.js';

/*
 * Conversions between HTML, Markdown and plain text. Every HTML input goes through the sanitiser
 * first: scripts, styles, frames and their contents are gone before turndown or html-to-text see
 * the document, so none of it leaks into the text and no `javascript:` link survives.
 */

/**
 * How deeply HTML may nest elements. The sanitiser, turndown and html-to-text all recurse: 2,000
 * levels overflowed the main thread's stack, 1,000 took a second, 100,000 nested <div>s minutes.
 */
export const MAX_HTML_NESTING = 256;

function htmlTooDeep(): OperationError {
  return new OperationError(
    'UNPROCESSABLE_FILE',
    `The HTML nests elements more than ${MAX_HTML_NESTING} levels deep; at most ${MAX_HTML_NESTING} levels can be converted.`,
    { field: 'file' },
  );
}

/**
 * Refuses HTML nested deeper than MAX_HTML_NESTING before anything recursive reads it: htmlparser2
 * (the sanitiser's own tokenizer) streams through it once, closing implied and void elements as
 * browsers do, and stops at the first element too deep.
 */
function assertHtmlNesting(html: string): void {
  let depth = 0;
  const parser = new Parser({
    onopentag() {
      depth++;
      if (depth > MAX_HTML_NESTING) throw htmlTooDeep();
    },
    onclosetag() {
      depth--;
    },
  });
  parser.write(html);
  parser.end();
}

/** The recursive HTML steps, a stack overflow on what the scan let through answered as too deep. */
function convertHtml<T>(html: string, convert: (html: string) => T): T {
  assertHtmlNesting(html);
  try {
    return convert(html);
  } catch (error) {
    if (error instanceof RangeError) throw htmlTooDeep();
    throw error;
  }
}

function turndown(): TurndownService {
  const service = new TurndownService({
    headingStyle: 'atx',
    codeBlockStyle: 'fenced',
    bulletListMarker: '-',
    emDelimiter: '*',
  });
  service.use(gfm); // tables, strikethrough, task lists
  return service;
}

/**
 * A Markdown table needs a header row; Word and many pages have none marked. The first row then
 * becomes the header (instead of an empty one). Works on sanitiser output, which is well-formed.
 */
function promoteFirstRows(html: string): string {
  return html.replace(/<table>((?:(?!<\/table>)[\s\S])*?)<\/table>/g, (table, inner: string) => {
    if (inner.includes('<th')) return table;
    const promoted = inner.replace(
      /<tr>([\s\S]*?)<\/tr>/,
      (_row, cells: string) =>
        `<tr>${cells.replace(/<td(\s[^>]*)?>/g, '<th$1>').replace(/<\/td>/g, '</th>')}</tr>`,
    );
    return `<table>${promoted}</table>`;
  });
}

/** @example htmlToMarkdown('<h1>T</h1><table>…</table>') // '# T\n\n| a | b |\n| --- | --- |…' */
export function htmlToMarkdown(html: string): string {
  return convertHtml(html, (page) => {
    const markdown = turndown().turndown(promoteFirstRows(sanitize(page, { remoteImages: true })));
    return `${markdown.trim()}\n`;
  });
}

/** Plain text with headings as they are written (not upper-cased) and tables laid out as tables. */
export function htmlToPlainText(html: string): string {
  return convertHtml(html, plainText);
}

function plainText(html: string): string {
  const text = htmlToText(sanitize(html, { remoteImages: true }), {
    wordwrap: false,
    selectors: [
      ...(['h1', 'h2', 'h3', 'h4', 'h5', 'h6'] as const).map((selector) => ({
        selector,
        options: { uppercase: false },
      })),
      {
        selector: 'table',
        format: 'dataTable',
        options: { uppercaseHeaderCells: false, maxColumnWidth: 60, colSpacing: 3 },
      },
      { selector: 'a', options: { ignoreHref: false, hideLinkHrefIfSameAsText: true } },
      { selector: 'img', format: 'skip' },
    ],
  });
  return `${text.trim()}\n`;
}

/** Markdown → a complete, sanitised HTML page (GitHub-flavoured: tables, task lists, strikethrough). */
export function markdownToHtml(markdown: string, title: string): string {
  assertMarkdownNesting(markdown, 'file');
  const marked = new Marked({ gfm: true, async: false });
  const body = withinMarkdownDepth(() => marked.parse(markdown, { async: false }), 'file');
  return htmlPage(title, sanitize(body, { remoteImages: true }).trim());
}
