import { describe, expect, it } from 'vitest';
import {
  expectContractError,
  expectHealthy,
  listeningServer,
  sendFile,
  sendJson,
} from './helpers/http-client.js';

/*
 * Issue 28's data, text and Markdown defects, each with the request that showed it, against a real
 * listening server.
 */

const server = listeningServer();

const deepJson = `${'['.repeat(100_000)}${']'.repeat(100_000)}`;

describe('2, 12, 16: files/convert reads JSON and YAML as data/* do', () => {
  it('refuses JSON nested 100,000 deep with 422, as data/json-to-csv does', async () => {
    const message = 'The JSON is nested more than 1000 levels deep; at most 1000 levels can be converted.';
    const convert = await sendFile(server.base, '/files/convert', Buffer.from(deepJson), 'deep.json', {
      to: 'yaml',
    });
    expectContractError(convert, 422, 'UNPROCESSABLE_FILE', message);
    const data = await sendFile(server.base, '/data/json-to-csv', Buffer.from(deepJson), 'deep.json');
    expectContractError(data, 422, 'UNPROCESSABLE_FILE', message);
    // Deeper than the YAML library takes, within what data/* take: the YAML limit is named.
    const deeper = `${'['.repeat(300)}${']'.repeat(300)}`;
    expectContractError(
      await sendFile(server.base, '/files/convert', Buffer.from(deeper), 'deeper.json', { to: 'yaml' }),
      422,
      'UNPROCESSABLE_FILE',
      'The JSON is nested more than 200 levels deep; at most 200 levels can be converted.',
    );
  });

  it('refuses deep YAML with 422 and no internal detail, twice in a row', async () => {
    for (const yaml of [`${'- '.repeat(5000)}x`, `${'- '.repeat(5000)}x`, deepJson]) {
      const answer = await sendFile(server.base, '/files/convert', Buffer.from(yaml), 'deep.yaml', {
        to: 'json',
      });
      const body = expectContractError(
        answer,
        422,
        'UNPROCESSABLE_FILE',
        'The YAML is nested more than 200 levels deep; at most 200 levels can be converted.',
      );
      expect(body.message).not.toMatch(/stack/i);
      await expectHealthy(server.base);
    }
  });

  it('answers a JSON or YAML parse error with 400, line and column, as data/* do', async () => {
    const json = '{\n  "a": 1,\n  "b": [1,,2]\n}';
    const converted = await sendFile(server.base, '/files/convert', Buffer.from(json), 'bad.json', {
      to: 'yaml',
    });
    const data = await sendFile(server.base, '/data/json-to-xml', Buffer.from(json), 'bad.json');
    const message = "The JSON is invalid at line 3, column 11: Unexpected token ','.";
    expectContractError(converted, 400, 'VALIDATION_ERROR', message);
    expectContractError(data, 400, 'VALIDATION_ERROR', message);

    const yaml = 'a: 1\na: 2\n';
    const yamlConverted = await sendFile(server.base, '/files/convert', Buffer.from(yaml), 'bad.yaml', {
      to: 'json',
    });
    const yamlData = await sendJson(server.base, '/data/yaml-to-json', { yaml });
    const yamlMessage = 'The YAML is invalid at line 2, column 1: Map keys must be unique.';
    expectContractError(yamlConverted, 400, 'VALIDATION_ERROR', yamlMessage);
    expectContractError(yamlData, 400, 'VALIDATION_ERROR', yamlMessage);
  });
});

describe('3: Markdown nested 10,000 deep', () => {
  const deep = `${'>'.repeat(10_000)} x`;
  const message =
    'The Markdown nests quotes, lists or emphasis more than 100 levels deep; at most 100 levels can be converted.';

  it('is 422 naming the limit on files/convert to html', async () => {
    const answer = await sendFile(server.base, '/files/convert', Buffer.from(deep), 'deep.md', {
      to: 'html',
    });
    expectContractError(answer, 422, 'UNPROCESSABLE_FILE', message);
  });

  it('is 422 naming the limit on pdf/from-text with markdown', async () => {
    expectContractError(
      await sendJson(server.base, '/pdf/from-text', { text: deep, markdown: true }),
      422,
      'UNPROCESSABLE_FILE',
      message,
    );
    const list = Array.from({ length: 300 }, (_, i) => `${'  '.repeat(i)}- x`).join('\n');
    expectContractError(
      await sendJson(server.base, '/pdf/from-text', { text: list, markdown: true }),
      422,
      'UNPROCESSABLE_FILE',
      message,
    );
  });

  it('still converts ordinary nesting', async () => {
    const md = '> quote\n> > inner\n\n- a\n  - b\n    - c\n';
    const answer = await sendFile(server.base, '/files/convert', Buffer.from(md), 'ok.md', { to: 'html' });
    expect(answer.status).toBe(200);
    expect(answer.text).toContain('<blockquote>');
    expect(answer.text).toContain('<li>c</li>');
  });
});

describe('7: numbers are never changed', () => {
  const rows = '[{"id":12345678901234567890,"big":1e400,"tiny":1e-400,"one":1.0,"count":7}]';

  it('keeps every digit in json-to-csv, as a JSON value, as JSON text and as a file', async () => {
    const csv = 'id,big,tiny,one,count\r\n12345678901234567890,1e400,1e-400,1.0,7\r\n';
    const asValue = await sendJson(server.base, '/data/json-to-csv', `{"json": ${rows}}`);
    expect(asValue.status).toBe(200);
    expect(asValue.text).toBe(csv);
    const asText = await sendJson(server.base, '/data/json-to-csv', { json: rows });
    expect(asText.text).toBe(csv);
    const asFile = await sendFile(server.base, '/data/json-to-csv', Buffer.from(rows), 'rows.json');
    expect(asFile.text).toBe(csv);
  });

  it('keeps every digit in json-to-xml', async () => {
    const answer = await sendJson(server.base, '/data/json-to-xml', `{"pretty": false, "json": ${rows}}`);
    expect(answer.status).toBe(200);
    expect(answer.text).toBe(
      '<?xml version="1.0" encoding="UTF-8"?>\n<root><item><id>12345678901234567890</id><big>1e400</big><tiny>1e-400</tiny><one>1.0</one><count>7</count></item></root>\n',
    );
  });

  it('keeps them from JSON to YAML too', async () => {
    const answer = await sendFile(server.base, '/files/convert', Buffer.from(rows), 'rows.json', {
      to: 'yaml',
    });
    expect(answer.status).toBe(200);
    expect(answer.text).toBe(
      '- id: 12345678901234567890\n  big: 1e400\n  tiny: 1e-400\n  one: 1.0\n  count: 7\n',
    );
  });
});

describe('10: the formula guard', () => {
  it('prefixes text starting with + - tab or CR, never a JSON number', async () => {
    const answer = await sendJson(server.base, '/data/json-to-csv', {
      json: [{ a: '+5', b: '-5', c: '\t=1', d: '\r=1', e: -5, f: '=1+1' }],
    });
    expect(answer.status).toBe(200);
    expect(answer.text).toBe("a,b,c,d,e,f\r\n'+5,'-5,'\t=1,\"'\r=1\",-5,'=1+1\r\n");
  });
});

describe('11: YAML tags keep their data, the same on both routes', () => {
  const yaml =
    'set: !!set {x, y}\nomap: !!omap [{b: 1}, {"2": 2}]\nbinary: !!binary aGVsbG8=\nwhen: !!timestamp 2001-12-14t21:59:43.10-05:00\n';
  const expected = {
    set: ['x', 'y'],
    omap: [{ b: 1 }, { '2': 2 }],
    binary: 'aGVsbG8=',
    when: '2001-12-14t21:59:43.10-05:00',
  };

  it('gives a list, ordered pairs, base64 and the timestamp text on yaml-to-json and files/convert', async () => {
    const data = await sendJson(server.base, '/data/yaml-to-json', { yaml });
    const converted = await sendFile(server.base, '/files/convert', Buffer.from(yaml), 'tags.yaml', {
      to: 'json',
    });
    expect(data.status).toBe(200);
    expect(JSON.parse(data.text)).toEqual(expected);
    expect(converted.status).toBe(200);
    expect(converted.text).toBe(`${data.text}\n`);
  });
});

describe('15: text/word-count counts grapheme clusters', () => {
  it('counts "e" and a million combining accents as one character and one word', async () => {
    const answer = await sendJson(server.base, '/text/word-count', {
      text: `e${'\u0301'.repeat(1_000_000)}`,
    });
    expect(answer.status).toBe(200);
    const { data } = JSON.parse(answer.text);
    expect(data).toMatchObject({ characters: 1, charactersNoSpaces: 1, words: 1, sentences: 1 });
  });

  it('counts a 9 MB single word as one word', async () => {
    const answer = await sendJson(server.base, '/text/word-count', { text: 'a'.repeat(9_000_000) });
    expect(answer.status).toBe(200);
    const { data } = JSON.parse(answer.text);
    expect(data).toMatchObject({ characters: 9_000_000, words: 1, uniqueWords: 1, sentences: 1 });
  });
});

describe('17: a type error names its field', () => {
  it.each([
    ['/data/json-to-xml', { json: { a: 1 }, root: {} }, 'root', 'an object'],
    ['/data/json-to-xml', { json: { a: 1 }, item: [] }, 'item', 'a list'],
    ['/data/xml-to-json', { xml: '<a/>', attribute_prefix: {} }, 'attribute_prefix', 'an object'],
    ['/data/xml-to-json', { xml: '<a/>', text_key: 5 }, 'text_key', 'a number'],
    ['/pdf/from-text', { text: 'hi', title: {} }, 'title', 'an object'],
  ])('%s %j', async (path, body, field, received) => {
    const answer = await sendJson(server.base, path, body);
    const message = `${field} must be text (a string), not ${received}.`;
    const error = expectContractError(answer, 400, 'VALIDATION_ERROR', message);
    expect(error.details).toEqual([{ field, message }]);
  });
});

describe('19: wording', () => {
  it('asks for at least one file, not "1 files"', async () => {
    const answer = await sendFile(
      server.base,
      '/files/compress',
      Buffer.alloc(0),
      '',
      { format: 'zip' },
      'other',
    );
    expectContractError(
      answer,
      400,
      'MISSING_FILE',
      'Upload at least one file as multipart/form-data in the field "files".',
    );
  });

  it('says "an ELF"', async () => {
    const elf = Buffer.alloc(64);
    Buffer.from([0x7f, 0x45, 0x4c, 0x46, 2, 1, 1, 0]).copy(elf);
    elf.writeUInt16LE(2, 16); // an executable
    elf.writeUInt16LE(62, 18); // x86-64
    const answer = await sendFile(server.base, '/files/detect', elf, 'program');
    expect(answer.status).toBe(200);
    expect(JSON.parse(answer.text).message).toMatch(/^This is an ELF /);
  });
});
