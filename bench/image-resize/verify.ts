import sharp from 'sharp';
import { type Pixels, referencePixels, ssimAgainst } from '../lib/quality.js';
import { settings } from './settings.js';

/** What the output check found about one tool's output. */
export interface OutputReport {
  /** What is wrong with it, or undefined when it is what was asked for. */
  outputProblem: string | undefined;
  outputBytes: number | undefined;
  /** Structural similarity to the reference resize (lib/quality.ts). */
  ssim: number | undefined;
}

const references = new Map<string, Promise<Pixels>>();

function reference(path: string): Promise<Pixels> {
  let pixels = references.get(path);
  if (!pixels) {
    pixels = referencePixels(path, settings.targetWidth);
    references.set(path, pixels);
  }
  return pixels;
}

/**
 * Decodes one output and says what is wrong with it, or undefined when it is what was asked for:
 * a JPEG the target width wide, with the photo's aspect ratio, fully decodable, with no EXIF left.
 */
export async function checkOutput(
  output: Buffer,
  sourceWidth: number,
  sourceHeight: number,
): Promise<string | undefined> {
  try {
    const meta = await sharp(output).metadata();
    const expectedHeight = Math.round((sourceHeight * settings.targetWidth) / sourceWidth);
    if (meta.format !== 'jpeg') return `the output is ${meta.format}, not JPEG`;
    if (meta.width !== settings.targetWidth)
      return `the output is ${meta.width} px wide, not ${settings.targetWidth}`;
    if (meta.height === undefined || Math.abs(meta.height - expectedHeight) > 1) {
      return `the output is ${meta.height} px high, not ${expectedHeight}`;
    }
    if (meta.exif !== undefined) return 'the output still carries EXIF metadata';
    const { info } = await sharp(output).raw().toBuffer({ resolveWithObject: true });
    if (info.width !== settings.targetWidth) return `the decoded output is ${info.width} px wide`;
    return undefined;
  } catch (error) {
    return `the output does not decode: ${error instanceof Error ? error.message : String(error)}`;
  }
}

/** checkOutput, plus the output's size and its similarity to the reference resize of `input`. */
export async function inspectOutput(
  output: Buffer | undefined,
  input: { path: string; width: number; height: number },
): Promise<OutputReport> {
  if (output === undefined)
    return { outputProblem: 'no successful output', outputBytes: undefined, ssim: undefined };
  const outputProblem = await checkOutput(output, input.width, input.height);
  const ssim =
    outputProblem === undefined ? await ssimAgainst(output, await reference(input.path)) : undefined;
  return { outputProblem, outputBytes: output.length, ssim };
}
