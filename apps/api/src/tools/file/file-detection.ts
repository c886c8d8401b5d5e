import { detectFileType } from '../../operations/files/detect/detect.js';
import type { ToolHandler } from '../types.js';
import { detectInWorker } from './file-services.js';

/** POST /files/detect */
export const fileDetectionHandler: ToolHandler<'file-detection'> = async ({ file }, { signal }) => {
  const data = await detectFileType(
    file.data,
    { name: file.filename, mime: file.declaredType },
    detectInWorker(signal),
  );
  return {
    kind: 'analysis',
    message: data.mismatch
      ? `This is a ${data.description}, which its name or declared type does not say.`
      : `This is a ${data.description}.`,
    data,
  };
};
