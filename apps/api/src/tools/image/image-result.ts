import { firstFrameHeader, imageHeaders } from '@toolkit/catalog';
import type { FileResult } from '../../http/result.js';
import type { ImageResult } from '../../operations/image/encode.js';
import { giveHandoff, handoffHeader } from '../../operations/image/handoff.js';

/** What a reply needs of an image result (compress may hand back the upload itself). */
type ReplyImage = Pick<
  ImageResult,
  'data' | 'mimeType' | 'extension' | 'width' | 'height' | 'firstFrameOnly' | 'handoff'
>;

/**
 * A binary image reply with the contract's image headers, and X-Animation when an animation was
 * written as its first frame. A pipeline step's intermediate is parked, not sent (handoff.ts).
 */
export function imageReply(
  image: ReplyImage,
  originalBytes: number,
  extra: Record<string, string> = {},
): FileResult {
  return {
    kind: 'file',
    data: image.handoff ? Buffer.alloc(0) : image.data,
    contentType: image.mimeType,
    extension: image.extension,
    headers: {
      [imageHeaders.width.name]: image.width,
      [imageHeaders.height.name]: image.height,
      [imageHeaders.originalSize.name]: originalBytes,
      [imageHeaders.outputSize.name]: image.data.length,
      ...(image.firstFrameOnly ? { [firstFrameHeader.name]: 'first-frame' } : {}),
      ...(image.handoff ? { [handoffHeader]: giveHandoff(image.handoff, image.data) } : {}),
      ...extra,
    },
  };
}
