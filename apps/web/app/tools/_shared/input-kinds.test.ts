import { getTool } from '@toolkit/catalog';
import { describe, expect, it } from 'vitest';
import { inputProfile, MISSING_IMAGE_MESSAGE, textNoun } from './input-kinds';

const file = (name: string, type: string) => new File(['x'], name, { type });

describe('input profiles from the catalog', () => {
  it('images: image/* only, with the specification’s sentences', () => {
    const profile = inputProfile(getTool('resize-image').api.input);
    expect(profile.missingMessage).toBe(MISSING_IMAGE_MESSAGE);
    expect(profile.missingMessage).toBe('Please upload an image before submitting.');
    expect(profile.invalidMessage).toBe('Please upload a valid image file.');
    expect(profile.matches(file('a.png', 'image/png'))).toBe(true);
    expect(profile.matches(file('a.pdf', 'application/pdf'))).toBe(false);
    expect(inputProfile(getTool('combine-images').api.input).noun).toBe('image');
  });

  it('audio: audio/* and video/* containers, unknown types left to the server', () => {
    const profile = inputProfile(getTool('convert-audio').api.input);
    expect(profile.missingMessage).toBe('Please upload an audio file before submitting.');
    expect(profile.matches(file('a.m4a', 'video/mp4'))).toBe(true);
    expect(profile.matches(file('a.opus', ''))).toBe(true);
    expect(profile.matches(file('a.png', 'image/png'))).toBe(false);
  });

  it('PDF: by type or by extension', () => {
    const profile = inputProfile(getTool('pdf-to-text').api.input);
    expect(profile.matches(file('a.pdf', ''))).toBe(true);
    expect(profile.matches(file('a.txt', 'text/plain'))).toBe(false);
    expect(profile.missingMessage).toBe('Please upload a PDF before submitting.');
  });

  it('any file: no filter', () => {
    const profile = inputProfile(getTool('file-detection').api.input);
    expect(profile.accept).toBeUndefined();
    expect(profile.matches(file('x.bin', ''))).toBe(true);
    expect(profile.missingMessage).toBe('Please upload a file before submitting.');
  });

  it('text nouns from the text key', () => {
    expect(textNoun('yaml')).toBe('YAML');
    expect(textNoun('text')).toBe('text');
  });
});
