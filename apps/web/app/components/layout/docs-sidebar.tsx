import { BookOpenIcon } from 'lucide-react';
import { Link, useLocation } from 'react-router';
import {
  Sidebar,
  SidebarContent,
  SidebarGroup,
  SidebarGroupLabel,
  SidebarHeader,
  SidebarMenu,
  SidebarMenuButton,
  SidebarMenuItem,
  setSheetOpen,
} from '~/components/ui/sidebar';
import { apiVersion, docsGroups, findNavTool } from '~/lib/catalog';
import { toolIcons } from './tool-icons';

/** The docs sidebar: 'Documentation', the version, and the six groups of pages from the catalog. */
export function DocsSidebar() {
  const { pathname } = useLocation();
  const activePath = findNavTool(pathname)?.path;
  return (
    <Sidebar label="Documentation sidebar" description="The API documentation pages, by group.">
      <SidebarHeader className="border-sidebar-border border-b sidebar-collapsed:items-center sidebar-collapsed:px-0">
        <div className="flex items-center gap-2.5 px-1 sidebar-collapsed:px-0">
          <span className="flex size-8 shrink-0 items-center justify-center rounded-md bg-brand-soft text-brand">
            <BookOpenIcon className="size-4" aria-hidden="true" />
          </span>
          <div className="flex min-w-0 flex-col leading-tight sidebar-collapsed:sr-only">
            <span className="font-semibold text-sm">Documentation</span>
            <span className="text-muted-foreground text-xs">v{apiVersion}</span>
          </div>
        </div>
      </SidebarHeader>
      <SidebarContent>
        <nav aria-label="Documentation" className="flex flex-col gap-1 pt-2 sidebar-collapsed:items-center">
          {docsGroups.map((group) => (
            <SidebarGroup key={group.id} className="sidebar-collapsed:px-2">
              <SidebarGroupLabel>{group.title}</SidebarGroupLabel>
              <SidebarMenu>
                {group.tools.map((tool) => {
                  const Icon = toolIcons[tool.id];
                  const active = tool.path === activePath;
                  return (
                    <SidebarMenuItem key={tool.id}>
                      <SidebarMenuButton asChild isActive={active} tooltip={tool.title}>
                        {/* A plain Link: the active page is already known, and 22 NavLinks cost hydration time. */}
                        <Link
                          to={tool.path}
                          aria-current={active ? 'page' : undefined}
                          onClick={() => setSheetOpen(false)}
                        >
                          <Icon aria-hidden="true" />
                          <span>{tool.title}</span>
                        </Link>
                      </SidebarMenuButton>
                    </SidebarMenuItem>
                  );
                })}
              </SidebarMenu>
            </SidebarGroup>
          ))}
        </nav>
      </SidebarContent>
    </Sidebar>
  );
}
