import { describe, expect, it } from 'vitest';
import { errorMessage, fileStem, formatBytes, formatCount } from './format';

describe('formatBytes', () => {
  it('uses B, KB and MB with 1024 steps', () => {
    expect(formatBytes(812)).toBe('812 B');
    expect(formatBytes(9626)).toBe('9.4 KB');
    expect(formatBytes(10 * 1024 * 1024)).toBe('10 MB');
    expect(formatBytes(150 * 1024)).toBe('150 KB');
  });
});

describe('errorMessage', () => {
  it("is the error's message, or the panel's fallback when it has none", () => {
    const fallback = 'An error occurred while resizing the image.';
    expect(errorMessage(new Error('Width is too large.'), fallback)).toBe('Width is too large.');
    expect(errorMessage(new Error(''), fallback)).toBe(fallback);
    expect(errorMessage('a string', fallback)).toBe(fallback);
    expect(errorMessage(null, fallback)).toBe(fallback);
  });
});

describe('fileStem', () => {
  it('drops the last extension only', () => {
    expect(fileStem('photo.large.jpg')).toBe('photo.large');
    expect(fileStem('.hidden')).toBe('.hidden');
    expect(fileStem('')).toBe('image');
  });
});

describe('formatCount', () => {
  it('says one in the singular and groups thousands', () => {
    expect(formatCount(0, 'character')).toBe('0 characters');
    expect(formatCount(1, 'character')).toBe('1 character');
    expect(formatCount(1024, 'character')).toBe('1,024 characters');
  });
});
