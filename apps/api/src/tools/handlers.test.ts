import { liveTools } from '@toolkit/catalog';
import { describe, expect, it } from 'vitest';
import { handlers } from './handlers.js';
import type { HandlerTable } from './types.js';

describe('the handler table', () => {
  it('has exactly one handler per live catalog tool', () => {
    expect(Object.keys(handlers).sort()).toEqual(liveTools.map((t) => t.id).sort());
  });

  it('does not compile without a handler for every live tool', () => {
    // @ts-expect-error 'thumbnail-generator' is live in the catalog, so it must have a handler.
    const incomplete: HandlerTable = {
      'resize-image': handlers['resize-image'],
      'image-base64': handlers['image-base64'],
    };
    expect(Object.keys(incomplete)).toHaveLength(2);
  });
});
