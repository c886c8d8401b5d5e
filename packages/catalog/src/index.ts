import type { z } from 'zod';
import { type Group, type GroupId, groups } from './groups.js';
import { base64Decode } from './tools/base64-decode.js';
import { base64Encode } from './tools/base64-encode.js';
import type { combineRequest } from './tools/combine-images.js';
import { combineImages } from './tools/combine-images.js';
import type { compressRequest } from './tools/compress-image.js';
import { compressImage } from './tools/compress-image.js';
import type { convertAudioRequest } from './tools/convert-audio.js';
import { convertAudio } from './tools/convert-audio.js';
import type { convertRequest } from './tools/convert-image.js';
import { convertImage } from './tools/convert-image.js';
import { csvToJson } from './tools/csv-to-json.js';
import { fileCompression } from './tools/file-compression.js';
import { fileConversion } from './tools/file-conversion.js';
import { fileDetection } from './tools/file-detection.js';
import type { flipRequest } from './tools/flip-image.js';
import { flipImage } from './tools/flip-image.js';
import type { imageBase64Response } from './tools/image-base64.js';
import { imageBase64 } from './tools/image-base64.js';
import { jsonToCsv } from './tools/json-to-csv.js';
import { jsonToXml } from './tools/json-to-xml.js';
import type { pdfToTextResponse } from './tools/pdf-to-text.js';
import { pdfToText } from './tools/pdf-to-text.js';
import type { resizeRequest } from './tools/resize-image.js';
import { resizeImage } from './tools/resize-image.js';
import type { rotateRequest } from './tools/rotate-image.js';
import { rotateImage } from './tools/rotate-image.js';
import type { textToPdfRequest } from './tools/text-to-pdf.js';
import { textToPdf } from './tools/text-to-pdf.js';
import type { thumbnailRequest } from './tools/thumbnail-generator.js';
import { thumbnailGenerator } from './tools/thumbnail-generator.js';
import { wordCounter } from './tools/word-counter.js';
import { xmlToJson } from './tools/xml-to-json.js';
import { yamlToJson } from './tools/yaml-to-json.js';

export type {
  ErrorCase,
  HeaderFact,
  InputKind,
  OutputKind,
  Tool,
  ToolDefinition,
  ToolExample,
  ToolIconName,
  ToolSpec,
} from './define-tool.js';
export { defineTool, resultKinds, uploadPrecedence } from './define-tool.js';
export { type ErrorBody, type ErrorCode, errorCodes } from './errors.js';
export * as fields from './fields.js';
export { type Group, type GroupId, groups } from './groups.js';
export { documentedJsonSchema, type JsonSchema } from './json-schema.js';
export { type LaneId, laneIds, laneOf } from './lanes.js';
export * from './limits.js';
export * from './markdown/index.js';
export {
  describeKinds,
  inputKinds,
  type KindDeclaration,
  kindFits,
  kindNames,
  type MediaKind,
  outputKind,
  outputKinds,
  textKinds,
} from './media-kinds.js';
export {
  checkChain,
  maxPipelineSteps,
  type PipelineMismatch,
  type PlannedStep,
  pipelineOperation,
  takesSeveral,
} from './pipeline.js';
export * from './reference/index.js';
export * from './samples/index.js';
export { type Delimiter, delimiterChar, delimiters } from './tools/_data-fields.js';
export { imageInputTypes } from './tools/_image-input.js';
export { firstFrameHeader, imageOutputFields } from './tools/_image-output.js';
export { ocrModes, textSources } from './tools/_ocr-fields.js';
export { combineRequest } from './tools/combine-images.js';
export { compressRequest } from './tools/compress-image.js';
export {
  type AudioFormat,
  audioFormats,
  convertAudioRequest,
  durationHeader,
  readableAudioText,
} from './tools/convert-audio.js';
export { convertFormats, convertRequest } from './tools/convert-image.js';
export { archiveFormats, compressionLimits, fileCompressionRequest } from './tools/file-compression.js';
export { conversionTargets, fileConversionRequest } from './tools/file-conversion.js';
export { type FileCategory, fileCategories, fileDetectionResponse } from './tools/file-detection.js';
export { flipRequest } from './tools/flip-image.js';
export { imageBase64Request, imageBase64Response } from './tools/image-base64.js';
export { pdfToTextRequest, pdfToTextResponse } from './tools/pdf-to-text.js';
export { resizeRequest } from './tools/resize-image.js';
export { rotateRequest } from './tools/rotate-image.js';
export { pdfFonts, pdfPageSizes, textToPdfHeaders, textToPdfRequest } from './tools/text-to-pdf.js';
export { thumbnailRequest } from './tools/thumbnail-generator.js';
export { namedFieldError } from './validation.js';

/* The option types of the operations, derived from the schemas that validate them. */
export type ResizeRequest = z.output<typeof resizeRequest>;
export type ThumbnailRequest = z.output<typeof thumbnailRequest>;
export type RotateRequest = z.output<typeof rotateRequest>;
export type FlipRequest = z.output<typeof flipRequest>;
export type ConvertRequest = z.output<typeof convertRequest>;
export type CompressRequest = z.output<typeof compressRequest>;
export type CombineRequest = z.output<typeof combineRequest>;
export type ImageBase64Data = z.output<typeof imageBase64Response>;
export type ConvertAudioRequest = z.output<typeof convertAudioRequest>;
export type PdfToTextData = z.output<typeof pdfToTextResponse>;
export type TextToPdfRequest = z.output<typeof textToPdfRequest>;

/** Every documented tool, in sidebar order (grouped, then in the order of the route table). */
export const tools = [
  resizeImage,
  rotateImage,
  imageBase64,
  compressImage,
  combineImages,
  convertImage,
  flipImage,
  thumbnailGenerator,
  wordCounter,
  fileConversion,
  fileCompression,
  fileDetection,
  jsonToCsv,
  csvToJson,
  xmlToJson,
  jsonToXml,
  yamlToJson,
  base64Encode,
  base64Decode,
  convertAudio,
  pdfToText,
  textToPdf,
] as const;

export type CatalogTool = (typeof tools)[number];
export type ToolId = CatalogTool['id'];
/** Tools that have a server handler and a try-it panel. */
export type LiveTool = Extract<CatalogTool, { status: 'live' }>;
export type LiveToolId = LiveTool['id'];
export type ToolById<Id extends ToolId> = Extract<CatalogTool, { id: Id }>;

export const liveTools = tools.filter((t): t is LiveTool => t.status === 'live');

/** API version shown in the docs sidebar and reported by /health and the OpenAPI document. */
export const apiVersion = '1.0.0';
/** Base path of the HTTP API. */
export const apiBasePath = '/api/v1';
/** Name shown in the breadcrumb for a docs path that is not in the catalog. */
export const unknownBreadcrumb = 'Documentation';

/** The groups in sidebar order, each with its tools. */
export const toolGroups: readonly (Group & { tools: readonly CatalogTool[] })[] = groups.map((g) => ({
  ...g,
  tools: tools.filter((t) => t.group === g.id),
}));

const byPath = new Map<string, CatalogTool>(tools.map((t) => [t.path, t]));
const byId = new Map<string, CatalogTool>(tools.map((t) => [t.id, t]));

/** Strips a trailing slash so '/docs/api/' and '/docs/api' are the same page. */
export function normalizePath(path: string): string {
  return path.length > 1 && path.endsWith('/') ? path.replace(/\/+$/, '') || '/' : path;
}

export function findToolByPath(path: string): CatalogTool | undefined {
  return byPath.get(normalizePath(path));
}

export function getTool<Id extends ToolId>(id: Id): ToolById<Id> {
  const tool = byId.get(id);
  if (!tool) throw new Error(`Unknown tool ${id}`);
  return tool as ToolById<Id>;
}

/** Breadcrumb name for a docs path: the tool's breadcrumb name, else 'Documentation'. */
export function breadcrumbName(path: string): string {
  return findToolByPath(path)?.breadcrumb ?? unknownBreadcrumb;
}

/** The first page of a group (the home page's cards link there). */
export function groupEntryPath(group: GroupId): string {
  const first = tools.find((t) => t.group === group);
  if (!first) throw new Error(`Group ${group} has no tools`);
  return first.path;
}

/** Full API URL path of a tool, e.g. '/api/v1/images/resize'. */
export function apiUrlPath(tool: { api: { path: string } }): string {
  return `${apiBasePath}${tool.api.path}`;
}
