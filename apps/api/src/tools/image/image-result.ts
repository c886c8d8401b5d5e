import type { ToolResult } from '../../http/result.js';
import type { ImageResult } from '../../operations/image/encode.js';

/** A binary image reply with the contract's image headers. */
export function imageReply(image: ImageResult, originalBytes: number): ToolResult {
  return {
    kind: 'file',
    data: image.data,
    contentType: image.mimeType,
    extension: image.extension,
    headers: {
      'x-image-width': image.width,
      'x-image-height': image.height,
      'x-original-size': originalBytes,
      'x-output-size': image.data.length,
    },
  };
}
