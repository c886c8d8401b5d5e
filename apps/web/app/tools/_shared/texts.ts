import { supportedFormats } from './image-formats';

/** Toast when a form is sent without an image (specification §5). */
export const MISSING_IMAGE_MESSAGE = 'Please upload an image before submitting.';

/** The upload hint of a tool: 'Upload an image to resize. Supported formats: JPEG, PNG, WebP.' */
export function uploadHint(purpose: string): string {
  return `Upload an image to ${purpose}. Supported formats: ${supportedFormats}.`;
}
