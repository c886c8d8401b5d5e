import { describe, expect, it } from 'vitest';
import { safeMemberName, uniqueMemberNames } from './names.js';

describe('safeMemberName', () => {
  it.each([
    ['../../etc/passwd', 'etc/passwd'],
    ['/etc/shadow', 'etc/shadow'],
    ['C:\\Users\\me\\a.txt', 'Users/me/a.txt'],
    ['a/./b/../c.txt', 'a/b/c.txt'],
    ['bad\u0000name\u0007.txt', 'badname.txt'],
    ['right\u202eto-left.txt', 'rightto-left.txt'],
    ['what?<>.txt', 'what___.txt'],
    ['trailing dots...', 'trailing dots'],
    ['CON.txt', '_CON.txt'],
    ['  spaced  ', 'spaced'],
    ['..', 'file'],
    ['', 'file'],
  ])('%j → %j', (input, output) => {
    expect(safeMemberName(input)).toBe(output);
  });

  it('caps a 300-character name at 200 bytes, keeping the extension and whole characters', () => {
    expect(safeMemberName(`${'a'.repeat(300)}.txt`)).toBe(`${'a'.repeat(196)}.txt`);
    const capped = safeMemberName(`${'é'.repeat(300)}.md`);
    expect(Buffer.byteLength(capped)).toBeLessThanOrEqual(200);
    expect(capped.endsWith('é.md')).toBe(true);
  });
});

describe('uniqueMemberNames', () => {
  it('numbers duplicates before the extension, ignoring case', () => {
    expect(uniqueMemberNames(['a.txt', 'A.TXT', 'a.txt', 'b.tar.gz', 'b.tar.gz', 'noext', 'noext'])).toEqual([
      'a.txt',
      'A (2).TXT',
      'a (3).txt',
      'b.tar.gz',
      'b (2).tar.gz',
      'noext',
      'noext (2)',
    ]);
  });
});
