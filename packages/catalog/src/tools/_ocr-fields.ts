import { z } from 'zod';
import { oneOf } from '../fields.js';

/** When PDF to Text recognises a page's text from its image (OCR) rather than its text layer. */
export const ocrModes = ['auto', 'always', 'never'] as const;

/** Where a page's text came from, as answers report it. */
export const textSources = ['text-layer', 'ocr'] as const;

// Tesseract's language codes: three letters, sometimes a variant ("chi_sim"); "+" joins up to five.
const code = '[a-z]{3}(?:_[a-z]+)?';
const languageList = new RegExp(`^\\s*${code}(?:\\s*\\+\\s*${code}){0,4}\\s*$`);

/**
 * The languages OCR reads, shared by PDF to Text and File Conversion (image → txt). The syntax is
 * checked here; whether each language is installed is the server's to say (400 listing those it
 * has; /api/v1/ready lists them too).
 */
export const ocrLanguagesField = z
  .string()
  .max(60, { error: 'languages must be at most 60 characters.' })
  .regex(languageList, {
    error: 'languages must be up to five language codes joined with "+", such as "eng" or "eng+deu".',
  })
  .default('eng')
  .describe(
    'Languages of the text for OCR, as codes joined with "+": "eng", "eng+deu". The server lists those it has installed at /api/v1/ready; English, German, French and Spanish come with the standard install. More languages are slower.',
  );

export const ocrModeField = oneOf('ocr', ocrModes)
  .default('auto')
  .describe(
    'When to read text from the page images (OCR): "auto" reads pages that have no text layer (scans) and takes the others as they are; "always" reads every selected page from its image (a text layer that is garbled or incomplete); "never" reads text layers only, and a PDF with none is a 422.',
  );
