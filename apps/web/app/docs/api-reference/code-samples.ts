/*
 * The code samples come from the catalog (packages/catalog/src/samples), so the server's test runs
 * the very samples this page shows.
 */
export {
  apiKeyVariable,
  baseVariable,
  type CodeLine,
  type CodeSample,
  codeSamples,
  exampleInputs,
  lineText,
  type SampleLanguage,
  type SampleOptions,
  sampleInputFiles,
  sampleLanguages,
  samplesPath,
  type Token,
  type TokenKind,
  toolExamples,
} from '@toolkit/catalog';
