import { contentDisposition } from '../../http/result.js';
import { convertFile } from '../../operations/files/convert/convert-file.js';
import type { ToolHandler } from '../types.js';
import { convertServices } from './file-services.js';

/** POST /files/convert: the converted file, as a download named <stem>-convert.<ext>. */
export const fileConversionHandler: ToolHandler<'file-conversion'> = async ({ fields, file }, context) => {
  const result = await convertFile(
    {
      data: file.data,
      name: file.filename,
      declaredType: file.declaredType,
      to: fields.to,
      sheet: fields.sheet,
    },
    await convertServices(context),
    context.signal,
  );
  const size = Buffer.byteLength(result.body);
  return {
    kind: 'document',
    body: result.body,
    contentType: result.contentType,
    headers: {
      'content-disposition': contentDisposition(file.filename, 'convert', result.extension),
      'x-original-size': file.data.length,
      'x-output-size': size,
      ...(result.image ? { 'x-image-width': result.image.width, 'x-image-height': result.image.height } : {}),
    },
  };
};
