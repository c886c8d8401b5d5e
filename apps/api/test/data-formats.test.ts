import { XMLValidator } from 'fast-xml-parser';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { closeWorkerPool } from '../src/runtime/worker-pool.js';
import { expectError, makeApp } from './helpers/app.js';
import { postFile, postJson } from './helpers/data-requests.js';
import { fixture } from './helpers/fixtures.js';

let app: FastifyInstance;
beforeAll(async () => {
  app = await makeApp();
});
afterAll(async () => {
  await app.close();
  await closeWorkerPool();
});

describe('POST /data/json-to-csv', () => {
  it('flattens, takes the union of columns, escapes formulas and counts rows', async () => {
    const res = await postJson(app, '/data/json-to-csv', {
      json: [
        { name: 'Ada, "Countess"', address: { city: 'London' } },
        { name: '=HYPERLINK("x")', born: 1912 },
      ],
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['x-row-count']).toBe('2');
    expect(res.body).toBe(
      'name,address.city,born\r\n"Ada, ""Countess""",London,\r\n"\'=HYPERLINK(""x"")",,1912\r\n',
    );
  });

  it('takes JSON text, a tab delimiter by name or character, and a single object as one row', async () => {
    for (const delimiter of ['tab', '\t']) {
      const res = await postJson(app, '/data/json-to-csv', {
        json: '{"a":1,"b":"x"}',
        delimiter,
        header: false,
      });
      expect(res.body).toBe('1\tx\r\n');
      expect(res.headers['x-row-count']).toBe('1');
    }
  });

  it('round-trips JSON → CSV → JSON', async () => {
    const original = [
      { id: 1, name: 'Zoë "Z" Smith', note: 'line one\nline two', zip: '01234', active: true, extra: null },
      { id: 2, name: 'Łukasz', note: 'a, b; c', zip: '98765-4321', active: false, extra: null },
    ];
    const csv = await postJson(app, '/data/json-to-csv', { json: original, escape_formulas: false });
    const back = await postJson(app, '/data/csv-to-json', { csv: csv.body });
    expect(back.statusCode).toBe(200);
    expect(JSON.parse(back.body)).toEqual(original);
  });
});

describe('POST /data/csv-to-json', () => {
  it('detects the delimiter, keeps digits and reports it', async () => {
    const res = await postJson(app, '/data/csv-to-json', {
      csv: 'id|zip|big\n1|01234|12345678901234567890\n',
    });
    expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(res.headers['x-delimiter']).toBe('|');
    expect(res.headers['x-row-count']).toBe('1');
    expect(res.body).toBe(
      '[\n  {\n    "id": 1,\n    "zip": "01234",\n    "big": "12345678901234567890"\n  }\n]',
    );
  });

  it('reads a real CRLF file with quoted newlines as an upload, and UTF-16 with a BOM', async () => {
    const oui = await postFile(
      app,
      '/data/csv-to-json',
      fixture('data/csv/ieee-oui_2008-rows.csv'),
      {},
      'oui.csv',
    );
    expect(oui.statusCode).toBe(200);
    expect(oui.headers['x-row-count']).toBe('2008');
    expect(oui.headers['x-ragged-rows']).toBeUndefined();
    const utf16 = await postFile(app, '/data/csv-to-json', fixture('bad/csv_utf16le_bom.csv'));
    expect(utf16.statusCode).toBe(200);
    expect(JSON.parse(utf16.body).length).toBe(Number(utf16.headers['x-row-count']));
  });

  it('reports ragged rows in headers and keeps their data', async () => {
    const res = await postJson(app, '/data/csv-to-json', { csv: 'a,b\n1\n2,3,4\n' });
    expect(res.headers['x-ragged-rows']).toBe('2');
    expect(res.headers['x-ragged-first-row']).toBe('1');
    expect(JSON.parse(res.body)).toEqual([
      { a: 1, b: null },
      { a: 2, b: 3, __parsed_extra: [4] },
    ]);
  });

  it('refuses a stray quote with line and column, and Latin-1 naming the encoding', async () => {
    expectError(
      await postFile(app, '/data/csv-to-json', fixture('bad/csv_ragged_rows.csv')),
      400,
      'VALIDATION_ERROR',
      'The CSV is invalid at line 31, column 2: a quoted field is never closed (a stray " ?).',
    );
    expectError(
      await postFile(app, '/data/csv-to-json', fixture('bad/csv_latin1_oui_sample.csv')),
      422,
      'UNPROCESSABLE_FILE',
      'The text is not UTF-8: it looks like ISO-8859-1. Save it as UTF-8 (or UTF-16 with a byte order mark) and send it again.',
    );
  });
});

describe('POST /data/xml-to-json and /data/json-to-xml', () => {
  it('converts XML with attributes, text and repeats, keeping values as text', async () => {
    const res = await postJson(app, '/data/xml-to-json', {
      xml: '<a id="7"><b>01</b><b>0x1F</b><c lang="en">hi</c></a>',
      attribute_prefix: '_',
      text_key: 'value',
    });
    expect(res.body).toBe(
      '{\n  "a": {\n    "b": [\n      "01",\n      "0x1F"\n    ],\n    "c": {\n      "value": "hi",\n      "_lang": "en"\n    },\n    "_id": "7"\n  }\n}',
    );
  });

  it('writes XML with a declaration, escaping, and the root and item names', async () => {
    const res = await postJson(app, '/data/json-to-xml', {
      json: [{ '@id': 1, name: 'Tom & Jerry <3' }, 'plain'],
      root: 'list',
      item: 'entry',
    });
    expect(res.headers['content-type']).toBe('application/xml; charset=utf-8');
    expect(res.body).toBe(
      '<?xml version="1.0" encoding="UTF-8"?>\n<list>\n  <entry id="1">\n    <name>Tom &amp; Jerry &lt;3</name>\n  </entry>\n  <entry>plain</entry>\n</list>\n',
    );
    expect(XMLValidator.validate(res.body)).toBe(true);
  });

  it('round-trips JSON → XML → JSON (the currencies of iso_4217.json)', async () => {
    const currencies = JSON.parse(fixture('data/json/iso_4217.json').toString('utf8'))['4217'];
    const xml = await postJson(app, '/data/json-to-xml', { json: currencies, item: 'currency' });
    const back = await postJson(app, '/data/xml-to-json', { xml: xml.body });
    expect(JSON.parse(back.body)).toEqual({ root: { currency: currencies } });
  });

  it('refuses an invalid root name naming it, and malformed XML with line and column', async () => {
    const res = await postJson(app, '/data/json-to-xml', { json: {}, root: 'my root' });
    const body = expectError(
      res,
      400,
      'VALIDATION_ERROR',
      'root "my root" is not a valid XML element name: start with a letter or _, then letters, digits, -, _ or .',
    );
    expect(body.details).toEqual([{ field: 'root', message: body.message }]);
    expectError(
      await postFile(app, '/data/xml-to-json', fixture('bad/xml_truncated.xml')),
      400,
      'VALIDATION_ERROR',
      "The XML is malformed at line 7365, column 10: Attributes for 'plan' have open quote.",
    );
  });

  it('refuses XXE and billion laughs quickly, and converts a DOCTYPE without entities', async () => {
    for (const path of ['bad/xml_xxe_external_entity.xml', 'bad/xml_billion_laughs.xml']) {
      const res = await postFile(app, '/data/xml-to-json', fixture(path));
      expectError(res, 422, 'UNPROCESSABLE_FILE', /^The XML document declares entities in its DOCTYPE/);
      expect(res.body).not.toContain('root:');
    }
    const evdev = await postFile(app, '/data/xml-to-json', fixture('data/xml/xkb-evdev.xml'));
    expect(evdev.statusCode).toBe(200);
    expect(Object.keys(JSON.parse(evdev.body))).toEqual(['xkbConfigRegistry']);
  });
});

describe('POST /data/yaml-to-json', () => {
  it('follows YAML 1.2: yes stays a string, dates as written, big integers with every digit', async () => {
    const res = await postJson(app, '/data/yaml-to-json', {
      yaml: 'enabled: yes\nday: 2024-05-01\nid: 123456789012345678901234567890\nbase: &b {x: 1}\nm:\n  <<: *b\n',
    });
    expect(res.body).toBe(
      '{\n  "enabled": "yes",\n  "day": "2024-05-01",\n  "id": 123456789012345678901234567890,\n  "base": {\n    "x": 1\n  },\n  "m": {\n    "x": 1\n  }\n}',
    );
  });

  it('gives every document as an array', async () => {
    const res = await postJson(app, '/data/yaml-to-json', { yaml: '--- 1\n--- two\n', all_documents: true });
    expect(JSON.parse(res.body)).toEqual([1, 'two']);
  });

  it('refuses duplicate keys with line and column, and alias bombs', async () => {
    expectError(
      await postJson(app, '/data/yaml-to-json', { yaml: 'a: 1\nb: 2\na: 3\n' }),
      400,
      'VALIDATION_ERROR',
      'The YAML is invalid at line 3, column 1: Map keys must be unique.',
    );
    expectError(
      await postFile(app, '/data/yaml-to-json', fixture('bad/yaml_alias_bomb.yaml')),
      422,
      'UNPROCESSABLE_FILE',
      'The YAML expands aliases more than 100 times (an alias bomb?); it is not converted.',
    );
  });
});
