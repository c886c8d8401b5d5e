import { describe, expect, it } from 'vitest';
import { fixture } from '../../../test/helpers/fixtures.js';
import { failureOf } from '../../../test/helpers/operation-failure.js';
import { parseJsonText } from './json-text.js';
import { positionAt } from './text-position.js';

describe('parseJsonText', () => {
  it('names the line and column of the first error, whatever V8 says', async () => {
    const cases: [string, string][] = [
      ['{"a":}', "line 1, column 6: Unexpected token '}'"],
      ['[1,\r\n2,\r\n  x]', "line 3, column 3: Unexpected token 'x'"],
      ['{\n"a": 1,\n"b": 2\n"c": 3}', "line 4, column 1: Expected ',' or '}' after property value"],
      ['{"a":1}}', 'line 1, column 8: Unexpected non-whitespace character after the JSON value'],
      ['[1, 2', "line 1, column 6: Expected ',' or ']' after array element"],
      ['"abc', 'line 1, column 5: Unterminated string'],
    ];
    for (const [text, problem] of cases) {
      expect(await failureOf(() => parseJsonText(text, 'json'))).toEqual({
        code: 'VALIDATION_ERROR',
        message: `The JSON is invalid at ${problem}.`,
        field: 'json',
      });
    }
    expect(
      (await failureOf(() => parseJsonText(fixture('bad/json_truncated.json').toString('utf8'), 'file')))
        .message,
    ).toBe('The JSON is invalid at line 980, column 14: Unterminated string.');
    expect((await failureOf(() => parseJsonText(' \n', 'json'))).message).toBe('The JSON document is empty.');
  });

  it('keeps __proto__ as an own key', () => {
    const value = parseJsonText('{"__proto__": {"polluted": true}}', 'json') as object;
    expect(Object.keys(value)).toEqual(['__proto__']);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });
});

describe('positionAt', () => {
  it('counts LF, CRLF and CR line ends', () => {
    expect(positionAt('ab\ncd', 4)).toEqual({ line: 2, column: 2 });
    expect(positionAt('a\r\nb\rc', 5)).toEqual({ line: 3, column: 1 });
  });
});
