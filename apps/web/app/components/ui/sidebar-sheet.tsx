import { XIcon } from 'lucide-react';
import { Dialog as SheetPrimitive } from 'radix-ui';
import type { ReactNode } from 'react';
import { SIDEBAR_WIDTH_MOBILE } from '~/lib/sidebar-state';

/** The sidebar as an 18rem dialog sliding in from the left on narrow screens. Loaded when first opened. */
export default function SidebarSheet({
  open,
  onOpenChange,
  label,
  description,
  children,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  label: string;
  description: string;
  children: ReactNode;
}) {
  return (
    <SheetPrimitive.Root open={open} onOpenChange={onOpenChange}>
      <SheetPrimitive.Portal>
        <SheetPrimitive.Overlay
          data-slot="sheet-overlay"
          className="fixed inset-0 z-50 bg-black/50 data-[state=closed]:animate-fade-out data-[state=open]:animate-fade-in"
        />
        <SheetPrimitive.Content
          data-slot="sidebar-sheet"
          className="fixed inset-y-0 left-0 z-50 flex h-full w-3/4 max-w-[85vw] flex-col gap-0 border-r bg-sidebar p-0 text-sidebar-foreground shadow-xl outline-none data-[state=closed]:animate-slide-out-left data-[state=open]:animate-slide-in-left sm:max-w-[85vw]"
          style={{ width: SIDEBAR_WIDTH_MOBILE }}
        >
          <SheetPrimitive.Title className="sr-only">{label}</SheetPrimitive.Title>
          <SheetPrimitive.Description className="sr-only">{description}</SheetPrimitive.Description>
          <div className="flex h-full min-h-0 flex-col">{children}</div>
          <SheetPrimitive.Close
            data-slot="sheet-close"
            className="absolute top-4 right-4 rounded-sm opacity-70 transition-opacity hover:opacity-100 focus-visible:outline-2 focus-visible:outline-solid focus-visible:outline-ring [&_svg]:size-4"
          >
            <XIcon aria-hidden="true" />
            <span className="sr-only">Close</span>
          </SheetPrimitive.Close>
        </SheetPrimitive.Content>
      </SheetPrimitive.Portal>
    </SheetPrimitive.Root>
  );
}
