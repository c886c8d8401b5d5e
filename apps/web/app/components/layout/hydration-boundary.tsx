import { type ReactNode, Suspense, useEffect, useRef } from 'react';
import { HYDRATED_ATTRIBUTE, HYDRATION_BOUNDARY_ATTRIBUTE } from '~/lib/boot-script';

function BoundaryContent({ children }: { children: ReactNode }) {
  const ref = useRef<HTMLDivElement>(null);
  // A parent's effects run after its children's: when this one runs, the part is fully interactive.
  useEffect(() => ref.current?.setAttribute(HYDRATED_ATTRIBUTE, ''), []);
  return (
    <div ref={ref} className="contents" {...{ [HYDRATION_BOUNDARY_ATTRIBUTE]: '' }}>
      {children}
    </div>
  );
}

/**
 * A Suspense boundary for a lazily loaded part of a pre-rendered page. Such a part hydrates after the
 * rest (when its code has arrived), and until then React drops the events aimed at it; the boot
 * script keeps them and replays them once this boundary says it has hydrated (lib/early-actions.ts).
 * The wrapper is `display: contents`, so it does not change the layout.
 */
export function HydrationBoundary({ children }: { children: ReactNode }) {
  return (
    <Suspense fallback={null}>
      <BoundaryContent>{children}</BoundaryContent>
    </Suspense>
  );
}
