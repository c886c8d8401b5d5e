import {
  type CSSProperties,
  createContext,
  type ReactNode,
  use,
  useCallback,
  useEffect,
  useMemo,
  useState,
  useSyncExternalStore,
} from 'react';
import { useIsMobile } from '~/hooks/use-mobile';
import { isModShortcut } from '~/lib/keyboard';
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

export interface SidebarContextValue {
  /** Desktop state. */
  state: 'expanded' | 'collapsed';
  open: boolean;
  setOpen: (open: boolean) => void;
  /** The slide-in sheet on narrow screens. */
  openMobile: boolean;
  setOpenMobile: (open: boolean) => void;
  isMobile: boolean;
  /** Collapses/expands on wide screens, opens/closes the sheet on narrow ones. */
  toggleSidebar: () => void;
}

const SidebarContext = createContext<SidebarContextValue | null>(null);

export function useSidebar(): SidebarContextValue {
  const context = use(SidebarContext);
  if (!context) throw new Error('useSidebar must be used inside a SidebarProvider.');
  return context;
}

export function SidebarProvider({ className, children }: { className?: string; children: ReactNode }) {
  const isMobile = useIsMobile();
  const [openMobile, setOpenMobile] = useState(false);
  // Pre-rendered HTML is expanded; CSS keyed on <html data-sidebar> already shows the stored state.
  const open = useSyncExternalStore(subscribeSidebar, getSidebarOpen, () => true);

  const toggleSidebar = useCallback(() => {
    if (isMobile) setOpenMobile((value) => !value);
    else setSidebarOpen(!getSidebarOpen());
  }, [isMobile]);

  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (!isModShortcut(event, SIDEBAR_KEYBOARD_SHORTCUT)) return;
      event.preventDefault();
      toggleSidebar();
    };
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, [toggleSidebar]);

  // A sheet left open while the window grows would otherwise reappear on the next narrow resize.
  useEffect(() => {
    if (!isMobile) setOpenMobile(false);
  }, [isMobile]);

  const value = useMemo<SidebarContextValue>(
    () => ({
      state: open ? 'expanded' : 'collapsed',
      open,
      setOpen: setSidebarOpen,
      openMobile,
      setOpenMobile,
      isMobile,
      toggleSidebar,
    }),
    [open, openMobile, isMobile, toggleSidebar],
  );

  return (
    <SidebarContext value={value}>
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
    </SidebarContext>
  );
}
