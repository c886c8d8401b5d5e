import { getTool } from '@toolkit/catalog';
import { describe, expect, it } from 'vitest';
import { codeSamples, toolExamples } from './code-samples';

const url = 'https://toolkit.example/api/v1/images/resize';
const resize = getTool('resize-image');
const byLanguage = (samples: ReturnType<typeof codeSamples>) =>
  Object.fromEntries(samples.map((sample) => [sample.language, sample.text]));

describe('code samples from the catalog examples', () => {
  it('give curl a -F per field, the file first, and save binary results', () => {
    const [fit] = toolExamples(resize);
    const { curl } = byLanguage(codeSamples(resize, fit ?? (undefined as never), url));
    expect(curl).toBe(
      [
        `curl -X POST '${url}' \\`,
        `  -F 'image=@photo.jpg' \\`,
        `  -F 'width=800' \\`,
        `  -F 'height=600' \\`,
        '  -o photo-resize.jpg',
      ].join('\n'),
    );
  });

  it('send every field as form text in JavaScript (fetch + FormData)', () => {
    const exact = toolExamples(resize)[1];
    const { javascript } = byLanguage(codeSamples(resize, exact ?? (undefined as never), url));
    expect(javascript).toContain("const form = new FormData();\nform.append('image', file);");
    expect(javascript).toContain("form.append('width', '512');");
    expect(javascript).toContain("form.append('maintain_aspect', 'false');");
    expect(javascript).toContain("form.append('format', 'webp');");
    expect(javascript).toContain(`await fetch('${url}', {\n  method: 'POST',\n  body: form,\n});`);
    expect(javascript).toContain('const result = await response.blob(); // save it as photo-resize.webp');
  });

  it('use requests with files= and data= in Python, numbers as numbers', () => {
    const exact = toolExamples(resize)[1];
    const { python } = byLanguage(codeSamples(resize, exact ?? (undefined as never), url));
    expect(python).toContain("with open('photo.jpg', 'rb') as upload:");
    expect(python).toContain("files={'image': upload},");
    expect(python).toContain(
      "data={'width': 512, 'height': 512, 'maintain_aspect': 'false', 'format': 'webp'},",
    );
    expect(python).toContain("with open('photo-resize.webp', 'wb') as out:");
  });

  it('read JSON results and list the data members', () => {
    const base64 = getTool('image-base64');
    const [example] = toolExamples(base64);
    const samples = byLanguage(
      codeSamples(base64, example ?? (undefined as never), 'https://x/api/v1/images/base64'),
    );
    expect(samples.curl).not.toContain(' -o ');
    expect(samples.javascript).toContain(
      'const { data } = await response.json(); // base64, dataUri, cssUrl, mimeType, bytes, width, height',
    );
    expect(samples.python).toContain("data = response.json()['data']");
    expect(samples.python).not.toContain('data={');
  });

  it('escape quotes in shell, JavaScript and Python strings', () => {
    const example = { title: 'quotes', fields: { root: "it's" } };
    const samples = byLanguage(codeSamples(resize, example, url));
    expect(samples.curl).toContain(`-F 'root=it'\\''s'`);
    expect(samples.javascript).toContain(`form.append('root', 'it\\'s');`);
    expect(samples.python).toContain(`'root': 'it\\'s'`);
  });
});
