import { type ToolSpec, toolReference } from '@toolkit/catalog';

/*
 * What the API reference of a tool says: the fields, response and errors from the catalog (which the
 * OpenAPI document and the page's Markdown copy read too). Pure data, so it is tested without rendering.
 */
export { allowedValues, fileFields, type ResponseDoc, requestFields, responseDoc } from '@toolkit/catalog';

/** The errors a tool can answer with, sorted by status, each with when it happens. */
export function errorDocs(tool: ToolSpec) {
  return toolReference(tool).errors;
}
