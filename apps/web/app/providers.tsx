import { QueryClientProvider } from '@tanstack/react-query';
import { type ReactNode, useLayoutEffect } from 'react';
import { provideToaster } from './components/layout/toast-area';
import { Toaster } from './components/ui/sonner';
import { TooltipProvider } from './components/ui/tooltip';
import { createQueryClient } from './lib/query-client';

// One client for the whole visit: its cache survives leaving the docs and coming back.
let queryClient: ReturnType<typeof createQueryClient> | undefined;

/**
 * The providers of the interactive parts: the data cache, tooltips (700 ms) and the toaster (4 s, 3
 * visible), which they hand to the layout's toast area. They wrap the live tools' panels and API
 * reference (docs/live-tool-sections.tsx), the only parts that use them, so no page downloads TanStack
 * Query, sonner or the tooltip code before it is interactive.
 */
export function Providers({ children }: { children: ReactNode }) {
  queryClient ??= createQueryClient();
  useLayoutEffect(() => provideToaster(Toaster), []);
  return (
    <QueryClientProvider client={queryClient}>
      <TooltipProvider>{children}</TooltipProvider>
    </QueryClientProvider>
  );
}
