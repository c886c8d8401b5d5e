import { describe, expect, it } from 'vitest';
import { filenameFromContentDisposition } from './content-disposition';

describe('filenameFromContentDisposition', () => {
  it('reads the quoted and the bare filename', () => {
    expect(filenameFromContentDisposition('attachment; filename="cat-resize.png"')).toBe('cat-resize.png');
    expect(filenameFromContentDisposition('attachment; filename=cat.png')).toBe('cat.png');
    expect(filenameFromContentDisposition('attachment; filename="say \\"hi\\".png"')).toBe('say "hi".png');
  });

  it('prefers the UTF-8 filename* form', () => {
    expect(
      filenameFromContentDisposition(
        `attachment; filename="cafe-resize.jpg"; filename*=UTF-8''caf%C3%A9-resize.jpg`,
      ),
    ).toBe('café-resize.jpg');
  });

  it('falls back to filename when filename* is malformed, and never returns a path', () => {
    expect(
      filenameFromContentDisposition(`attachment; filename="a.png"; filename*=UTF-8''%E0%A4%A.png`),
    ).toBe('a.png');
    expect(filenameFromContentDisposition('attachment; filename="../../etc/passwd"')).toBe('passwd');
    expect(filenameFromContentDisposition('attachment; filename=".."')).toBeUndefined();
  });

  it('returns undefined without a header or a name', () => {
    expect(filenameFromContentDisposition(null)).toBeUndefined();
    expect(filenameFromContentDisposition('inline')).toBeUndefined();
  });
});
