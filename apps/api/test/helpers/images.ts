import { crc32, deflateSync } from 'node:zlib';
import sharp from 'sharp';

/** A PNG whose left half is red and right half blue: resizing must keep that layout. */
export function halves(width: number, height: number): Promise<Buffer> {
  const half = Math.floor(width / 2);
  return sharp({ create: { width, height, channels: 3, background: '#ff0000' } })
    .composite([
      {
        input: { create: { width: width - half, height, channels: 3, background: '#0000ff' } },
        left: half,
        top: 0,
      },
    ])
    .removeAlpha()
    .png()
    .toBuffer();
}

/** A flat image of one colour in any format. */
export function solid(
  width: number,
  height: number,
  format: 'png' | 'jpeg' | 'webp' = 'png',
): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: '#808080' } })
    .toFormat(format)
    .toBuffer();
}

/** The RGB(A) value of one pixel of an encoded image. */
export async function pixel(image: Buffer, x: number, y: number): Promise<number[]> {
  const { data, info } = await sharp(image).raw().toBuffer({ resolveWithObject: true });
  const at = (y * info.width + x) * info.channels;
  return [...data.subarray(at, at + info.channels)];
}

/**
 * Mean absolute difference per channel between two images of the same size (0 = identical),
 * after decoding both to 8-bit RGB.
 */
export async function difference(a: Buffer, b: Buffer): Promise<number> {
  const [ra, rb] = await Promise.all(
    [a, b].map((img) =>
      sharp(img).removeAlpha().toColourspace('srgb').raw().toBuffer({ resolveWithObject: true }),
    ),
  );
  if (!ra || !rb) throw new Error('decode failed');
  if (ra.info.width !== rb.info.width || ra.info.height !== rb.info.height) {
    throw new Error(`sizes differ: ${ra.info.width}x${ra.info.height} vs ${rb.info.width}x${rb.info.height}`);
  }
  let sum = 0;
  for (let i = 0; i < ra.data.length; i++) sum += Math.abs((ra.data[i] ?? 0) - (rb.data[i] ?? 0));
  return sum / ra.data.length;
}

/**
 * A complete, valid black PNG of width × height at one bit per pixel, written chunk by chunk: a
 * 20000 × 20000 one is 50 MB of scanlines that deflate to about 50 KB, a classic decompression bomb.
 */
export function blackPng(width: number, height: number): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const typed = Buffer.concat([Buffer.from(type, 'latin1'), data]);
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(typed));
    return Buffer.concat([length, typed, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.writeUInt8(1, 8); // bit depth
  header.writeUInt8(0, 9); // greyscale
  // Each scanline: filter type 0, then width bits of zeros.
  const scanlines = Buffer.alloc(height * (1 + Math.ceil(width / 8)));
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(scanlines, { level: 9 })),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}
