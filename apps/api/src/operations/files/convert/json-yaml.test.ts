import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { fixture } from '../../../../test/helpers/fixtures.js';
import { jsonToYaml, yamlToJson } from './json-yaml.js';

describe('JSON → YAML', () => {
  it('keeps every value: YAML 1.1 words and dates quoted, big integers and 1.0 exact', () => {
    const json =
      '{"answer":"no","switch":"on","y":"y","date":"2001-12-14","big":12345678901234567890,"float":1.0,"exp":1e+9,"zip":"001","ver":"1.0","nested":{"list":[1,"yes",null,true]},"multi":"a\\nb","empty":{}}';
    const yaml = jsonToYaml(json);
    expect(yaml).toContain('answer: "no"');
    expect(yaml).toContain('switch: "on"');
    expect(yaml).toContain('date: "2001-12-14"');
    expect(yaml).toContain('big: 12345678901234567890');
    expect(yaml).toContain('float: 1.0');
    expect(yaml).toContain('zip: "001"');
    expect(yaml).toContain('ver: "1.0"');
    expect(yaml).toContain('multi: |-\n  a\n  b');
    // A YAML 1.1 reader gets the same values back (strings stay strings).
    const v11 = parse(yaml, { version: '1.1', intAsBigInt: true });
    expect(v11).toMatchObject({ answer: 'no', switch: 'on', y: 'y', date: '2001-12-14', zip: '001' });
    expect(v11.big).toBe(12345678901234567890n);
    expect(parse(yaml)).toMatchObject({ nested: { list: [1, 'yes', null, true] }, multi: 'a\nb', empty: {} });
  });

  it('names the line and column of invalid JSON, as data/* do', () => {
    expect(() => jsonToYaml('{\n  "a": 1,\n  "b": [1,,2]\n}')).toThrowError(
      expect.objectContaining({
        code: 'VALIDATION_ERROR',
        message: expect.stringContaining('line 3, column 11'),
      }),
    );
    expect(() => jsonToYaml('{"a": 1')).toThrowError(/The JSON is invalid/);
  });

  it('writes numbers as written, a repeated key once (its last value)', () => {
    expect(jsonToYaml('{"inf": 1e400, "tiny": 1e-400, "a": 1, "a": 2}')).toBe(
      'inf: 1e400\ntiny: 1e-400\na: 2\n',
    );
  });
});

describe('YAML → JSON', () => {
  it('converts with the YAML 1.2 core schema and keeps big integers', () => {
    const json = yamlToJson('answer: no\nbig: 12345678901234567890\nlist:\n  - &x {a: 1}\n  - *x\n');
    expect(json).toContain('"big": 12345678901234567890');
    expect(JSON.parse(json)).toMatchObject({ answer: 'no', list: [{ a: 1 }, { a: 1 }] });
  });

  it('takes the first of several documents, refuses duplicate keys and bad indentation with a position', () => {
    expect(JSON.parse(yamlToJson('---\nx: 1\n---\ny: 2\n'))).toEqual({ x: 1 });
    expect(() => yamlToJson('a: 1\na: 2\n')).toThrowError(/line 2, column 1: Map keys must be unique/);
    expect(() => yamlToJson('a:\n\t- b\n')).toThrowError(
      expect.objectContaining({ code: 'VALIDATION_ERROR' }),
    );
  });

  it('refuses an alias bomb instead of expanding it', () => {
    const bomb = fixture('bad/yaml_alias_bomb.yaml').toString('utf8');
    expect(() => yamlToJson(bomb)).toThrowError(
      expect.objectContaining({ code: 'UNPROCESSABLE_FILE', message: expect.stringContaining('aliases') }),
    );
  });
});
