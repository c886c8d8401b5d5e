import { StrictMode, startTransition } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { HydratedRouter } from 'react-router/dom';

/**
 * Hydrates after the browser has painted the pre-rendered HTML. Module scripts that arrive quickly run
 * before the first paint, and hydrating the page there would hold the paint back by the whole
 * hydration; one frame later the page is already visible while React attaches to it.
 */
function afterFirstPaint(callback: () => void): void {
  requestAnimationFrame(() => setTimeout(callback, 0));
}

afterFirstPaint(() => {
  startTransition(() => {
    hydrateRoot(
      document,
      <StrictMode>
        <HydratedRouter />
      </StrictMode>,
    );
  });
});
