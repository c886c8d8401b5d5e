export * from './code-samples.js';
export * from './sample-inputs.js';
