import { type QueryClient, useQueryClient } from '@tanstack/react-query';
import { useMemo } from 'react';
import { type ApiClient, createApiClient } from '~/lib/api-client';
import { apiKeyStore } from '~/lib/api-key';
import { authStore } from '~/lib/auth-store';

/** What a 401 does (specification §8): every cached query goes, and so does the signed-in user. */
export function forgetSession(queryClient: QueryClient): void {
  queryClient.clear();
  authStore.clearUser();
}

/** The API client, wired to the page's query cache. */
export function useApiClient(): ApiClient {
  const queryClient = useQueryClient();
  return useMemo(
    () => createApiClient({ onUnauthorized: () => forgetSession(queryClient), apiKey: apiKeyStore.get }),
    [queryClient],
  );
}
