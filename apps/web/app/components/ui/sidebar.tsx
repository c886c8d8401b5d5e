import { PanelLeftIcon } from 'lucide-react';
import { Slot } from 'radix-ui';
import { type ComponentProps, lazy, type ReactNode, Suspense, useState } from 'react';
import { EARLY_ACTION_ATTRIBUTE } from '~/lib/boot-script';
import { cn } from '~/lib/utils';
import { Button } from './button';
import { setSheetOpen, toggleSidebar, useSidebar } from './sidebar-context';

// Both are needed only after an interaction (opening the sheet, collapsing the sidebar), so neither the
// dialog nor the tooltip code is part of a docs page's first load.
const SidebarSheet = lazy(() => import('./sidebar-sheet'));
const SidebarTooltip = lazy(() => import('./sidebar-tooltip'));

export { SidebarProvider, setSheetOpen, toggleSidebar, useSidebar } from './sidebar-context';

/**
 * A sidebar that is sticky beside the content on wide screens (16rem, or 3rem of icons when collapsed)
 * and a slide-in sheet from the left on narrow ones (18rem). The same children fill both.
 */
export function Sidebar({
  label,
  description,
  className,
  children,
}: {
  /** Accessible name of the sidebar (and the sheet's title). */
  label: string;
  description: string;
  className?: string;
  children: ReactNode;
}) {
  const { isMobile, openMobile, state } = useSidebar();
  const sheetOpen = isMobile && openMobile;
  // Once loaded, the sheet stays mounted so that it can animate out.
  const [sheetLoaded, setSheetLoaded] = useState(false);
  if (sheetOpen && !sheetLoaded) setSheetLoaded(true);
  return (
    <>
      <aside
        data-slot="sidebar"
        data-sidebar-container=""
        data-state={state}
        aria-label={label}
        className={cn(
          'sticky top-header z-20 hidden h-[calc(100svh-var(--header-height))] w-(--sidebar-width) shrink-0 flex-col self-start border-sidebar-border border-r bg-sidebar text-sidebar-foreground transition-[width] duration-200 ease-out md:flex',
          'sidebar-collapsed:w-(--sidebar-width-icon)',
          className,
        )}
      >
        {children}
      </aside>
      {sheetLoaded && (
        <Suspense fallback={null}>
          <SidebarSheet open={sheetOpen} onOpenChange={setSheetOpen} label={label} description={description}>
            {children}
          </SidebarSheet>
        </Suspense>
      )}
    </>
  );
}

export function SidebarTrigger({ className, onClick, ...props }: ComponentProps<typeof Button>) {
  return (
    <Button
      data-slot="sidebar-trigger"
      // On wide screens it works before hydration too: the boot script collapses it the same way.
      {...{ [EARLY_ACTION_ATTRIBUTE]: 'sidebar' }}
      variant="ghost"
      size="icon-sm"
      aria-keyshortcuts="Control+B Meta+B"
      className={cn('-ml-1', className)}
      onClick={(event) => {
        onClick?.(event);
        toggleSidebar();
      }}
      {...props}
    >
      <PanelLeftIcon aria-hidden="true" />
      <span className="sr-only">Toggle sidebar</span>
    </Button>
  );
}

export function SidebarHeader({ className, ...props }: ComponentProps<'div'>) {
  return <div data-slot="sidebar-header" className={cn('flex flex-col gap-2 p-3', className)} {...props} />;
}

export function SidebarContent({ className, ...props }: ComponentProps<'div'>) {
  return (
    <div
      data-slot="sidebar-content"
      className={cn(
        'flex min-h-0 flex-1 flex-col gap-1 overflow-y-auto overflow-x-hidden overscroll-contain pb-4 [scrollbar-width:thin]',
        className,
      )}
      {...props}
    />
  );
}

export function SidebarGroup({ className, ...props }: ComponentProps<'div'>) {
  return (
    <div
      data-slot="sidebar-group"
      className={cn('relative flex w-full min-w-0 flex-col px-3 py-1.5', className)}
      {...props}
    />
  );
}

/** Group heading: hidden (kept for screen readers) when the sidebar is collapsed to icons. */
export function SidebarGroupLabel({ className, ...props }: ComponentProps<'h2'>) {
  return (
    <h2
      data-slot="sidebar-group-label"
      className={cn(
        'flex h-8 shrink-0 items-center px-2 font-semibold text-foreground text-xs tracking-wide',
        'sidebar-collapsed:sr-only',
        className,
      )}
      {...props}
    />
  );
}

export function SidebarMenu({ className, ...props }: ComponentProps<'ul'>) {
  return (
    <ul
      data-slot="sidebar-menu"
      className={cn('flex w-full min-w-0 flex-col gap-0.5', className)}
      {...props}
    />
  );
}

export function SidebarMenuItem({ className, ...props }: ComponentProps<'li'>) {
  return <li data-slot="sidebar-menu-item" className={cn('relative', className)} {...props} />;
}

const menuButtonClass = cn(
  'flex h-8 w-full min-w-0 items-center gap-2.5 overflow-hidden rounded-md px-2 text-left text-muted-foreground text-sm outline-none transition-colors',
  'hover:bg-sidebar-accent hover:text-sidebar-accent-foreground focus-visible:outline-2 focus-visible:outline-solid focus-visible:outline-ring focus-visible:-outline-offset-2',
  'data-[active=true]:bg-sidebar-accent data-[active=true]:font-medium data-[active=true]:text-foreground',
  '[&>svg]:size-4 [&>svg]:shrink-0 data-[active=true]:[&>svg]:text-brand [&>span]:truncate',
  'sidebar-collapsed:w-8 sidebar-collapsed:justify-center sidebar-collapsed:px-0 sidebar-collapsed:[&>span]:sr-only',
);

export function SidebarMenuButton({
  asChild = false,
  isActive = false,
  tooltip,
  className,
  ...props
}: ComponentProps<'button'> & { asChild?: boolean; isActive?: boolean; tooltip?: string }) {
  const { state, isMobile } = useSidebar();
  const Comp = asChild ? Slot.Root : 'button';
  const button = (
    <Comp
      data-slot="sidebar-menu-button"
      data-active={isActive}
      className={cn(menuButtonClass, className)}
      {...props}
    />
  );
  // Tooltips only matter when the labels are hidden; not creating them otherwise keeps hydration cheap.
  if (!tooltip || state !== 'collapsed' || isMobile) return button;
  return (
    <Suspense fallback={button}>
      <SidebarTooltip label={tooltip}>{button}</SidebarTooltip>
    </Suspense>
  );
}

/** The page beside the sidebar. */
export function SidebarInset({ className, ...props }: ComponentProps<'main'>) {
  return (
    <main data-slot="sidebar-inset" className={cn('flex min-w-0 flex-1 flex-col', className)} {...props} />
  );
}
