import sanitizeHtml from 'sanitize-html';

/**
 * One sanitiser for every HTML we produce (from DOCX and Markdown) and every HTML we read before
 * turning it into Markdown or text. Documents keep their structure (headings, lists, tables, links,
 * code, images) and lose whatever can act: scripts, styles, frames, forms, event handlers and
 * `javascript:` or other non-web links. Images are kept as `data:image/…` and, where the document
 * itself points at the web (Markdown, HTML), as http(s) links; any other image becomes a short note.
 * Nothing is ever fetched here.
 */

const embeddableImage = /^data:image\/(png|jpeg|gif|webp);base64,[A-Za-z0-9+/=\s]+$/;

const baseOptions = (remoteImages: boolean): sanitizeHtml.IOptions => ({
  allowedTags: [
    ...['h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'p', 'br', 'hr', 'blockquote', 'pre', 'code', 'span', 'div'],
    ...['strong', 'b', 'em', 'i', 'u', 's', 'del', 'ins', 'sub', 'sup', 'small', 'mark', 'kbd', 'abbr'],
    ...['ul', 'ol', 'li', 'dl', 'dt', 'dd', 'a', 'img', 'figure', 'figcaption'],
    ...['table', 'thead', 'tbody', 'tfoot', 'tr', 'th', 'td', 'caption', 'colgroup', 'col'],
    ...['input', 'section', 'article', 'header', 'footer', 'aside', 'nav', 'main', 'details', 'summary'],
  ],
  // No style, no on* handlers, no class-based tricks: only what carries meaning.
  allowedAttributes: {
    a: ['href', 'title', 'id', 'name'],
    img: ['src', 'alt', 'title', 'width', 'height'],
    th: ['colspan', 'rowspan', 'align', 'scope'],
    td: ['colspan', 'rowspan', 'align'],
    ol: ['start', 'type'],
    li: ['value'],
    code: ['class'],
    input: ['type', 'checked', 'disabled'],
    '*': ['id', 'lang', 'dir'],
  },
  allowedClasses: { code: [/^language-[\w-]+$/] },
  allowedSchemes: ['http', 'https', 'mailto'],
  allowedSchemesByTag: { img: remoteImages ? ['data', 'http', 'https'] : ['data'] },
  allowProtocolRelative: false,
  // Whole elements whose content must not leak into the text either.
  nonTextTags: [
    'script',
    'style',
    'noscript',
    'iframe',
    'object',
    'embed',
    'template',
    'textarea',
    'title',
    'head',
  ],
  transformTags: {
    img: (tagName, attribs) =>
      embeddableImage.test(attribs.src ?? '') || (remoteImages && /^https?:\/\//i.test(attribs.src ?? ''))
        ? { tagName, attribs }
        : { tagName: 'span', attribs: {}, text: `[image omitted${attribs.alt ? `: ${attribs.alt}` : ''}]` },
    // Task-list checkboxes from Markdown only; any other input is dropped by the filter below.
    input: (tagName, attribs) => ({ tagName, attribs: { ...attribs, disabled: '' } }),
  },
  exclusiveFilter: (frame) => frame.tag === 'input' && frame.attribs.type !== 'checkbox',
});

const withRemoteImages = baseOptions(true);
const dataImagesOnly = baseOptions(false);

/**
 * @example sanitize('<p onclick="x()">Hi<script>alert(1)</script></p>') // '<p>Hi</p>'
 * @param remoteImages keep `<img src="https://…">` (documents that link images themselves)
 */
export function sanitize(html: string, { remoteImages }: { remoteImages: boolean }): string {
  return sanitizeHtml(html, remoteImages ? withRemoteImages : dataImagesOnly);
}

const escapeHtml = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** A complete UTF-8 HTML page around an already sanitised body. */
export function htmlPage(title: string, body: string): string {
  return `<!DOCTYPE html>
<html>
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)}</title>
</head>
<body>
${body}
</body>
</html>
`;
}
