import { describe, expect, it } from 'vitest';
import { contentDisposition, fileStem } from './result.js';

describe('download names', () => {
  it('keep the stem of the upload, safe for a header', () => {
    expect(fileStem('holiday photo.final.JPG')).toBe('holiday-photo.final');
    expect(fileStem('C:\\Users\\me\\a"b;c.png')).toBe('abc');
    expect(fileStem('../../etc/passwd')).toBe('passwd');
    expect(fileStem('')).toBe('file');
    expect(fileStem('.png')).toBe('file');
  });

  it('add the original name in UTF-8 when it is not ASCII', () => {
    expect(contentDisposition('cat.png', 'resize', 'webp')).toBe('attachment; filename="cat-resize.webp"');
    expect(contentDisposition('Größe (1).png', 'thumbnail', 'png')).toBe(
      `attachment; filename="Groe-1-thumbnail.png"; filename*=UTF-8''Gr%C3%B6%C3%9Fe%20%281%29-thumbnail.png`,
    );
    expect(contentDisposition(undefined, 'resize', 'jpg')).toBe('attachment; filename="file-resize.jpg"');
    // Latin-1 bytes that reached us as U+FFFD: the safe ASCII name only, no %EF%BF%BD.
    expect(contentDisposition('Gr\ufffd\ufffde.png', 'resize', 'png')).toBe(
      'attachment; filename="Gre-resize.png"',
    );
  });
});
