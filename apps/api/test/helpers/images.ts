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
