import type { OutputInfo, Sharp } from 'sharp';
import { type Rgba, white } from './colour.js';
import { extensions, mimeTypes, opaqueFormats, type WriteFormat } from './formats.js';

/** How an image is written; shared by every operation. */
export interface EncodeSettings {
  format: WriteFormat;
  /** 1–100, for lossy encoders (and PNG palettes). */
  quality: number;
  /** Keep EXIF/XMP/IPTC; the colour profile is kept (or converted to sRGB) either way. */
  keepMetadata: boolean;
  /** What transparency is flattened onto for formats without alpha; white by default. */
  background?: Rgba;
  /**
   * 'balanced' (default): everyday encoder settings. 'smallest': the settings that spend time for
   * bytes (optimised progressive JPEG, palette PNG, highest WebP/AVIF/GIF effort), as compress uses.
   */
  effort?: 'balanced' | 'smallest';
  /** Lossless WebP/AVIF and full-colour PNG where the format allows it. */
  lossless?: boolean;
}

/**
 * What became of the input's colour profile: kept as it was, converted to sRGB (a CMYK or other
 * non-RGB profile, or a format that cannot embed one), or there was none (sRGB is assumed).
 */
export type ColourHandling = 'kept' | 'converted-to-srgb' | 'untagged';

/** An encoded image and what a client needs to know about it. */
export interface ImageResult {
  data: Buffer;
  format: WriteFormat;
  mimeType: string;
  extension: string;
  /** Size of one frame. */
  width: number;
  height: number;
  pages: number;
  /** An animation was written as its first frame only. */
  firstFrameOnly: boolean;
  colour: ColourHandling;
}

/** What the encoder should know about where the pixels came from. */
export interface EncodeHints {
  /** The input was a palette image: a PNG output stays one. */
  paletteInput?: boolean;
  /** Frame timing for an animation rebuilt from raw frames (see frames.ts). */
  timing?: { delay?: number[]; loop?: number };
}

/** Formats whose files can carry an ICC profile. */
const embedsProfile: ReadonlySet<WriteFormat> = new Set(['jpeg', 'png', 'webp', 'avif', 'tiff']);

/** The colour space an ICC profile describes (header bytes 16–19), e.g. 'RGB', 'GRAY', 'CMYK'. */
export function profileSpace(icc: Buffer): string {
  return icc.toString('latin1', 16, 20).trim();
}

/**
 * Keeps the profile when the output can carry it and it describes RGB or grey pixels; otherwise
 * converts the pixels to sRGB (CMYK, Lab, or GIF output), so colours stay right without it.
 */
async function applyColourPolicy(
  image: Sharp,
  format: WriteFormat,
  keepMetadata: boolean,
): Promise<{ image: Sharp; colour: ColourHandling; grey: boolean }> {
  // One header read for everything below (an SVG's header is its whole XML).
  const meta = await image.metadata();
  const grey = meta.space === 'b-w' || meta.space === 'grey16';
  const space = meta.icc ? profileSpace(meta.icc) : undefined;
  const foreign = meta.space === 'cmyk' || (space !== undefined && space !== 'RGB' && space !== 'GRAY');
  if (foreign || (space !== undefined && !embedsProfile.has(format))) {
    const kept = keepMetadata ? image.keepExif().keepXmp() : image;
    return { image: kept.withIccProfile('srgb'), colour: 'converted-to-srgb', grey };
  }
  if (keepMetadata) return { image: image.keepMetadata(), colour: space ? 'kept' : 'untagged', grey };
  return space
    ? { image: image.keepIccProfile(), colour: 'kept', grey }
    : { image, colour: 'untagged', grey };
}

function encoder(image: Sharp, settings: EncodeSettings, hints: EncodeHints): Sharp {
  const { quality, lossless = false } = settings;
  const smallest = settings.effort === 'smallest';
  const timing = hints.timing ?? {};
  switch (settings.format) {
    case 'jpeg':
      // mozjpeg's optimised progressive scans and Huffman tables with the standard quantisation
      // tables and no trellis: on eight corpus photos at quality 75 that is 90–100% of ImageMagick's
      // bytes at the same or better SSIM, where mozjpeg's own tables and trellis made 55–88% of the
      // bytes at a lower SSIM (and, raised to the same SSIM, larger files than ImageMagick's).
      return image.jpeg(
        smallest ? { quality, mozjpeg: true, quantisationTable: 0, trellisQuantisation: false } : { quality },
      );
    case 'png':
      // A palette input stays a palette image (smaller); quality then drives the quantiser.
      if (!smallest) return image.png(hints.paletteInput ? { palette: true, quality } : {});
      // Full dithering fills a photo's smooth gradients with noise that deflate cannot shrink (a
      // 710 KB photo PNG came out at 620 KB, at half strength 480 KB); adaptive row filters help
      // full colour and hurt palette indices.
      return image.png(
        lossless
          ? { compressionLevel: 9, adaptiveFiltering: true }
          : { compressionLevel: 9, palette: true, quality, dither: 0.5 },
      );
    case 'webp':
      return image.webp({
        quality,
        lossless,
        ...timing,
        ...(smallest ? { effort: 6, smartSubsample: true } : {}),
      });
    case 'avif':
      // Effort 3 measured 7–10× faster than libvips' default 4 here (a 1.9 MP photo: 2 s against
      // 16–30 s on a busy machine) for 1% more bytes; more effort buys nothing within the time limit.
      return image.avif({ quality, lossless, effort: 3 });
    case 'gif':
      return image.gif({
        ...timing,
        ...(smallest ? { effort: 10, interFrameMaxError: lossless ? 0 : 8 } : {}),
      });
    case 'tiff':
      // Lossless, whatever the depth or alpha (TIFF's JPEG compression holds neither 16 bits nor alpha).
      return image.tiff({ compression: 'deflate', predictor: 'horizontal' });
  }
}

/**
 * Writes the pipeline in the given format with the shared settings (see EncodeSettings and the
 * colour policy above); transparency is flattened onto the background where the format has none.
 */
export async function encodeImage(
  image: Sharp,
  settings: EncodeSettings,
  hints: EncodeHints = {},
): Promise<Omit<ImageResult, 'firstFrameOnly'>> {
  let pipeline = image;
  if (opaqueFormats.has(settings.format)) {
    const { r, g, b } = settings.background ?? white;
    pipeline = pipeline.flatten({ background: { r, g, b } });
  }
  const policy = await applyColourPolicy(pipeline, settings.format, settings.keepMetadata);
  if (settings.effort === 'smallest' && policy.grey) {
    // libvips writes grey inputs as RGB by default: three channels where one says the same.
    policy.image = policy.image.toColourspace('b-w');
  }
  const encoded = await encoder(policy.image, settings, hints).toBuffer({ resolveWithObject: true });
  return described(encoded, settings.format, policy.colour);
}

function described(
  { data, info }: { data: Buffer; info: OutputInfo },
  format: WriteFormat,
  colour: ColourHandling,
): Omit<ImageResult, 'firstFrameOnly'> {
  return {
    data,
    format,
    mimeType: mimeTypes[format],
    extension: extensions[format],
    width: info.width,
    height: info.pageHeight ?? info.height,
    pages: info.pages ?? 1,
    colour,
  };
}
