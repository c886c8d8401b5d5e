import sharp, { type Sharp } from 'sharp';
import { ApiError } from '../../errors.js';
import { animatedFormats, extensions, mimeTypes, opaqueFormats, type WriteFormat } from './formats.js';
import type { ImageLimits } from './limits.js';
import { type ImageProbe, megapixels } from './probe.js';
import { checkSvgRenderCost, svgRenderPixels } from './svg-cost.js';

/** How the picture is resized. */
export type ResizePlan =
  /** Fit inside a box (either side may be left out: it then follows the aspect ratio). */
  | { fit: 'inside'; width?: number; height?: number }
  /** Exactly width × height, distorting if need be. */
  | { fit: 'fill'; width: number; height: number }
  /** A square of `size` px, scaled to cover it and cropped around `position`. */
  | { fit: 'cover'; size: number; position: 'centre' | 'attention' | 'entropy' };

export interface EncodeOptions {
  format: WriteFormat;
  /** 1–100, for lossy encoders (and PNG palettes). */
  quality: number;
  /** Keep EXIF/XMP/IPTC; the colour profile is always kept. */
  keepMetadata: boolean;
}

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
}

const positions = {
  centre: 'centre',
  attention: sharp.strategy.attention,
  entropy: sharp.strategy.entropy,
} as const;

/** Maps a libvips failure to the contract: limits are 413, timeouts 503, anything else 422. */
function toApiError(cause: unknown, limits: ImageLimits): ApiError {
  const message = cause instanceof Error ? cause.message : String(cause);
  if (/pixel limit/i.test(message)) {
    return new ApiError(
      'IMAGE_TOO_LARGE',
      `The image has more than ${megapixels(limits.maxInputPixels)} to decode.`,
      { cause },
    );
  }
  if (/timeout/i.test(message)) {
    return new ApiError('TIMEOUT', `Processing the image took longer than ${limits.timeoutMs / 1000} s.`, {
      cause,
    });
  }
  return new ApiError(
    'UNPROCESSABLE_FILE',
    'The image could not be decoded: it looks corrupt or truncated.',
    { cause },
  );
}

function encode(image: Sharp, options: EncodeOptions, probe: ImageProbe): Sharp {
  const { format, quality } = options;
  switch (format) {
    case 'jpeg':
      return image.jpeg({ quality });
    case 'png':
      // A palette input stays a palette image (smaller); quality then drives the quantiser.
      return image.png(probe.isPalette ? { palette: true, quality } : {});
    case 'webp':
      return image.webp({ quality });
    case 'avif':
      return image.avif({ quality });
    case 'gif':
      return image.gif();
    case 'tiff':
      return image.tiff({ quality });
  }
}

/**
 * Where an attention or entropy crop of an animation should be: libvips only finds it on a single
 * frame, so it is found on the first one and the same window is cut from every frame.
 */
async function animatedCropWindow(
  data: Buffer,
  plan: Extract<ResizePlan, { fit: 'cover' }>,
  probe: ImageProbe,
) {
  const scale = Math.max(plan.size / probe.width, plan.size / probe.height);
  const width = Math.max(plan.size, Math.round(probe.width * scale));
  const height = Math.max(plan.size, Math.round(probe.height * scale));
  const { info } = await sharp(data, { failOn: 'error' })
    .resize(plan.size, plan.size, { fit: 'cover', position: positions[plan.position] })
    .raw()
    .toBuffer({ resolveWithObject: true });
  const left = Math.min(Math.abs(info.cropOffsetLeft ?? 0), width - plan.size);
  const top = Math.min(Math.abs(info.cropOffsetTop ?? 0), height - plan.size);
  return { width, height, left, top };
}

/**
 * Decodes, orients, resizes and encodes an image in one libvips pipeline. EXIF orientation is
 * applied, metadata is dropped unless asked for, the ICC profile is kept, and animations stay
 * animated when the output format can hold them.
 *
 * @example await transformImage(buf, probe, { fit: 'inside', width: 800 }, { format: 'webp', quality: 80, keepMetadata: false }, limits)
 */
export async function transformImage(
  data: Buffer,
  probe: ImageProbe,
  plan: ResizePlan,
  options: EncodeOptions,
  limits: ImageLimits,
): Promise<ImageResult> {
  if (probe.format === 'svg') checkSvgRenderCost(data, svgRenderPixels(probe, plan));
  const animated = probe.pages > 1 && animatedFormats.has(options.format);
  if (animated && probe.width * probe.height * probe.pages > limits.maxInputPixels) {
    throw new ApiError(
      'IMAGE_TOO_LARGE',
      `The animation has ${probe.pages} frames of ${probe.width} × ${probe.height} pixels, ` +
        `more than the ${megapixels(limits.maxInputPixels)} we decode in total.`,
    );
  }
  try {
    let image = sharp(data, {
      animated,
      failOn: 'error',
      limitInputPixels: limits.maxInputPixels,
      sequentialRead: true,
    })
      .timeout({ seconds: Math.ceil(limits.timeoutMs / 1000) })
      .autoOrient();

    if (plan.fit === 'cover') {
      if (animated && plan.position !== 'centre') {
        const crop = await animatedCropWindow(data, plan, probe);
        image = image
          .resize(crop.width, crop.height, { fit: 'fill' })
          .extract({ left: crop.left, top: crop.top, width: plan.size, height: plan.size });
      } else {
        image = image.resize(plan.size, plan.size, { fit: 'cover', position: positions[plan.position] });
      }
    } else {
      image = image.resize({ width: plan.width, height: plan.height, fit: plan.fit });
    }

    if (probe.hasAlpha && opaqueFormats.has(options.format)) {
      image = image.flatten({ background: '#ffffff' });
    }
    image = options.keepMetadata ? image.keepMetadata() : image.keepIccProfile();

    const { data: output, info } = await encode(image, options, probe).toBuffer({ resolveWithObject: true });
    const pages = info.pages ?? 1;
    return {
      data: output,
      format: options.format,
      mimeType: mimeTypes[options.format],
      extension: extensions[options.format],
      width: info.width,
      height: info.pageHeight ?? info.height,
      pages,
    };
  } catch (cause) {
    if (cause instanceof ApiError) throw cause;
    throw toApiError(cause, limits);
  }
}

/**
 * Decodes every pixel once (into a tiny thumbnail) to prove the file is not corrupt or truncated,
 * without keeping the result.
 */
export async function verifyDecodable(data: Buffer, limits: ImageLimits): Promise<void> {
  try {
    await sharp(data, { failOn: 'error', limitInputPixels: limits.maxInputPixels })
      .timeout({ seconds: Math.ceil(limits.timeoutMs / 1000) })
      .resize(16, 16, { fit: 'inside' })
      .raw()
      .toBuffer();
  } catch (cause) {
    throw toApiError(cause, limits);
  }
}
