import type { LiveToolId } from '@toolkit/catalog';
import { findNavTool } from '~/lib/catalog';
import { type LazyPanel, lazyPanel } from './lazy-panel';

/**
 * The try-it panel of every live tool, loaded only on its own page. The Record type makes a live
 * catalog tool without a panel a type error.
 */
export const tryItPanels: Record<LiveToolId, LazyPanel> = {
  'resize-image': lazyPanel(() => import('./resize-image/resize-panel')),
  'image-base64': lazyPanel(() => import('./image-base64/base64-panel')),
  'thumbnail-generator': lazyPanel(() => import('./thumbnail-generator/thumbnail-panel')),
  'file-detection': lazyPanel(() => import('./file-detection/file-detection-panel')),
  'file-compression': lazyPanel(() => import('./file-compression/file-compression-panel')),
  'file-conversion': lazyPanel(() => import('./file-conversion/file-conversion-panel')),
  'rotate-image': lazyPanel(() => import('./rotate-image/rotate-panel')),
  'flip-image': lazyPanel(() => import('./flip-image/flip-panel')),
  'convert-image': lazyPanel(() => import('./convert-image/convert-panel')),
  'compress-image': lazyPanel(() => import('./compress-image/compress-panel')),
  'combine-images': lazyPanel(() => import('./combine-images/combine-panel')),
  'convert-audio': lazyPanel(() => import('./convert-audio/audio-panel')),
  'pdf-to-text': lazyPanel(() => import('./pdf-to-text/pdf-text-panel')),
  'text-to-pdf': lazyPanel(() => import('./text-to-pdf/text-pdf-panel')),
  'word-counter': lazyPanel(() => import('./word-counter/word-counter-panel')),
  'json-to-csv': lazyPanel(() => import('./json-to-csv/json-to-csv-panel')),
  'csv-to-json': lazyPanel(() => import('./csv-to-json/csv-to-json-panel')),
  'xml-to-json': lazyPanel(() => import('./xml-to-json/xml-to-json-panel')),
  'json-to-xml': lazyPanel(() => import('./json-to-xml/json-to-xml-panel')),
  'yaml-to-json': lazyPanel(() => import('./yaml-to-json/yaml-to-json-panel')),
  'base64-encode': lazyPanel(() => import('./base64-encode/base64-encode-panel')),
  'base64-decode': lazyPanel(() => import('./base64-decode/base64-decode-panel')),
};

/** The panel of the page at `pathname`, if that page is a live tool's. */
export function panelForPath(pathname: string): LazyPanel | undefined {
  const tool = findNavTool(pathname);
  return tool?.status === 'live' ? tryItPanels[tool.id] : undefined;
}

// In the browser, this module is loaded for a live tool's page: its panel's code is fetched before
// the module finishes, so the panel renders, and hydrates, together with the rest of the page. A
// failed load is left to the panel's own render (the error boundary says so).
if (typeof window !== 'undefined') {
  await panelForPath(window.location.pathname)
    ?.preload()
    .catch(() => undefined);
}
