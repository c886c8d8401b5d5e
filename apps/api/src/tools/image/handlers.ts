import { firstFrameHeader, getTool, imageHeaders } from '@toolkit/catalog';
import type { InputFile } from '../../core/fields.js';
import type { FileResult } from '../../core/result.js';
import { imageToBase64 } from '../../operations/image/base64.js';
import { combineImages } from '../../operations/image/combine.js';
import { compressImage } from '../../operations/image/compress.js';
import { convertImage } from '../../operations/image/convert.js';
import type { ImageResult } from '../../operations/image/encode.js';
import { flipImage } from '../../operations/image/flip.js';
import type { ImageLimits } from '../../operations/image/limits.js';
import type { ImageInput } from '../../operations/image/pipeline.js';
import { resizeImage } from '../../operations/image/resize.js';
import { rotateImage } from '../../operations/image/rotate.js';
import { thumbnailImage } from '../../operations/image/thumbnail.js';
import type { HandlerContext, HandlerTable } from '../types.js';

/** What a reply needs of an image result (compress may hand back the upload itself). */
type ReplyImage = Pick<
  ImageResult,
  'data' | 'mimeType' | 'extension' | 'width' | 'height' | 'firstFrameOnly'
>;

/**
 * A binary image reply with the contract's image headers, and X-Animation when an animation was
 * written as its first frame.
 */
function imageReply(
  image: ReplyImage,
  originalBytes: number,
  extra: Record<string, string> = {},
): FileResult {
  return {
    kind: 'file',
    data: image.data,
    contentType: image.mimeType,
    extension: image.extension,
    headers: {
      [imageHeaders.width.name]: image.width,
      [imageHeaders.height.name]: image.height,
      [imageHeaders.originalSize.name]: originalBytes,
      [imageHeaders.outputSize.name]: image.data.length,
      ...(image.firstFrameOnly ? { [firstFrameHeader.name]: 'first-frame' } : {}),
      ...extra,
    },
  };
}

/** A tool that runs one upload through one image operation and answers with the image. */
function oneImage<Options>(
  operation: (input: ImageInput, options: Options, limits: ImageLimits) => Promise<ImageResult>,
) {
  return async (
    { fields, file }: { fields: Options; file: InputFile },
    { imageLimits }: HandlerContext,
  ): Promise<FileResult> => {
    const image = await operation({ data: file.data, name: file.filename }, fields, imageLimits);
    return imageReply(image, file.data.length);
  };
}

const [compressionHeader] = getTool('compress-image').api.headers;

/** The image tools' handlers, by tool id. */
export const imageHandlers = {
  'resize-image': oneImage(resizeImage),
  'thumbnail-generator': oneImage(thumbnailImage),
  'rotate-image': oneImage(rotateImage),
  'flip-image': oneImage(flipImage),
  'convert-image': oneImage(convertImage),
  // The upload itself, said so, when nothing smaller could be made.
  'compress-image': async ({ fields, file }, { imageLimits }) => {
    const image = await compressImage({ data: file.data, name: file.filename }, fields, imageLimits);
    return imageReply(image, file.data.length, image.compressed ? {} : { [compressionHeader.name]: 'none' });
  },
  'combine-images': async ({ fields, files }, { imageLimits }) => {
    const inputs = files.map((file) => ({ data: file.data, name: file.filename }));
    const image = await combineImages(inputs, fields, imageLimits);
    const uploaded = files.reduce((total, file) => total + file.data.length, 0);
    return imageReply(image, uploaded);
  },
  'image-base64': async ({ file }, { imageLimits }) => ({
    kind: 'analysis',
    message: 'Image successfully converted.',
    data: await imageToBase64(file.data, file.filename, imageLimits),
  }),
} satisfies Partial<HandlerTable>;
