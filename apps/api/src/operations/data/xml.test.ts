import { describe, expect, it } from 'vitest';
import { fixture } from '../../../test/helpers/fixtures.js';
import { failureOf } from '../../../test/helpers/operation-failure.js';
import { parseJsonText } from './json-text.js';
import { type JsonToXmlOptions, jsonToXml } from './json-to-xml.js';
import { type XmlToJsonOptions, xmlToJson } from './xml-to-json.js';

const xmlDefaults: XmlToJsonOptions = { attribute_prefix: '@', text_key: '#text', always_array: false };
const toJson = (xml: string, options: Partial<XmlToJsonOptions> = {}) =>
  JSON.parse(xmlToJson(xml, { ...xmlDefaults, ...options }, 'xml'));
const jsonDefaults: JsonToXmlOptions = { root: 'root', item: 'item', pretty: true };
const toXml = (value: unknown, options: Partial<JsonToXmlOptions> = {}) =>
  jsonToXml(value, { ...jsonDefaults, ...options }, 'json');
const corpusText = (path: string) => fixture(path).toString('utf8');

describe('xmlToJson', () => {
  it('puts attributes under the prefix, text under the text key, repeats in arrays, values as text', () => {
    const xml =
      '<shop id="7">\n  <item sku="01">\n    <price> 01234 </price>\n  </item>\n  <item sku="0x1F">free</item>\n  <note>a<b/>c</note>\n</shop>';
    expect(xmlToJson(xml, xmlDefaults, 'xml')).toBe(
      '{\n  "shop": {\n    "item": [\n      {\n        "price": " 01234 ",\n        "@sku": "01"\n      },\n      {\n        "#text": "free",\n        "@sku": "0x1F"\n      }\n    ],\n    "note": {\n      "b": "",\n      "#text": "ac"\n    },\n    "@id": "7"\n  }\n}',
    );
    expect(toJson('<a x="1">t</a>', { attribute_prefix: '_', text_key: 'value' })).toEqual({
      a: { value: 't', _x: '1' },
    });
    expect(toJson('<a><b>1</b><c><d>2</d></c></a>', { always_array: true })).toEqual({
      a: { b: ['1'], c: [{ d: ['2'] }] },
    });
  });

  it('keeps CDATA, entities and character references as text', () => {
    expect(toJson('<a><![CDATA[x < y]]> &amp; &#65;&#x1F600;</a>')).toEqual({ a: 'x < y & A😀' });
  });

  it('keeps __proto__, constructor and toString elements and attributes as data', () => {
    const value = toJson(
      '<r __proto__="p"><__proto__><polluted>yes</polluted></__proto__><constructor>c</constructor><toString>s</toString></r>',
    );
    expect(Object.keys(value.r)).toEqual(['__proto__', 'constructor', 'toString', '@__proto__']);
    expect(Object.getOwnPropertyDescriptor(value.r, '__proto__')?.value).toEqual({ polluted: 'yes' });
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  it('converts real documents, ignoring (never fetching) a DOCTYPE without entities', () => {
    const iso = toJson(corpusText('data/xml/iso_4217.xml'));
    expect(iso.iso_4217_entries.iso_4217_entry[0]).toEqual({
      '@letter_code': 'AED',
      '@numeric_code': '784',
      '@currency_name': 'UAE Dirham',
    });
    const evdev = toJson(corpusText('data/xml/xkb-evdev.xml'));
    expect(Object.keys(evdev)).toEqual(['xkbConfigRegistry']);
    expect(evdev.xkbConfigRegistry.modelList.model[0].configItem.name).toBe('pc86');
    // Comments before an external DTD reference, as mobile-broadband-provider-info writes them.
    expect(
      toJson(
        '<?xml version="1.0"?>\n<!-- Antti Kaijanmäki -->\n<!DOCTYPE sp SYSTEM "sp.dtd">\n<sp><c>ad</c></sp>',
      ),
    ).toEqual({ sp: { c: 'ad' } });
  });

  it('refuses malformed XML with its line and column', async () => {
    expect(await failureOf(() => toJson('<a>\n  <b></a>'))).toEqual({
      code: 'VALIDATION_ERROR',
      message:
        "The XML is malformed at line 2, column 6: Expected closing tag 'b' (opened in line 2, col 3) instead of closing tag 'a'.",
      field: 'xml',
    });
    expect((await failureOf(() => toJson(corpusText('bad/xml_truncated.xml')))).message).toBe(
      "The XML is malformed at line 7365, column 10: Attributes for 'plan' have open quote.",
    );
    expect((await failureOf(() => toJson('<a/><b/>'))).message).toBe(
      'The XML has more than one root element; a document has exactly one.',
    );
    expect((await failureOf(() => toJson('  '))).message).toBe('The XML document is empty.');
  });

  it('refuses billion laughs, XXE and external entities before expanding anything', async () => {
    for (const [path, where] of [
      ['bad/xml_billion_laughs.xml', 'line 3, column 2'],
      ['bad/xml_xxe_external_entity.xml', 'line 3, column 3'],
      ['bad/kstars-index.docbook.xml', 'line 3, column 3'],
    ]) {
      expect(await failureOf(() => toJson(corpusText(path as string)))).toEqual({
        code: 'UNPROCESSABLE_FILE',
        message: `The XML document declares entities in its DOCTYPE (${where}). Entities are never expanded or fetched, so documents that declare them cannot be converted.`,
        field: 'xml',
      });
    }
  });

  it('refuses 100,000 levels of nesting and reserved option names', async () => {
    const deep = `${'<a>'.repeat(100_000)}${'</a>'.repeat(100_000)}`;
    expect((await failureOf(() => toJson(deep))).code).toBe('UNPROCESSABLE_FILE');
    expect(await failureOf(() => toJson('<a/>', { text_key: '__proto__' }))).toEqual({
      code: 'VALIDATION_ERROR',
      message: 'text_key cannot be "__proto__"; choose another name.',
      field: 'text_key',
    });
  });
});

describe('jsonToXml', () => {
  it('writes elements, attributes, text, repeated and nested arrays, escaping text', () => {
    const value = parseJsonText(
      '{"@id":"7","a":[1,"x<y & \\"z\\"",null,[true,2]],"b":{"#text":"t","@k":"v\\"\\n"},"__proto__":{"c":""}}',
      'json',
    );
    expect(toXml(value)).toBe(
      '<?xml version="1.0" encoding="UTF-8"?>\n<root id="7">\n  <a>1</a>\n  <a>x&lt;y &amp; "z"</a>\n  <a/>\n  <a>\n    <item>true</item>\n    <item>2</item>\n  </a>\n  <b k="v&quot;&#10;">t</b>\n  <__proto__>\n    <c></c>\n  </__proto__>\n</root>\n',
    );
    expect(toXml([1, { b: 2 }], { root: 'list', item: 'entry', pretty: false })).toBe(
      '<?xml version="1.0" encoding="UTF-8"?>\n<list><entry>1</entry><entry><b>2</b></entry></list>\n',
    );
    expect(toXml('plain', { pretty: false })).toBe(
      '<?xml version="1.0" encoding="UTF-8"?>\n<root>plain</root>\n',
    );
  });

  it('refuses names that cannot be XML, naming them, and characters XML cannot hold', async () => {
    expect(await failureOf(() => toXml({}, { root: '1st' }))).toEqual({
      code: 'VALIDATION_ERROR',
      message:
        'root "1st" is not a valid XML element name: start with a letter or _, then letters, digits, -, _ or .',
      field: 'root',
    });
    expect((await failureOf(() => toXml({}, { item: 'a b' }))).field).toBe('item');
    expect(await failureOf(() => toXml({ list: [{ 'first name': 'x' }] }))).toEqual({
      code: 'VALIDATION_ERROR',
      message: '"first name" cannot be an XML element or attribute name (at $.list[0].first name).',
      field: 'json',
    });
    expect((await failureOf(() => toXml({ a: 'bell\u0007' }))).message).toBe(
      'The text contains U+0007, a character XML 1.0 cannot hold (at $.a).',
    );
  });

  it('round-trips JSON → XML → JSON under the root element', () => {
    const original = {
      name: 'Ada & <Grace>',
      tags: ['a', 'b'],
      address: { '@kind': 'home', city: 'Zürich', zip: '01234' },
      note: ' spaced ',
    };
    expect(toJson(toXml(original))).toEqual({ root: original });
    // Every value of the currency list is text, and it has many items: it comes back unchanged.
    const currencies = (
      parseJsonText(corpusText('data/json/iso_4217.json'), 'json') as Record<string, unknown>
    )['4217'];
    expect(toJson(toXml(currencies))).toEqual({ root: { item: currencies } });
  });
});
