import { QueryClient } from '@tanstack/react-query';

/**
 * SPEC §9 freshness: data is fresh for 5 minutes, never retried, not refetched on window focus, no polling.
 * (The session query overrides this: 30 s, refetched on focus.)
 * Offline (issue 11): queries still run once ('offlineFirst') so the service worker can answer from its copy,
 * and mutations run ('always') so apiFetch refuses them with a clear error instead of TanStack pausing them.
 */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: 5 * 60_000,
        retry: false,
        refetchOnWindowFocus: false,
        networkMode: 'offlineFirst',
      },
      mutations: { retry: false, networkMode: 'always' },
    },
  });
}
