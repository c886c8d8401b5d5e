import { defaultLimits, type Limits } from '@toolkit/catalog';
import type { Config } from '../config.js';

/** The limits a server's configuration sets, in the catalog's terms (what its documents state). */
export function limitsOf(config: Config): Limits {
  return {
    ...defaultLimits,
    imageUploadBytes: config.limits.imageUploadBytes,
    otherUploadBytes: config.limits.uploadBytes,
    textBodyBytes: config.limits.bodyBytes,
    maxInputPixels: config.limits.maxInputPixels,
    maxImageSide: config.limits.maxImageSide,
    maxAvifPixels: config.limits.maxAvifPixels,
    textToPdfMaxJoinedMarks: config.limits.textToPdfMaxJoinedMarks,
    pdfMaxInflatedBytes: config.limits.pdfMaxInflatedBytes,
    requestTimeoutMs: config.timeouts.requestMs,
    audioTimeoutMs: config.timeouts.audioMs,
    audioMaxDurationSeconds: config.limits.audioMaxDurationSeconds,
    textToPdfMaxCharacters: config.limits.textToPdfMaxCharacters,
  };
}
