import { resizeImage } from '../../../apps/api/src/operations/image/resize.js';
import { limits } from './_image-runtime.js';

/**
 * The server's whole resize operation (header probe, pre-decode checks, pipeline), called directly:
 * beside the resize benchmark's plain sharp pipeline it separates what the operation adds from what
 * HTTP adds.
 */
export default async (data: Buffer) =>
  (
    await resizeImage(
      { data, name: 'photo.jpg' },
      { width: 1024, quality: 85, maintain_aspect: true, keep_metadata: false },
      limits,
    )
  ).data;
