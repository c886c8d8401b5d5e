import { describe, expect, it } from 'vitest';
import { htmlToMarkdown, htmlToPlainText, markdownToHtml } from './markup.js';

const scripted = `<!DOCTYPE html><html><head><title>Evil</title><style>body{color:red}</style>
<script>alert("head")</script></head><body onload="steal()">
<h2>Report</h2>
<p onclick="steal()">Visit <a href="javascript:alert(1)">this</a> and <a href="https://example.org/x">that</a>.</p>
<noscript>Enable JavaScript</noscript><iframe src="https://evil.example"></iframe>
<script>document.write("injected")</script>
<table><thead><tr><th>Name</th><th>Qty</th></tr></thead><tbody><tr><td>Apple</td><td>3</td></tr><tr><td>Pear</td><td>12</td></tr></tbody></table>
<img src="x" onerror="steal()"><svg><script>alert(2)</script></svg>
</body></html>`;

describe('HTML → Markdown', () => {
  it('keeps headings, links and tables (GFM), and nothing of scripts, styles, noscript or frames', () => {
    const md = htmlToMarkdown(scripted);
    expect(md).toContain('## Report');
    expect(md).toContain('[that](https://example.org/x)');
    expect(md).toMatch(/\| Name \| Qty \|\n\| --- \| --- \|\n\| Apple \| 3 +\|\n\| Pear \| 12 +\|/);
    for (const leaked of [
      'alert',
      'injected',
      'color:red',
      'Enable JavaScript',
      'javascript:',
      'steal',
      'evil',
      'Evil',
    ]) {
      expect(md).not.toContain(leaked);
    }
  });
});

describe('HTML → text', () => {
  it('lays tables out as tables, keeps heading case, and leaks no script', () => {
    const text = htmlToPlainText(scripted);
    expect(text).toContain('Report');
    expect(text).not.toContain('REPORT');
    expect(text).toMatch(/Name\s+Qty\nApple\s+3\nPear\s+12/);
    expect(text).toContain('that [https://example.org/x]');
    for (const leaked of ['alert', 'injected', 'color:red', 'Enable JavaScript', 'steal']) {
      expect(text).not.toContain(leaked);
    }
  });
});

describe('Markdown → HTML', () => {
  it('renders GitHub-flavoured Markdown into a complete page', () => {
    const html = markdownToHtml(
      '# Title\n\nSome **bold** and `code`.\n\n- one\n- two\n\n| a | b |\n|---|---|\n| 1 | 2 |\n\n```js\nlet x = 1;\n```\n\n- [x] done\n',
      'My <notes>',
    );
    expect(html).toMatch(/^<!DOCTYPE html>/);
    expect(html).toContain('<title>My &lt;notes&gt;</title>');
    expect(html).toContain('<h1>Title</h1>');
    expect(html).toContain('<strong>bold</strong>');
    expect(html).toContain('<li>one</li>');
    expect(html).toMatch(/<table>[\s\S]*<th>a<\/th>[\s\S]*<td>2<\/td>[\s\S]*<\/table>/);
    expect(html).toContain('<code class="language-js">let x = 1;');
    expect(html).toContain('<li><input checked disabled type="checkbox" /> done</li>');
  });

  it('removes scripts, event handlers and javascript: links that marked lets through', () => {
    const html = markdownToHtml(
      '[click](javascript:alert(1)) <img src="x" onerror="alert(2)"> <script>alert(3)</script>\n\n<a href="JaVaScRiPt:alert(4)">x</a> <div onmouseover="alert(5)">hover</div>\n\n![ok](https://example.org/a.png)',
      'x',
    );
    expect(html).not.toMatch(/javascript:|onerror|onmouseover|<script|alert/i);
    expect(html).toContain('click');
    expect(html).toContain('hover');
    expect(html).toContain('<img src="https://example.org/a.png" alt="ok" />');
  });
});
