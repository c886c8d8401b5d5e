import { codeSamples, getTool, toolExamples } from '@toolkit/catalog';
import { describe, expect, it } from 'vitest';

/*
 * What the samples look like; that they run is apps/api/test/samples.test.ts (it runs every one).
 */

const byLanguage = (samples: ReturnType<typeof codeSamples>) =>
  Object.fromEntries(samples.map((sample) => [sample.language, sample.text]));
const first = (id: Parameters<typeof getTool>[0], index = 0) => {
  const tool = getTool(id);
  const example = toolExamples(tool)[index];
  if (!example) throw new Error(`${id} has no example ${index}`);
  return byLanguage(codeSamples(tool, example));
};

describe('code samples from the catalog examples', () => {
  it('give curl the sample file, a -F per field, $BASE and the output named as the server names it', () => {
    expect(first('resize-image').curl).toBe(
      [
        `curl -X POST "$BASE/images/resize" \\`,
        `  -F 'image=@photo.jpg' \\`,
        `  -F 'width=800' \\`,
        `  -F 'height=600' \\`,
        '  --fail-with-body -o photo-resize.jpg',
      ].join('\n'),
    );
  });

  it('send inline text as a JSON body, never beside a file, so text starting with < stays text', () => {
    const { curl } = first('xml-to-json');
    expect(curl).toContain(`-H 'Content-Type: application/json'`);
    expect(curl).toContain(`--data-binary '{\n  "xml": "<catalog>`);
    expect(curl).not.toContain('-F');
  });

  it('read the input from disk in Node and save the result', () => {
    const { javascript } = first('resize-image', 1);
    expect(javascript).toContain("import { readFile, writeFile } from 'node:fs/promises';");
    expect(javascript).toContain(
      "form.append('image', new Blob([await readFile('photo.jpg')]), 'photo.jpg');",
    );
    expect(javascript).toContain("form.append('maintain_aspect', 'false');");
    expect(javascript).toContain("await writeFile('photo-resize.webp', ");
  });

  it('write multi-line values as valid literals in JavaScript and Python', () => {
    const { javascript, python } = first('word-counter');
    expect(javascript).toContain(
      'text: "The quick brown fox jumps over the lazy dog. The dog sleeps.\\n\\nA new paragraph.",',
    );
    expect(python).toContain(
      '\'text\': "The quick brown fox jumps over the lazy dog. The dog sleeps.\\n\\nA new paragraph.",',
    );
  });

  it('send two images to combine, and name results by their real type', () => {
    expect(first('combine-images').curl).toContain(`-F 'images=@photo.jpg' \\\n  -F 'images=@cat.png'`);
    expect(first('combine-images').curl).toContain('-o photo-combine.png');
    expect(first('flip-image', 2).curl).toContain('-o animation-flip.gif');
    expect(first('json-to-csv').curl).toContain('-o json-to-csv.csv');
    expect(first('convert-audio').curl).toContain('-o music-convert.mp3');
  });

  it('print JSON results (Python with the standard library only)', () => {
    const samples = first('image-base64');
    expect(samples.curl).not.toContain(' -o ');
    expect(samples.javascript).toContain('console.log(JSON.stringify(data, null, 2));');
    expect(samples.python).toContain('from urllib.request import Request, urlopen');
    expect(samples.python).not.toContain('requests');
    expect(samples.python).toContain(
      "print(json.dumps(json.loads(result)['data'], indent=2, ensure_ascii=False))",
    );
  });

  it('escape quotes in shell, JavaScript and Python strings', () => {
    const resize = getTool('resize-image');
    const samples = byLanguage(codeSamples(resize, { title: 'quotes', fields: { root: "it's" } }));
    expect(samples.curl).toContain(`-F 'root=it'\\''s'`);
    expect(samples.javascript).toContain(`form.append('root', "it's");`);
    expect(samples.python).toContain(`{'root': "it's"}`);
  });
});

describe('code samples with an API key (issue 31)', () => {
  // biome-ignore lint/suspicious/noTemplateCurlyInString: the JavaScript template the sample prints.
  const jsAuth = "'Authorization': `Bearer ${process.env.TOOLKIT_API_KEY}`";
  const withKey = (id: Parameters<typeof getTool>[0]) => {
    const tool = getTool(id);
    const example = toolExamples(tool)[0];
    if (!example) throw new Error(`${id} has no example`);
    return byLanguage(codeSamples(tool, example, { auth: true }));
  };

  it('send the key from $TOOLKIT_API_KEY in curl, JavaScript and Python, for files and for JSON', () => {
    const upload = withKey('resize-image');
    expect(upload.curl?.split('\n')[1]).toBe(`  -H "Authorization: Bearer $TOOLKIT_API_KEY" \\`);
    expect(upload.javascript).toContain(`  headers: { ${jsAuth} },\n  body: form,`);
    expect(upload.python).toContain(
      "headers={'Authorization': 'Bearer ' + os.environ['TOOLKIT_API_KEY'], 'Content-Type': content_type},",
    );
    const json = withKey('word-counter');
    expect(json.curl).toContain(
      `-H "Authorization: Bearer $TOOLKIT_API_KEY" \\\n  -H 'Content-Type: application/json'`,
    );
    expect(json.javascript).toContain(`headers: { ${jsAuth}, 'Content-Type': 'application/json' },`);
    expect(json.python).toContain(
      "headers={'Authorization': 'Bearer ' + os.environ['TOOLKIT_API_KEY'], 'Content-Type': 'application/json'},",
    );
  });

  it('leave every sample without the header when no key is saved', () => {
    for (const id of ['resize-image', 'word-counter'] as const) {
      for (const text of Object.values(first(id))) expect(text).not.toMatch(/Authorization|TOOLKIT_API_KEY/);
    }
  });
});
