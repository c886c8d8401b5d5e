import { bufferView } from '../../bytes.js';
import type { ConvertServices } from '../../operations/files/convert/convert-file.js';
import type { Capabilities } from '../../operations/files/convert/formats.js';
import { defaultDocumentLimits } from '../../operations/files/convert/job.js';
import { locateSoffice } from '../../operations/files/convert/office-pdf.js';
import type { DetectOptions } from '../../operations/files/detect/detect.js';
import { convertImage } from '../../operations/image/convert.js';
import { ProcessSlots, programs } from '../../runtime/run-process.js';
import { runTask } from '../../runtime/worker-pool.js';
import { renderTextPdf } from '../document/pdf-engines.js';
import type { HandlerContext } from '../types.js';

/*
 * What the file tools use on this server: the worker pool for detection's text analysis and the
 * document conversions, LibreOffice when it is installed (found once per configuration, with one
 * set of slots so SOFFICE_MAX_CONCURRENT holds across requests), and the image pipeline.
 */

type Office = ConvertServices['office'];

const offices = new WeakMap<HandlerContext['config'], Promise<Office>>();

/** LibreOffice as this configuration has it, or undefined (office → PDF is then off). */
export function officeFor(config: HandlerContext['config']): Promise<Office> {
  let office = offices.get(config);
  if (!office) {
    office = locateSoffice(config.soffice.path, undefined).then((soffice) =>
      soffice
        ? {
            soffice,
            programs: programs(new ProcessSlots(config.soffice.maxConcurrent)),
            timeoutMs: config.soffice.timeoutMs,
            maxOutputBytes: 4 * config.limits.uploadBytes,
          }
        : undefined,
    );
    offices.set(config, office);
  }
  return office;
}

/** Detection with its text analysis in the worker pool, stopped with the request. */
export function detectInWorker(signal?: AbortSignal): DetectOptions {
  return { analyseText: (probe) => runTask('files.analyse-text', probe, signal ? { signal } : {}) };
}

/** The image formats /files/convert converts between, through the image pipeline. */
export const convertibleImageFormats = ['jpeg', 'png', 'webp', 'avif', 'gif', 'tiff'] as const;
type ImageFormat = (typeof convertibleImageFormats)[number];

/** txt/md → PDF through the /pdf/from-text renderer, with its defaults (sans 12 pt, A4, 20 mm). */
function textToPdfFor(config: HandlerContext['config']): NonNullable<ConvertServices['textToPdf']> {
  return async (text, { markdown, title, signal }) => {
    const result = await renderTextPdf(
      { text, title, font: 'sans', font_size: 12, page_size: 'A4', margin: 20, markdown },
      {
        maxCharacters: config.limits.textToPdfMaxCharacters,
        maxJoinedMarks: config.limits.textToPdfMaxJoinedMarks,
      },
      { timeoutMs: config.timeouts.requestMs, ...(signal ? { signal } : {}) },
    );
    return bufferView(result.pdf);
  };
}

/** What this configuration converts (for the formats list), from the same facts the route uses. */
export async function fileCapabilities(config: HandlerContext['config']): Promise<Capabilities> {
  return {
    office: (await officeFor(config)) !== undefined,
    textPdf: true,
    images: convertibleImageFormats,
  };
}

export async function convertServices(context: HandlerContext): Promise<ConvertServices> {
  return {
    runDocument: (job, signal) => runTask('files.convert-document', job, signal ? { signal } : {}),
    detect: detectInWorker(context.signal),
    limits: defaultDocumentLimits,
    office: await officeFor(context.config),
    images: {
      formats: convertibleImageFormats,
      convert: async (data, format) => {
        const image = await convertImage(
          { data, name: 'image' },
          { format: format as ImageFormat, quality: 85, keep_metadata: false },
          context.imageLimits,
        );
        return { data: image.data, contentType: image.mimeType, width: image.width, height: image.height };
      },
    },
    textToPdf: textToPdfFor(context.config),
  };
}
