import { crc32, deflateSync } from 'node:zlib';
import sharp, { type Sharp } from 'sharp';

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

/** The colours of `quadrants`: top-left, top-right, bottom-left, bottom-right. */
export const quadrantColours = {
  topLeft: [255, 0, 0],
  topRight: [0, 255, 0],
  bottomLeft: [0, 0, 255],
  bottomRight: [255, 255, 0],
} as const;

/** A picture whose four quadrants have different colours (see quadrantColours), as lossless PNG. */
export function quadrants(width: number, height: number): Promise<Buffer> {
  const w = Math.floor(width / 2);
  const h = Math.floor(height / 2);
  const block = (colour: readonly number[], left: number, top: number, bw: number, bh: number) => ({
    input: {
      create: {
        width: bw,
        height: bh,
        channels: 3 as const,
        background: { r: colour[0] ?? 0, g: colour[1] ?? 0, b: colour[2] ?? 0 },
      },
    },
    left,
    top,
  });
  const c = quadrantColours;
  return sharp({ create: { width, height, channels: 3, background: '#000' } })
    .composite([
      block(c.topLeft, 0, 0, w, h),
      block(c.topRight, w, 0, width - w, h),
      block(c.bottomLeft, 0, h, w, height - h),
      block(c.bottomRight, w, h, width - w, height - h),
    ])
    .removeAlpha()
    .png()
    .toBuffer();
}

/**
 * A JPEG carrying EXIF orientation `n` (1–8) whose stored pixels are `displayed` turned back, so
 * that applying the orientation shows `displayed` again. Orientation n shows the stored pixels
 * 1: as they are, 2: mirrored, 3: turned 180°, 4: flipped, 5: transposed, 6: turned 90° clockwise,
 * 7: transversed, 8: turned 270° clockwise; the stored pixels are the inverse of that.
 */
export async function orientedJpeg(displayed: Buffer, n: number): Promise<Buffer> {
  const step = (image: Buffer, f: (s: Sharp) => Sharp) => f(sharp(image)).png().toBuffer();
  const inverse: Record<number, (b: Buffer) => Promise<Buffer>> = {
    1: async (b) => b,
    2: (b) => step(b, (s) => s.flop()),
    3: (b) => step(b, (s) => s.rotate(180)),
    4: (b) => step(b, (s) => s.flip()),
    // Transpose is its own inverse: a quarter turn clockwise, then a mirror.
    5: async (b) => step(await step(b, (s) => s.rotate(90)), (s) => s.flop()),
    6: (b) => step(b, (s) => s.rotate(270)),
    // Transverse is its own inverse: a quarter turn clockwise, then a vertical flip.
    7: async (b) => step(await step(b, (s) => s.rotate(90)), (s) => s.flip()),
    8: (b) => step(b, (s) => s.rotate(90)),
  };
  const transform = inverse[n];
  if (!transform) throw new Error(`no EXIF orientation ${n}`);
  return sharp(await transform(displayed))
    .jpeg({ quality: 95 })
    .withMetadata({ orientation: n })
    .toBuffer();
}

/** A CMYK JPEG of one colour (given in RGB), without an embedded profile. */
export function cmykJpeg(width: number, height: number, background: string): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background } })
    .toColourspace('cmyk')
    .jpeg({ quality: 95 })
    .toBuffer();
}

/**
 * An animation with one frame per colour (each frame one flat colour with a white square in its
 * top-left quarter), lossless, with 100 ms per frame.
 */
export async function animation(
  format: 'webp' | 'gif',
  colours: readonly string[],
  width = 40,
  height = 20,
): Promise<Buffer> {
  const frames = await Promise.all(
    colours.map((background) =>
      sharp({ create: { width, height, channels: 4, background } })
        .composite([
          {
            input: { create: { width: width / 2, height: height / 2, channels: 4, background: '#ffffff' } },
            left: 0,
            top: 0,
          },
        ])
        .png()
        .toBuffer(),
    ),
  );
  const joined = sharp(frames, { join: { animated: true } });
  const delay = colours.map(() => 100);
  return format === 'webp'
    ? joined.webp({ lossless: true, delay, loop: 0 }).toBuffer()
    : joined.gif({ delay, loop: 0 }).toBuffer();
}

/** Every frame of an image as RGBA pixels, with the frame size. */
export async function decodeFrames(image: Buffer): Promise<{
  width: number;
  height: number;
  frames: Buffer[];
  at: (frame: number, x: number, y: number) => number[];
}> {
  const { data, info } = await sharp(image, { animated: true })
    .ensureAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  const height = info.pageHeight ?? info.height;
  const bytes = info.width * height * 4;
  const frames = Array.from({ length: info.height / height }, (_, i) =>
    data.subarray(i * bytes, (i + 1) * bytes),
  );
  const at = (frame: number, x: number, y: number) => {
    const start = (y * info.width + x) * 4;
    return [...(frames[frame] ?? Buffer.alloc(0)).subarray(start, start + 4)];
  };
  return { width: info.width, height, frames, at };
}

/** Whether two colours differ by at most `tolerance` in every channel they share. */
export function near(actual: readonly number[], expected: readonly number[], tolerance = 24): boolean {
  return expected.every((v, i) => Math.abs((actual[i] ?? Number.NaN) - v) <= tolerance);
}

/** A PNG of random pixels (no two neighbours alike), to check that pixels move exactly. */
export function noise(width: number, height: number): Promise<Buffer> {
  return sharp({
    create: {
      width,
      height,
      channels: 3,
      background: '#000',
      noise: { type: 'gaussian', mean: 128, sigma: 60 },
    },
  })
    .png()
    .toBuffer();
}
