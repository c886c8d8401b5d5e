import { act, render, screen } from '@testing-library/react';
import { Suspense } from 'react';
import { describe, expect, it } from 'vitest';
import { docsGroups } from '~/lib/catalog';
import { lazyPanel } from './lazy-panel';
import { panelForPath, tryItPanels } from './registry';

function Hello() {
  return <p>loaded</p>;
}

describe('lazyPanel', () => {
  it('suspends until its code is loaded when nothing preloaded it', async () => {
    let finish: (module: { default: typeof Hello }) => void = () => {};
    const Panel = lazyPanel(() => new Promise((resolve) => (finish = resolve)));
    // A render that suspends must be awaited inside act, or React's test scheduler never retries it.
    await act(async () => {
      render(
        <Suspense fallback={<p>loading</p>}>
          <Panel />
        </Suspense>,
      );
    });
    expect(screen.getByText('loading')).toBeTruthy();
    await act(async () => finish({ default: Hello }));
    expect(screen.getByText('loaded')).toBeTruthy();
  });

  it('renders at once, without a fallback, once preloaded', async () => {
    let loads = 0;
    const Panel = lazyPanel(async () => {
      loads++;
      return { default: Hello };
    });
    await Panel.preload();
    await Panel.preload();
    render(
      <Suspense fallback={<p>loading</p>}>
        <Panel />
      </Suspense>,
    );
    // Synchronously: the first render already shows the panel.
    expect(screen.getByText('loaded')).toBeTruthy();
    expect(screen.queryByText('loading')).toBeNull();
    expect(loads).toBe(1);
  });
});

describe('registry', () => {
  it('has a panel for each live tool page and none for the others', () => {
    expect(panelForPath('/docs/api')).toBe(tryItPanels['resize-image']);
    expect(panelForPath('/docs/api/image-base64/')).toBe(tryItPanels['image-base64']);
    expect(panelForPath('/docs/api/thumbnail-generator')).toBe(tryItPanels['thumbnail-generator']);
    for (const tool of docsGroups.flatMap((group) => group.tools)) {
      if (tool.status !== 'live') expect(panelForPath(tool.path), tool.id).toBeUndefined();
    }
    expect(panelForPath('/about')).toBeUndefined();
  });
});
