/**
 * Whether a GIF's block structure stops in the middle of a block. libvips' GIF loader treats a
 * cut-off animation as one with fewer frames and decodes the complete ones without a word, so
 * truncation has to be found from the structure itself: walk the blocks (extensions, image
 * descriptors and their data sub-blocks) and see whether the bytes run out inside one.
 *
 * A file that ends cleanly between blocks without the trailer byte is not called truncated (some
 * encoders omit the trailer; every frame in it is whole), nor is one with an unknown block type
 * (we only judge truncation, libvips judges the rest).
 *
 * @example gifIsTruncated(buffer.subarray(0, 1000)) // true
 */
export function gifIsTruncated(data: Buffer): boolean {
  // Header (6) and logical screen descriptor (7), then the optional global colour table.
  let at = 13;
  if (data.length < at) return true;
  at += colourTableBytes(data[10] ?? 0);
  while (at < data.length) {
    const introducer = data[at];
    if (introducer === 0x3b) return false;
    if (introducer === 0x21) {
      // Extension: introducer, label, then data sub-blocks.
      at = skipSubBlocks(data, at + 2);
    } else if (introducer === 0x2c) {
      // Image descriptor (10 bytes with its introducer), local colour table, LZW code size, data.
      if (at + 10 > data.length) return true;
      at += 10 + colourTableBytes(data[at + 9] ?? 0) + 1;
      at = skipSubBlocks(data, at);
    } else {
      return false;
    }
    if (at > data.length) return true;
  }
  return at > data.length;
}

/** Bytes of a colour table announced by a packed field (flag in bit 7, size in bits 0–2). */
function colourTableBytes(packed: number): number {
  return packed & 0x80 ? 3 * 2 ** ((packed & 0x07) + 1) : 0;
}

/** The offset just past a chain of sub-blocks (each a length byte and data; 0 ends it), or past the end. */
function skipSubBlocks(data: Buffer, start: number): number {
  let at = start;
  while (at < data.length) {
    const length = data[at] ?? 0;
    at += 1 + length;
    if (length === 0) return at;
  }
  // Ran out before the terminating zero-length block.
  return data.length + 1;
}
