import { detectPoppler, detectTesseract } from '../../src/runtime/ocr-engine.js';
import { ProcessSlots } from '../../src/runtime/run-process.js';

/**
 * The OCR engines as the server finds them, for the OCR operations' own tests (operations never
 * reach for the runtime themselves); undefined when not installed, and those tests say why they
 * are skipped.
 */

export const tesseract = await detectTesseract({ searchPath: process.env.PATH });
export const poppler = await detectPoppler({ searchPath: process.env.PATH });
export const needsTesseract = tesseract
  ? `with ${tesseract.name}`
  : 'SKIPPED: tesseract is not installed (apt-get install tesseract-ocr tesseract-ocr-eng tesseract-ocr-deu, or scripts/install-system-packages.sh runtime)';
export const needsPoppler = poppler
  ? 'with pdftoppm'
  : 'SKIPPED: pdftoppm is not installed (apt-get install poppler-utils)';

/** One page at a time, as the OCR lane runs them. */
export const slots = new ProcessSlots(1);
