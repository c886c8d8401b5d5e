import { imageHeaders } from '@toolkit/catalog';
import type { FileResult } from '../../http/result.js';
import type { ImageResult } from '../../operations/image/encode.js';

/** A binary image reply with the contract's image headers. */
export function imageReply(image: ImageResult, originalBytes: number): FileResult {
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
    },
  };
}
