import { extname } from 'node:path';
import { bufferView } from '../../../bytes.js';
import type { Programs } from '../../engines.js';
import { OperationError } from '../../errors.js';
import { type DetectOptions, detectFileType } from '../detect/detect.js';
import { decodeText } from '../detect/encoding.js';
import { type Capabilities, outputTypes, planConversion } from './formats.js';
import type { DocumentJob, DocumentLimits } from './job.js';
import { type OfficeFormat, officeToPdf } from './office-pdf.js';

/**
 * Everything /files/convert can use on this server. The engines that live elsewhere (the worker
 * pool, the text-to-PDF renderer, the image pipeline) come in as functions, so this module stays
 * free of HTTP and of the pool, and tests can run it in-line.
 */
export interface ConvertServices {
  runDocument: (job: DocumentJob, signal?: AbortSignal) => Promise<string | Uint8Array>;
  detect?: DetectOptions;
  limits: DocumentLimits;
  office?: { soffice: string; programs: Programs; timeoutMs: number; maxOutputBytes: number };
  /** txt/md → PDF through the same renderer as /pdf/from-text. */
  textToPdf?: (
    text: string,
    options: { markdown: boolean; title: string; signal?: AbortSignal },
  ) => Promise<Buffer>;
  /** Image → image through the image pipeline; `formats` are those it reads and writes. */
  images?: {
    formats: readonly string[];
    convert: (
      data: Buffer,
      format: string,
      signal?: AbortSignal,
    ) => Promise<{ data: Buffer; contentType: string; width: number; height: number }>;
  };
}

export function capabilitiesOf(services: ConvertServices): Capabilities {
  return {
    office: services.office !== undefined,
    textPdf: services.textToPdf !== undefined,
    images: services.images?.formats ?? [],
  };
}

export interface ConvertRequest {
  data: Buffer;
  name: string;
  declaredType?: string;
  to: string;
  sheet?: string | undefined;
}

export interface Converted {
  body: Buffer | string;
  contentType: string;
  extension: string;
  from: string;
  /** Pixel size of an image result. */
  image?: { width: number; height: number };
}

const imageTypes: Record<string, string> = { jpeg: 'jpg', tiff: 'tif' };

/**
 * Converts one uploaded file: its type is read from the bytes, the route comes from the formats
 * table, and the work runs where it belongs (document libraries in the worker pool, office files
 * in LibreOffice, text → PDF and images through their own pipelines).
 *
 * @example await convertFile({ data, name: 'report.docx', to: 'md' }, services, signal)
 */
export async function convertFile(
  request: ConvertRequest,
  services: ConvertServices,
  signal?: AbortSignal,
): Promise<Converted> {
  if (request.data.length === 0) {
    throw new OperationError('UNPROCESSABLE_FILE', 'The file is empty: there is nothing to convert.', {
      field: 'file',
    });
  }
  const detection = await detectFileType(
    request.data,
    { name: request.name, mime: request.declaredType },
    services.detect,
  );
  const plan = planConversion(detection, request.to, capabilitiesOf(services));
  const title = extname(request.name) ? request.name.slice(0, -extname(request.name).length) : request.name;
  const done = (body: Buffer | string, contentType = outputTypes[plan.to] ?? 'application/octet-stream') => ({
    body,
    contentType,
    extension: imageTypes[plan.to] ?? plan.to,
    from: plan.from,
  });

  if (plan.engine === 'document') {
    const result = await services.runDocument(
      {
        data: request.data,
        from: plan.from,
        to: plan.to,
        title: title || 'document',
        sheet: request.sheet,
        limits: services.limits,
      },
      signal,
    );
    return done(typeof result === 'string' ? result : bufferView(result));
  }
  if (plan.engine === 'office' && services.office) {
    return done(await officeToPdf(request.data, plan.from as OfficeFormat, { ...services.office, signal }));
  }
  if (plan.engine === 'text-pdf' && services.textToPdf) {
    const pdf = await services.textToPdf(decodeText(request.data), {
      markdown: plan.from === 'md',
      title,
      signal,
    });
    return done(pdf);
  }
  if (plan.engine === 'image' && services.images) {
    const image = await services.images.convert(request.data, plan.to, signal);
    return { ...done(image.data, image.contentType), image: { width: image.width, height: image.height } };
  }
  throw new OperationError(
    'UNSUPPORTED_MEDIA_TYPE',
    `Converting ${plan.from} to ${plan.to} is not available on this server.`,
  );
}
