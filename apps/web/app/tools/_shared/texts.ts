import { defaultLimits, formatBytes, type ToolSpec, uploadLimitBytes } from '@toolkit/catalog';
import { supportedFormats } from './image-formats';

/** A form's button and progress texts, and its alert when the error has no message of its own. */
export function formTexts(submit: string, submitting: string, failing: string) {
  return { submit, submitting, failure: `An error occurred while ${failing}.` };
}

/** The upload hint of a tool: 'Upload an image to resize. Supported formats: JPEG, PNG, WebP.' */
export function uploadHint(purpose: string): string {
  return `Upload an image to ${purpose}. Supported formats: ${supportedFormats}.`;
}

/** A tool's largest upload as the server takes it by default, e.g. '25 MB' (the catalog's limits). */
export function uploadLimit(tool: ToolSpec): string {
  return formatBytes(uploadLimitBytes(tool, defaultLimits));
}

/** The longest audio the converter takes, e.g. '20 minutes'. */
export const maxAudioMinutes = `${defaultLimits.audioMaxDurationSeconds / 60} minutes`;
