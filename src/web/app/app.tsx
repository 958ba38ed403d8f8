import { useCallback, useState } from 'react';
import { BrowserRouter, useLocation } from 'react-router';
import { QueryClientProvider } from '@tanstack/react-query';
import { Tooltip } from 'radix-ui';
import { FullPageSpinner } from '../components/ui/spinner.tsx';
import { Toaster } from '../components/ui/toast.tsx';
import { useSession } from '../common/session.ts';
import { OfflineNotice } from '../platform/offline-notice.tsx';
import { ApiError } from '../platform/api.ts';
import { AppFrame, isHomePath } from './app-frame.tsx';
import type { HomePageData } from '../../core/contracts/home-page.ts';
import { seedHomeQueries } from './home-data.ts';
import { createQueryClient } from './query-client.ts';
import { SignedInRoutes, SignedOutRoutes } from './routes.tsx';

/**
 * Signed in when the session call returns data (SPEC §6); while it loads, at the calendar the app's frame (the
 * same the server sent in the page, ADR 023), elsewhere a spinner. A session call that never
 * reached the server (offline, no saved copy) is not "signed out": the app shell says so instead (issue 21).
 */
function Root() {
  const session = useSession();
  const { refetch } = session;
  const retry = useCallback(() => void refetch(), [refetch]);
  const { pathname } = useLocation();
  if (session.isPending) return isHomePath(pathname) ? <AppFrame /> : <FullPageSpinner />;
  if (session.data) return <SignedInRoutes />;
  if (session.error && !(session.error instanceof ApiError))
    return <OfflineNotice onRetry={retry} retrying={session.isFetching} />;
  return <SignedOutRoutes />;
}

/**
 * The app's providers: data, tooltips (SPEC §9 delays), router, toasts. `homeData`, when the server rendered
 * the home with it (ADR 025), seeds the query cache (as fetched at `homeDataAt`, epoch ms), so the first render
 * draws what the page shows and asks for none of it again.
 */
export function App({
  homeData = null,
  homeDataAt = 0,
}: {
  homeData?: HomePageData | null;
  homeDataAt?: number;
}) {
  const [queryClient] = useState(() => {
    const client = createQueryClient();
    if (homeData) seedHomeQueries(client, homeData, homeDataAt);
    return client;
  });
  return (
    <QueryClientProvider client={queryClient}>
      <Tooltip.Provider delayDuration={700} skipDelayDuration={300}>
        <BrowserRouter>
          <Root />
        </BrowserRouter>
        <Toaster />
      </Tooltip.Provider>
    </QueryClientProvider>
  );
}
