import type { LiveToolId } from '@toolkit/catalog';
import { type ComponentType, type LazyExoticComponent, lazy } from 'react';

export type TryItPanel = LazyExoticComponent<ComponentType>;

/**
 * The try-it panel of every live tool, loaded only on its own page. The Record type makes a live
 * catalog tool without a panel a type error.
 */
export const tryItPanels: Record<LiveToolId, TryItPanel> = {
  'resize-image': lazy(() => import('./resize-image/resize-panel')),
  'image-base64': lazy(() => import('./image-base64/base64-panel')),
  'thumbnail-generator': lazy(() => import('./thumbnail-generator/thumbnail-panel')),
};
