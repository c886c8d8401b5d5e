import type { ReactNode } from 'react';
import { SIDEBAR_WIDTH_MOBILE } from '~/lib/sidebar-state';
import { Sheet, SheetContent, SheetDescription, SheetTitle } from './sheet';

export interface SidebarSheetProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  label: string;
  description: string;
  children: ReactNode;
}

/** The sidebar as an 18rem slide-in sheet on narrow screens. Loaded when first opened. */
export default function SidebarSheet({
  open,
  onOpenChange,
  label,
  description,
  children,
}: SidebarSheetProps) {
  return (
    <Sheet open={open} onOpenChange={onOpenChange}>
      <SheetContent
        side="left"
        data-slot="sidebar-sheet"
        className="max-w-[85vw] gap-0 bg-sidebar p-0 text-sidebar-foreground sm:max-w-[85vw]"
        style={{ width: SIDEBAR_WIDTH_MOBILE }}
      >
        <SheetTitle className="sr-only">{label}</SheetTitle>
        <SheetDescription className="sr-only">{description}</SheetDescription>
        <div className="flex h-full min-h-0 flex-col">{children}</div>
      </SheetContent>
    </Sheet>
  );
}
