import { supportedFormats } from './image-formats';

/** The upload hint of a tool: 'Upload an image to resize. Supported formats: JPEG, PNG, WebP.' */
export function uploadHint(purpose: string): string {
  return `Upload an image to ${purpose}. Supported formats: ${supportedFormats}.`;
}
