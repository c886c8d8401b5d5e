import { Lexer, type MarkedToken, type Token } from 'marked';
import { assertMarkdownNesting, withinMarkdownDepth } from '../../text/markdown-depth.js';
import type { Block, Span, Style, TextBlock } from './blocks.js';

const headingScale = [2, 1.6, 1.35, 1.2, 1.1, 1] as const;
const linkColor = '#1a55c4';
const quoteColor = '#444444';
const listIndent = 1.6; // ems
const quoteIndent = 14; // points

interface Context {
  indent: number;
  quoteDepth: number;
  /** Marker for the first block of a list item, consumed once drawn. */
  marker?: Span;
  color?: string;
}

const named: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: '\u00A0' };

// marked's lexer leaves character references as written (its HTML renderer passes them through);
// a PDF has to show the characters.
function decodeEntities(text: string): string {
  return text.replace(/&(#x[0-9a-f]{1,6}|#\d{1,7}|[a-z]+);/gi, (whole, ref: string) => {
    if (ref[0] === '#') {
      const code =
        ref[1] === 'x' || ref[1] === 'X' ? Number.parseInt(ref.slice(2), 16) : Number(ref.slice(1));
      return code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : whole;
    }
    return named[ref.toLowerCase()] ?? whole;
  });
}

const stripTags = (html: string) => html.replace(/<[^>]*>/g, '');

/** Inline tokens as lines of spans (a hard line break starts a new line). */
function inline(tokens: readonly Token[] | undefined, style: Style, lines: Span[][] = [[]]): Span[][] {
  const push = (text: string, s: Style) => {
    if (text) lines[lines.length - 1]?.push({ text, style: s });
  };
  for (const token of (tokens ?? []) as MarkedToken[]) {
    switch (token.type) {
      case 'strong':
        inline(token.tokens, { ...style, face: { ...style.face, bold: true } }, lines);
        break;
      case 'em':
        inline(token.tokens, { ...style, face: { ...style.face, italic: true } }, lines);
        break;
      case 'del':
        inline(token.tokens, { ...style, strike: true }, lines);
        break;
      case 'link':
        inline(token.tokens, { ...style, link: token.href, underline: true, color: linkColor }, lines);
        break;
      case 'codespan':
        push(decodeEntities(token.text), {
          ...style,
          face: { ...style.face, family: 'mono' },
          size: style.size * 0.95,
        });
        break;
      case 'image':
        push(token.text || token.title || 'image', {
          ...style,
          face: { ...style.face, italic: true },
          color: '#666666',
        });
        break;
      case 'br':
        lines.push([]);
        break;
      case 'checkbox':
        break;
      case 'html':
        push(decodeEntities(stripTags(token.raw)), style);
        break;
      default:
        if ('tokens' in token && Array.isArray(token.tokens) && token.tokens.length > 0) {
          inline(token.tokens as Token[], style, lines);
        } else if ('text' in token && typeof token.text === 'string') {
          push(decodeEntities(token.text), style);
        }
    }
  }
  return lines;
}

/**
 * Markdown as blocks, from marked's lexer tokens: headings (bold, larger), paragraphs with
 * emphasis, strike-through, inline code and links (blue, underlined, clickable), bullet, numbered
 * and task lists (nested), code blocks (monospaced on grey, spaces kept), block quotes (indented
 * with a bar), rules and tables (one line per row, header in bold).
 */
export function markdownBlocks(text: string, base: Style): Block[] {
  const blocks: Block[] = [];
  const gap = base.size * 0.6;

  const paragraph = (lines: Span[][], ctx: Context, spaceBefore: number, spaceAfter: number) => {
    lines.forEach((spans, index) => {
      const block: TextBlock = {
        kind: 'text',
        spans,
        indent: ctx.indent,
        spaceBefore: index === 0 ? spaceBefore : 0,
        spaceAfter: index === lines.length - 1 ? spaceAfter : 0,
        preformatted: false,
        quoteDepth: ctx.quoteDepth,
      };
      if (ctx.marker) {
        block.marker = ctx.marker;
        ctx.marker = undefined;
      }
      blocks.push(block);
    });
  };

  const walk = (tokens: readonly Token[], ctx: Context, tight: boolean) => {
    const style: Style = ctx.color ? { ...base, color: ctx.color } : base;
    for (const token of tokens as MarkedToken[]) {
      switch (token.type) {
        case 'space':
        case 'def':
          break;
        case 'heading': {
          const size = base.size * (headingScale[token.depth - 1] ?? 1);
          const headingStyle: Style = { ...style, size, face: { ...style.face, bold: true } };
          paragraph(inline(token.tokens, headingStyle), ctx, size * 0.7, size * 0.35);
          break;
        }
        case 'paragraph':
          paragraph(inline(token.tokens, style), ctx, 0, tight ? 0 : gap);
          break;
        case 'text':
          paragraph(
            inline(token.tokens ?? [{ type: 'text', raw: token.raw, text: token.text }], style),
            ctx,
            0,
            0,
          );
          break;
        case 'code': {
          const codeStyle: Style = {
            ...style,
            face: { family: 'mono', bold: false, italic: false },
            size: base.size * 0.9,
          };
          const lines = token.text.split('\n');
          lines.forEach((line, index) => {
            blocks.push({
              kind: 'text',
              spans: [{ text: line, style: codeStyle }],
              indent: ctx.indent + 6,
              spaceBefore: index === 0 ? base.size * 0.3 : 0,
              spaceAfter: index === lines.length - 1 ? gap : 0,
              preformatted: true,
              shaded: true,
              quoteDepth: ctx.quoteDepth,
            });
          });
          break;
        }
        case 'blockquote':
          walk(
            token.tokens ?? [],
            { indent: ctx.indent + quoteIndent, quoteDepth: ctx.quoteDepth + 1, color: quoteColor },
            false,
          );
          break;
        case 'list': {
          const start = typeof token.start === 'number' ? token.start : 1;
          token.items.forEach((item, index) => {
            const label = item.task ? (item.checked ? '☑' : '☐') : token.ordered ? `${start + index}.` : '•';
            walk(
              item.tokens,
              { ...ctx, indent: ctx.indent + base.size * listIndent, marker: { text: label, style } },
              !token.loose,
            );
          });
          const last = blocks[blocks.length - 1];
          if (last?.kind === 'text') last.spaceAfter = Math.max(last.spaceAfter, tight ? 0 : gap);
          break;
        }
        case 'hr':
          blocks.push({ kind: 'rule', spaceBefore: base.size * 0.5, spaceAfter: base.size });
          break;
        case 'table': {
          const rows = [token.header, ...token.rows];
          rows.forEach((cells, rowIndex) => {
            const cellStyle: Style =
              rowIndex === 0 ? { ...style, face: { ...style.face, bold: true } } : style;
            const spans: Span[] = [];
            cells.forEach((cell, cellIndex) => {
              if (cellIndex > 0) spans.push({ text: '   ', style: cellStyle });
              for (const line of inline(cell.tokens, cellStyle)) spans.push(...line);
            });
            paragraph(
              [spans],
              ctx,
              rowIndex === 0 ? base.size * 0.3 : 0,
              rowIndex === rows.length - 1 ? gap : 2,
            );
          });
          break;
        }
        case 'html': {
          const plain = decodeEntities(stripTags(token.raw)).trim();
          if (plain) paragraph([[{ text: plain, style }]], ctx, 0, gap);
          break;
        }
        default:
          if ('text' in token && typeof token.text === 'string' && token.text.trim()) {
            paragraph([[{ text: decodeEntities(token.text), style }]], ctx, 0, gap);
          }
      }
    }
  };

  assertMarkdownNesting(text);
  withinMarkdownDepth(() => walk(new Lexer({ gfm: true }).lex(text), { indent: 0, quoteDepth: 0 }, false));
  return blocks;
}
