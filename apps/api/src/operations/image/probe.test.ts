import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { OperationError } from '../errors.js';
import { defaultImageLimits } from './limits.js';
import { probeImage } from './probe.js';

async function rejection(promise: Promise<unknown>): Promise<OperationError> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  if (!(error instanceof OperationError)) throw new Error(`expected an OperationError, got ${String(error)}`);
  return error;
}

describe('probeImage', () => {
  it('identifies formats from the bytes and reports the displayed size', async () => {
    const webp = await sharp({ create: { width: 30, height: 20, channels: 4, background: '#0000' } })
      .webp()
      .toBuffer();
    expect(await probeImage(webp, 'x.png', defaultImageLimits)).toMatchObject({
      format: 'webp',
      width: 30,
      height: 20,
      pages: 1,
      hasAlpha: true,
      bytes: webp.length,
    });
    const turned = await sharp({ create: { width: 30, height: 20, channels: 3, background: '#fff' } })
      .jpeg()
      .withMetadata({ orientation: 6 })
      .toBuffer();
    expect(await probeImage(turned, 'x.jpg', defaultImageLimits)).toMatchObject({
      format: 'jpeg',
      width: 20,
      height: 30,
    });
  });

  it('recognises SVG text, with or without an XML declaration, comments or a doctype', async () => {
    const svg =
      '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="5"><rect width="10" height="5"/></svg>';
    for (const text of [svg, `<?xml version="1.0"?>\n<!-- logo -->\n${svg}`, `\uFEFF<!DOCTYPE svg>${svg}`]) {
      expect(await probeImage(Buffer.from(text), 'logo.svg', defaultImageLimits)).toMatchObject({
        format: 'svg',
        width: 10,
        height: 5,
      });
    }
  });

  it('reads a long or crafted prolog in one pass (no exponential backtracking)', async () => {
    // With a backtracking pattern such as (<!--[\s\S]*?-->\s*|…)* each of these takes longer than
    // the age of the universe: every way to split the repeated items is tried before giving up.
    const crafted = {
      'comments.svg': `${'<!-- --> '.repeat(60)}x`,
      'doctypes.svg': `${'<!DOCTYPE x [ ]> '.repeat(60)}<!--`,
      'unclosed.svg': `<!DOCTYPE svg [${']'.repeat(10_000)}`,
    };
    for (const [name, text] of Object.entries(crafted)) {
      const error = await rejection(probeImage(Buffer.from(text), name, defaultImageLimits));
      expect(error.code, name).toBe('UNSUPPORTED_MEDIA_TYPE');
    }
    const svg =
      '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="5"><rect width="10" height="5"/></svg>';
    const prolog = `<?xml version="1.0"?>${'<!-- c --> '.repeat(500)}<?xml-stylesheet href="a.css"?><!DOCTYPE svg [ ]>`;
    expect(await probeImage(Buffer.from(prolog + svg), 'long.svg', defaultImageLimits)).toMatchObject({
      format: 'svg',
      width: 10,
    });
  });

  it('refuses an SVG whose doctype declares an entity (Illustrator), and reads one that declares none', async () => {
    const doctype =
      '<!DOCTYPE svg PUBLIC "-//W3C//DTD SVG 1.1//EN" "http://www.w3.org/Graphics/SVG/1.1/DTD/svg11.dtd" [\n';
    const body =
      '<svg version="1.1" xmlns="http://www.w3.org/2000/svg" width="100" height="50"><rect width="100" height="50"/></svg>';
    const withEntity = `<?xml version="1.0" encoding="utf-8"?>\n${doctype}\t<!ENTITY ns_flows "http://ns.adobe.com/Flows/1.0/">\n]>\n${body}`;
    const error = await rejection(probeImage(Buffer.from(withEntity), 'ai.svg', defaultImageLimits));
    expect([error.code, error.message]).toEqual([
      'UNPROCESSABLE_FILE',
      'The SVG "ai.svg" declares XML entities (<!ENTITY in its DOCTYPE); they are not allowed. Remove them and send it again.',
    ]);
    const attributesOnly = `${doctype}\t<!ATTLIST svg x CDATA #IMPLIED>\n]>\n${body}`;
    expect(await probeImage(Buffer.from(attributesOnly), 'ai.svg', defaultImageLimits)).toMatchObject({
      format: 'svg',
      width: 100,
      height: 50,
    });
  });

  it('refuses entity bombs and external entities in an SVG, quickly and with a sentence', async () => {
    const levels = Array.from(
      { length: 10 },
      (_, i) => `<!ENTITY l${i} "${i === 0 ? 'lol' : `&l${i - 1};`.repeat(10)}">`,
    ).join('');
    const open = '<svg xmlns="http://www.w3.org/2000/svg" width="200" height="50">';
    const bombs = {
      'laughs.svg': `<?xml version="1.0"?><!DOCTYPE svg [${levels}]>${open}<text y="20">&l9;</text></svg>`,
      'attr.svg': `<!DOCTYPE svg [${levels}]>${open}<rect width="9" height="9" class="&l9;"/></svg>`,
      'xxe.svg': `<!DOCTYPE svg [<!ENTITY x SYSTEM "file:///etc/passwd">]>${open}<text y="20">&x;</text></svg>`,
      'param.svg': `<!DOCTYPE svg [<!ENTITY % p SYSTEM "file:///etc/passwd"> %p;]>${open}<rect width="9" height="9"/></svg>`,
    };
    for (const [name, text] of Object.entries(bombs)) {
      const error = await rejection(probeImage(Buffer.from(text), name, defaultImageLimits));
      expect([error.code, error.message], name).toEqual([
        'UNPROCESSABLE_FILE',
        `The SVG "${name}" declares XML entities (<!ENTITY in its DOCTYPE); they are not allowed. Remove them and send it again.`,
      ]);
    }
  });

  it('refuses other XML, other files and bombs', async () => {
    const xml = await rejection(
      probeImage(Buffer.from('<?xml version="1.0"?><note>hi</note>'), 'n.xml', defaultImageLimits),
    );
    expect(xml.code).toBe('UNSUPPORTED_MEDIA_TYPE');
    expect(xml.message).toBe(
      'The file "n.xml" is an XML file (application/xml). Upload a JPEG, PNG, WebP, GIF, AVIF, TIFF or SVG image.',
    );
    const elf = Buffer.concat([Buffer.from('\x7fELF\x02\x01\x01', 'latin1'), Buffer.alloc(64)]);
    expect((await rejection(probeImage(elf, 'a.out', defaultImageLimits))).message).toMatch(
      /^The file "a.out" is an ELF file/,
    );
    const pdf = await rejection(
      probeImage(Buffer.from('%PDF-1.7\n%âãÏÓ\n1 0 obj\n'), 'a.pdf', defaultImageLimits),
    );
    expect(pdf.message).toBe(
      'The file "a.pdf" is a PDF file (application/pdf). Upload a JPEG, PNG, WebP, GIF, AVIF, TIFF or SVG image.',
    );
    const big = await sharp({ create: { width: 200, height: 100, channels: 3, background: '#fff' } })
      .png()
      .toBuffer();
    const bomb = await rejection(probeImage(big, 'b.png', { ...defaultImageLimits, maxInputPixels: 10_000 }));
    expect([bomb.code, bomb.message]).toEqual([
      'IMAGE_TOO_LARGE',
      'The image is 200 × 100 pixels (0.0 megapixels); the largest we decode is 0.0 megapixels.',
    ]);
  });
});
