import { Outlet } from 'react-router';
import { DocsBreadcrumb } from '~/components/layout/docs-breadcrumb';
import { DocsSidebar } from '~/components/layout/docs-sidebar';
import { Separator } from '~/components/ui/separator';
import { SidebarInset, SidebarProvider, SidebarTrigger } from '~/components/ui/sidebar';

/** /docs/api and its pages: collapsible sidebar, breadcrumb bar, content at most 5xl wide. */
export default function DocsLayout() {
  return (
    <SidebarProvider className="flex-1">
      <DocsSidebar />
      <SidebarInset id="main-content" tabIndex={-1} className="outline-none">
        <div className="sticky top-header z-10 flex h-12 shrink-0 items-center gap-2 border-b bg-background/85 px-4 backdrop-blur-md md:px-6">
          <SidebarTrigger />
          <Separator orientation="vertical" className="mr-1 data-[orientation=vertical]:h-4" />
          <DocsBreadcrumb />
        </div>
        <div className="mx-auto w-full max-w-5xl flex-1 px-4 py-8 sm:px-6 md:py-12 lg:px-10">
          <Outlet />
        </div>
      </SidebarInset>
    </SidebarProvider>
  );
}
