import { describe, expect, it } from 'vitest';
import { fixture } from '../../../test/helpers/fixtures.js';
import { failureOf } from '../../../test/helpers/operation-failure.js';
import { yamlToJson } from './yaml-to-json.js';

const convert = (yaml: string, all_documents = false) => yamlToJson(yaml, { all_documents }, 'yaml');

describe('yamlToJson', () => {
  it('types scalars by the YAML 1.2 core schema, keeping dates, big integers and float spellings', () => {
    const yaml = [
      'answers: [yes, no, on, off, y, n]',
      'date: 2001-12-14',
      'time: 2001-12-14t21:59:43.10-05:00',
      'big: 12345678901234567890123',
      'negative: -9007199254740993',
      'hex: 0x1F',
      'octal: 0o17',
      'float: 1.0',
      'exp: 1e+9',
      'half: .5',
      'inf: -.inf',
      'nothing: ~',
      'truth: true',
      'quoted: "01234"',
    ].join('\n');
    expect(convert(yaml)).toBe(
      '{\n  "answers": [\n    "yes",\n    "no",\n    "on",\n    "off",\n    "y",\n    "n"\n  ],\n  "date": "2001-12-14",\n  "time": "2001-12-14t21:59:43.10-05:00",\n  "big": 12345678901234567890123,\n  "negative": -9007199254740993,\n  "hex": 31,\n  "octal": 15,\n  "float": 1.0,\n  "exp": 1e+9,\n  "half": 0.5,\n  "inf": "-.inf",\n  "nothing": null,\n  "truth": true,\n  "quoted": "01234"\n}',
    );
  });

  it('writes numbers no double holds as those numbers, digit for digit', () => {
    const yaml = [
      'huge: 1e400',
      'tiny: -1e-400',
      'long: 12345678901234567890',
      'precise: 0.1000000000000000000000001',
      'signed: +1e400',
      'bare: .5e400',
      'dot: 1.e3',
    ].join('\n');
    const json = convert(yaml);
    expect(json).toBe(
      '{\n  "huge": 1e400,\n  "tiny": -1e-400,\n  "long": 12345678901234567890,\n  "precise": 0.1000000000000000000000001,\n  "signed": 1e400,\n  "bare": 0.5e400,\n  "dot": 1e3\n}',
    );
    // Valid JSON, numbers and not strings.
    expect(Object.values(JSON.parse(json)).every((value) => typeof value === 'number')).toBe(true);
  });

  it('refuses a tag it does not know, naming it as written and where', async () => {
    const refused = (message: string) => ({ code: 'UNPROCESSABLE_FILE', message, field: 'yaml' });
    const unknown = (tag: string, where: string) =>
      refused(
        `The YAML uses the unknown tag ${tag} at ${where}: JSON has no type for it. Remove the tag to keep the value as written.`,
      );
    expect(await failureOf(() => convert('a: 1\nb: !custom foo\n'))).toEqual(
      unknown('!custom', 'line 2, column 4'),
    );
    expect(await failureOf(() => convert('- !point {x: 1}\n'))).toEqual(
      unknown('!point', 'line 1, column 3'),
    );
    expect(await failureOf(() => convert('t: !!python/tuple [1, 2]\n'))).toEqual(
      unknown('!!python/tuple', 'line 1, column 4'),
    );
    expect(await failureOf(() => convert('%TAG !e! tag:example.com,2000:\n---\nx: !e!foo 1\n'))).toEqual(
      unknown('!e!foo', 'line 3, column 4'),
    );
    // In any document, as a syntax error would be.
    expect(await failureOf(() => convert('a: 1\n---\nb: !x 2\n'))).toEqual(unknown('!x', 'line 3, column 4'));
    // Tags it knows, and the non-specific "!", still convert.
    expect(JSON.parse(convert('s: !!str 5\ni: !!int "7"\nn: ! 8\nm: !!map {a: 1}\n'))).toEqual({
      s: '5',
      i: 7,
      n: '8',
      m: { a: 1 },
    });
  });

  it('resolves anchors, aliases and merge keys', () => {
    const yaml = 'base: &base {a: 1, b: 2}\nderived:\n  <<: *base\n  b: 3\nlist: [*base]\n';
    expect(JSON.parse(convert(yaml))).toEqual({
      base: { a: 1, b: 2 },
      derived: { a: 1, b: 3 },
      list: [{ a: 1, b: 2 }],
    });
    const ansible = JSON.parse(convert(fixture('data/yaml/ansible-base.yml').toString('utf8')));
    expect(ansible.ANSIBLE_HOME.default).toBe('~/.ansible');
  });

  it('gives the first document or all of them', () => {
    expect(convert('a: 1\n---\nb: 2\n')).toBe('{\n  "a": 1\n}');
    expect(JSON.parse(convert('a: 1\n---\nb: 2\n', true))).toEqual([{ a: 1 }, { b: 2 }]);
    expect(convert('')).toBe('null');
    expect(convert('', true)).toBe('[]');
    expect(convert('{}')).toBe('{}');
  });

  it('keeps __proto__ as a key', () => {
    const value = JSON.parse(convert('__proto__: {polluted: 1}\nconstructor: c\n'));
    expect(Object.keys(value)).toEqual(['__proto__', 'constructor']);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  it('finds a repeated key wherever it is, as yaml names it, before a later syntax error', async () => {
    const at = async (text: string) =>
      ((await failureOf(() => convert(text))) as { message: string }).message;
    const unique = (where: string) => `The YAML is invalid at ${where}: Map keys must be unique.`;
    expect(await at('a: 1\nb:\n  c: 1\n  c: 2\na: 3\n')).toBe(unique('line 4, column 3'));
    expect(await at('x:\n  - {k: 1, k: 2}\n')).toBe(unique('line 2, column 12'));
    expect(await at('"a": 1\n\'a\': 2\n')).toBe(unique('line 2, column 1'));
    expect(await at('? a\n: 1\n? a\n: 2\n')).toBe(unique('line 3, column 3'));
    expect(await at('~: 1\nnull: 2\n')).toBe(unique('line 2, column 1'));
    expect(await at('0x1: a\n1: b\n')).toBe(unique('line 2, column 1'));
    expect(await at('a: 1\na: 2\nb: [\n')).toBe(unique('line 2, column 1'));
    expect(await at('b: [\na: 1\na: 2\n')).toMatch(/^The YAML is invalid at line 2, column 1: Flow sequence/);
    expect(await at('---\na: 1\n---\nb: 1\nb: 2\n')).toBe(unique('line 5, column 1'));
    // A repeat at the end of ten thousand keys.
    const keys = Array.from({ length: 10_000 }, (_, i) => `k${i}: ${i}`);
    expect(await at(`${keys.join('\n')}\nk9999: again\n`)).toBe(unique('line 10001, column 1'));
  });

  it('keeps float keys as written, so that 1.5 and 2.5 stay two keys', () => {
    expect(JSON.parse(convert('1.5: a\n2.5: b\n1e3: c\n.nan: d\n'))).toEqual({
      '1.5': 'a',
      '2.5': 'b',
      '1e3': 'c',
      '.nan': 'd',
    });
  });

  it('refuses duplicate keys and invalid YAML with line and column', async () => {
    expect(await failureOf(() => convert('a: 1\nb: 2\na: 3\n'))).toEqual({
      code: 'VALIDATION_ERROR',
      message: 'The YAML is invalid at line 3, column 1: Map keys must be unique.',
      field: 'yaml',
    });
    expect(await failureOf(() => convert(fixture('bad/yaml_tab_indented.yaml').toString('utf8')))).toEqual({
      code: 'VALIDATION_ERROR',
      message: 'The YAML is invalid at line 2, column 1: Tabs are not allowed as indentation.',
      field: 'yaml',
    });
    expect((await failureOf(() => convert('a: 1\n---\nb: [1, 2\n', false))).message).toMatch(
      /^The YAML is invalid at line 4, column 1: /,
    );
  });

  it('refuses alias bombs and 100,000 levels of nesting', async () => {
    expect(await failureOf(() => convert(fixture('bad/yaml_alias_bomb.yaml').toString('utf8')))).toEqual({
      code: 'UNPROCESSABLE_FILE',
      message: 'The YAML expands aliases more than 100 times (an alias bomb?); it is not converted.',
      field: 'yaml',
    });
    const deep = `${'['.repeat(100_000)}${']'.repeat(100_000)}`;
    expect((await failureOf(() => convert(deep))).code).toBe('UNPROCESSABLE_FILE');
    const indented = `a:\n${Array.from({ length: 1500 }, (_, i) => `${' '.repeat(i + 1)}b${i}:`).join('\n')} 1\n`;
    expect((await failureOf(() => convert(indented))).code).toBe('UNPROCESSABLE_FILE');
  });
});
