import type { pdfPageSizes } from '@toolkit/catalog';
import PDFDocument from 'pdfkit';
import type { Block, TextBlock } from './blocks.js';
import { baseFace, FaceChooser, type FaceKey, faceKey, loadFaces } from './fonts.js';
import { useSimpleLayout } from './simple-layout.js';
import { type Line, Measurer, wrapBlock } from './wrap.js';

export type PageSize = (typeof pdfPageSizes)[number];
/** Paper sizes in points. */
export const pageSizes: Record<PageSize, readonly [number, number]> = {
  A4: [595.28, 841.89],
  Letter: [612, 792],
  Legal: [612, 1008],
};

export interface PageSetup {
  size: PageSize;
  /** Margin on every side, in points. */
  margin: number;
  title?: string;
}

export interface Rendered {
  pdf: Uint8Array;
  pages: number;
  /** Characters (clusters) no embedded font can draw, in order of first appearance; drawn as U+FFFD. */
  missingGlyphs: string[];
}

/** Line height as a multiple of the largest font size on the line. */
const leading = 1.25;
const pageNumberSize = 9;
const grey = '#666666';
const shade = '#f2f2f2';

type TextOptions = PDFKit.Mixins.TextOptions & {
  horizontalScaling?: number;
  textWidth?: number;
  wordCount?: number;
};

/**
 * Typesets blocks onto pages: lines flow onto as many pages as needed, each page gets its
 * number ("3 / 12") centred in the bottom margin. The numbers are drawn as glyph outlines rather
 * than text so that the text extracted from the PDF is the document's own, without them.
 */
export async function renderBlocks(blocks: Block[], setup: PageSetup): Promise<Rendered> {
  const [pageWidth, pageHeight] = pageSizes[setup.size];
  const { margin } = setup;
  const textWidth = pageWidth - 2 * margin;
  const bottom = pageHeight - margin;
  const faces = loadFaces();
  const measurer = new Measurer();
  const chooser = new FaceChooser();
  const missing = new Set<string>();

  const doc = new PDFDocument({
    size: [pageWidth, pageHeight],
    margin: 0,
    autoFirstPage: false,
    bufferPages: true,
    pdfVersion: '1.7',
    displayTitle: Boolean(setup.title),
    info: { Title: setup.title ?? '', Creator: 'Developer Toolkit — Text to PDF' },
  });
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const finished = new Promise<void>((resolve, reject) => {
    doc.on('end', resolve);
    doc.on('error', reject);
  });
  const registered = new Set<FaceKey>();
  // Registered on first use: a face that draws nothing is not embedded.
  const useFace = (key: FaceKey, size: number, color: string) => {
    if (!registered.has(key)) {
      const face = faces.get(baseFace(key));
      if (!face) throw new Error(`unknown face ${key}`);
      doc.registerFont(key, face.data);
      registered.add(key);
      useSimpleLayout((doc.font(key) as unknown as { _font: unknown })._font);
    }
    doc.font(key).fontSize(size).fillColor(color);
  };

  let y = margin;
  let pageStarted = false;
  const newPage = () => {
    doc.addPage({ size: [pageWidth, pageHeight], margin: 0 });
    y = margin;
    pageStarted = true;
  };
  newPage();

  const drawLine = (block: TextBlock, line: Line, isFirst: boolean) => {
    const height = line.size * leading;
    if (y + height > bottom && y > margin) newPage();
    const left = margin + block.indent;
    const baseline = y + (height - line.size) / 2 + line.size * 0.93;
    if (block.shaded) doc.rect(left - 4, y, textWidth - block.indent + 8, height).fill(shade);
    for (let depth = 0; depth < (block.quoteDepth ?? 0); depth++) {
      doc.rect(margin + depth * 14 + 2, y, 2.5, height).fill('#cccccc');
    }
    if (isFirst && block.marker) {
      const { text, style } = block.marker;
      const face = chooser.choose(faceKey(style.face), text.codePointAt(0) ?? 0x2022) ?? 'sans';
      const w = measurer.width(face, style.size, text);
      useFace(face, style.size, style.color ?? '#000000');
      doc.text(text, left - w - style.size * 0.4, baseline, { lineBreak: false, baseline: 'alphabetic' });
    }
    for (const run of line.runs) {
      const { style } = run;
      const x = left + run.x;
      const color = style.color ?? '#000000';
      // textWidth and wordCount spare pdfkit measuring the run again (it only needs them for its own links and underlines).
      const options: TextOptions = {
        lineBreak: false,
        baseline: 'alphabetic',
        textWidth: run.width,
        wordCount: 1,
      };
      if (run.scale !== 1) options.horizontalScaling = run.scale * 100;
      useFace(run.face, style.size, color);
      doc.text(run.text, x, baseline, options);
      if (style.underline || style.strike) {
        const offset = style.underline ? style.size * 0.12 : -style.size * 0.3;
        doc
          .save()
          .lineWidth(Math.max(0.5, style.size / 16))
          .strokeColor(color)
          .moveTo(x, baseline + offset)
          .lineTo(x + run.width, baseline + offset)
          .stroke()
          .restore();
      }
      if (style.link) doc.link(x, y, run.width, height, style.link);
    }
    y += height;
  };

  for (const block of blocks) {
    if (block.kind === 'page-break') {
      newPage();
      continue;
    }
    if (pageStarted && y === margin) {
      // Space before a block is not added at the top of a page.
    } else {
      y += block.spaceBefore;
    }
    if (block.kind === 'rule') {
      if (y + 2 > bottom) newPage();
      doc
        .save()
        .lineWidth(0.75)
        .strokeColor('#999999')
        .moveTo(margin, y)
        .lineTo(pageWidth - margin, y)
        .stroke()
        .restore();
      y += block.spaceAfter;
      continue;
    }
    const lines = wrapBlock(block, textWidth - block.indent, measurer, chooser, missing);
    lines.forEach((line, index) => {
      drawLine(block, line, index === 0);
    });
    y += block.spaceAfter;
  }

  const range = doc.bufferedPageRange();
  const numberFace = faces.get('sans');
  if (!numberFace) throw new Error('DejaVu Sans is missing');
  const paths = new Map<number, string>();
  for (let i = 0; i < range.count; i++) {
    doc.switchToPage(range.start + i);
    const label = `${i + 1} / ${range.count}`;
    const run = numberFace.font.layout(label);
    const scale = pageNumberSize / numberFace.unitsPerEm;
    let x = (pageWidth - run.advanceWidth * scale) / 2;
    const baseline = pageHeight - margin / 2 + pageNumberSize / 3;
    run.glyphs.forEach((glyph, index) => {
      let path = paths.get(glyph.id);
      if (path === undefined) {
        path = glyph.path.toSVG();
        paths.set(glyph.id, path);
      }
      const position = run.positions[index];
      if (path) doc.save().translate(x, baseline).scale(scale, -scale).path(path).fill(grey).restore();
      x += (position?.xAdvance ?? glyph.advanceWidth) * scale;
    });
  }
  doc.end();
  await finished;
  return { pdf: new Uint8Array(Buffer.concat(chunks)), pages: range.count, missingGlyphs: [...missing] };
}
