import type { LiveToolId } from '@toolkit/catalog';
import { findNavTool } from '~/lib/catalog';
import { type LazyPanel, lazyPanel } from './lazy-panel';

export type TryItPanel = LazyPanel;

/**
 * The try-it panel of every live tool, loaded only on its own page. The Record type makes a live
 * catalog tool without a panel a type error.
 */
export const tryItPanels: Record<LiveToolId, TryItPanel> = {
  'resize-image': lazyPanel(() => import('./resize-image/resize-panel')),
  'image-base64': lazyPanel(() => import('./image-base64/base64-panel')),
  'thumbnail-generator': lazyPanel(() => import('./thumbnail-generator/thumbnail-panel')),
  'file-detection': lazyPanel(() => import('./file-detection/file-detection-panel')),
  'file-compression': lazyPanel(() => import('./file-compression/file-compression-panel')),
  'file-conversion': lazyPanel(() => import('./file-conversion/file-conversion-panel')),
};

/** The panel of the page at `pathname`, if that page is a live tool's. */
export function panelForPath(pathname: string): TryItPanel | undefined {
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
