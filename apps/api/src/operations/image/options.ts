import type {
  CombineRequest,
  CompressRequest,
  ConvertRequest,
  FlipRequest,
  ResizeRequest,
  RotateRequest,
  ThumbnailRequest,
} from '@toolkit/catalog';

/*
 * The options each image operation takes: the output types of the catalog's request schemas (field
 * names as in the API), so a field added to a schema reaches its operation with nothing restated.
 */

export type ResizeOptions = ResizeRequest;
export type ThumbnailOptions = ThumbnailRequest;
export type RotateOptions = RotateRequest;
export type FlipOptions = FlipRequest;
export type FlipDirection = FlipRequest['direction'];
export type ConvertOptions = ConvertRequest;
export type ConvertFormat = ConvertRequest['format'];
export type CompressOptions = CompressRequest;
export type CombineOptions = CombineRequest;
export type CombineDirection = CombineRequest['direction'];
export type CombineAlign = CombineRequest['align'];

/** A CSS hex colour as the schemas accept it: #rgb, #rgba, #rrggbb or #rrggbbaa. */
export type HexColour = string;
