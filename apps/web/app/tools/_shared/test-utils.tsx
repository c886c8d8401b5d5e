import { QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ReactElement } from 'react';
import { vi } from 'vitest';
import { Toaster } from '~/components/ui/sonner';
import { TooltipProvider } from '~/components/ui/tooltip';
import { createQueryClient } from '~/lib/query-client';

/*
 * Helpers for the tools' component tests (imported by *.test.tsx only, never by the app).
 */

/**
 * jsdom has no object URLs: these stand in, numbered, and record what was made and revoked.
 * Call in beforeEach; vi.restoreAllMocks() in afterEach takes them away.
 */
export function stubObjectUrls() {
  const created: string[] = [];
  const revoked: string[] = [];
  let next = 0;
  vi.spyOn(URL, 'createObjectURL').mockImplementation(() => {
    const url = `blob:test/${++next}`;
    created.push(url);
    return url;
  });
  vi.spyOn(URL, 'revokeObjectURL').mockImplementation((url: string) => {
    revoked.push(url);
  });
  return { created, revoked, live: () => created.filter((url) => !revoked.includes(url)) };
}

/** Renders a panel inside the providers of the docs layout (query cache, tooltips, toasts). */
export function renderWithProviders(ui: ReactElement) {
  const queryClient = createQueryClient();
  return {
    queryClient,
    ...render(
      <QueryClientProvider client={queryClient}>
        <TooltipProvider>
          {ui}
          <Toaster />
        </TooltipProvider>
      </QueryClientProvider>,
    ),
  };
}

export const imageFile = (name = 'cat.png', type = 'image/png') =>
  new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])], name, { type });

export const textFile = () => new File(['not an image'], 'notes.pdf', { type: 'application/pdf' });

/** Replaces fetch with answers from a list and records each request's URL and form. */
export function stubFetch(...responses: (() => Response)[]) {
  const requests: { url: string; form: FormData }[] = [];
  vi.spyOn(globalThis, 'fetch').mockImplementation(async (url, init) => {
    requests.push({ url: String(url), form: init?.body as FormData });
    const next = responses.shift();
    if (!next) throw new Error('No more responses.');
    return next();
  });
  return requests;
}

/** The form of the request at `index`; fails the test when there was none. */
export function sentForm(requests: { form: FormData }[], index = 0): FormData {
  const request = requests[index];
  if (!request) throw new Error(`No request #${index + 1} was sent.`);
  return request.form;
}
