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
 *
 * Use it, not a bare Suspense, around any lazily loaded part with controls, also inside another
 * boundary: the boot script waits for the marks of every boundary around a control, and a part under
 * a bare Suspense would look hydrated with its parent while React still drops the clicks aimed at it.
 */
export function HydrationBoundary({
  children,
  fallback = null,
}: {
  children: ReactNode;
  fallback?: ReactNode;
}) {
  return (
    <Suspense fallback={fallback}>
      <BoundaryContent>{children}</BoundaryContent>
    </Suspense>
  );
}
