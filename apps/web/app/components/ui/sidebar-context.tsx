import { type CSSProperties, type ReactNode, useEffect, useSyncExternalStore } from 'react';
import { MOBILE_QUERY, useIsMobile } from '~/hooks/use-mobile';
import { isModShortcut } from '~/lib/keyboard';
import { createListeners } from '~/lib/listeners';
import {
  getSidebarOpen,
  SIDEBAR_KEYBOARD_SHORTCUT,
  SIDEBAR_WIDTH,
  SIDEBAR_WIDTH_ICON,
  SIDEBAR_WIDTH_MOBILE,
  setSidebarOpen,
  subscribeSidebar,
} from '~/lib/sidebar-state';
import { cn } from '~/lib/utils';

/*
 * The sidebar's state lives in small external stores, not in a React context. A context whose value
 * changes right after hydration (the stored collapsed state, the narrow-screen flag) would reach
 * every Suspense boundary below it that is still waiting for its code, and React answers that by
 * throwing the boundary's pre-rendered HTML away and rendering it again: the try-it panel would
 * flash and lose what the visitor had typed. Stores re-render only the components that read them.
 */

let sheetOpen = false;
const sheetListeners = createListeners();
const getSheetOpen = () => sheetOpen;

/** Opens or closes the slide-in sheet of narrow screens. */
export function setSheetOpen(open: boolean): void {
  if (sheetOpen === open) return;
  sheetOpen = open;
  sheetListeners.notify();
}

/** Collapses/expands on wide screens, opens/closes the sheet on narrow ones. */
export function toggleSidebar(): void {
  if (window.matchMedia(MOBILE_QUERY).matches) setSheetOpen(!sheetOpen);
  else setSidebarOpen(!getSidebarOpen());
}

/** The desktop state, and on narrow screens whether the slide-in sheet is open. */
export function useSidebar() {
  const isMobile = useIsMobile();
  // Pre-rendered HTML is expanded; CSS keyed on <html data-sidebar> already shows the stored state.
  const open = useSyncExternalStore(subscribeSidebar, getSidebarOpen, () => true);
  const openMobile = useSyncExternalStore(sheetListeners.subscribe, getSheetOpen, () => false);
  return { state: open ? ('expanded' as const) : ('collapsed' as const), openMobile, isMobile };
}

/** Sets the sidebar widths and handles Ctrl/Cmd+B. It holds no state, so it never re-renders its children. */
export function SidebarProvider({ className, children }: { className?: string; children: ReactNode }) {
  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (!isModShortcut(event, SIDEBAR_KEYBOARD_SHORTCUT)) return;
      event.preventDefault();
      toggleSidebar();
    };
    // A sheet left open while the window grows would otherwise reappear on the next narrow resize.
    const media = window.matchMedia(MOBILE_QUERY);
    const onResize = () => {
      if (!media.matches) setSheetOpen(false);
    };
    window.addEventListener('keydown', onKeyDown);
    media.addEventListener('change', onResize);
    return () => {
      window.removeEventListener('keydown', onKeyDown);
      media.removeEventListener('change', onResize);
      setSheetOpen(false);
    };
  }, []);

  return (
    <div
      data-slot="sidebar-wrapper"
      style={
        {
          '--sidebar-width': SIDEBAR_WIDTH,
          '--sidebar-width-mobile': SIDEBAR_WIDTH_MOBILE,
          '--sidebar-width-icon': SIDEBAR_WIDTH_ICON,
        } as CSSProperties
      }
      className={cn('flex w-full', className)}
    >
      {children}
    </div>
  );
}
