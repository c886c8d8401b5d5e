export { agentFiles, llmsFullTxt, llmsTxt, type SiteFacts } from './llms.js';
export {
  mcpClientConfig,
  mcpDocsPath,
  mcpEndpointPath,
  mcpFilesRule,
  mcpMarkdown,
  mcpNamingRule,
  mcpResultsRule,
  mcpSummary,
  mcpToolName,
} from './mcp.js';
export { pipelineDocsPath, pipelineMarkdown } from './pipeline.js';
export { fieldColumns, markdownPath, toolMarkdown } from './tool-page.js';
export { urlInputsDocsPath, urlInputsMarkdown } from './url-inputs.js';
