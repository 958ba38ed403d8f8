import { QueryClient } from '@tanstack/react-query';

/**
 * SPEC §9 freshness: data is fresh for 5 minutes, never retried, not refetched on window focus, no polling.
 * (The session query overrides this: 30 s, refetched on focus.)
 */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: { staleTime: 5 * 60_000, retry: false, refetchOnWindowFocus: false },
      mutations: { retry: false },
    },
  });
}
