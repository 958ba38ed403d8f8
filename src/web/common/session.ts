import { useQuery } from '@tanstack/react-query';
import type { SessionDto } from '../../core/contracts/auth.ts';
import { ApiError, apiFetch } from '../app/api.ts';

export const sessionQueryKey = ['session'] as const;

/**
 * Whether the page was served to a visitor without a session cookie: the server then adds
 * `<meta name="familyhub-session" content="signed-out">` (src/server/http/web-assets.ts). Read once: the tag is
 * removed, so the session calls after a sign-in (or any later one) go to the server.
 */
export function takeSignedOutHint(): boolean {
  const meta = document.querySelector('meta[name="familyhub-session"]');
  if (!meta) return false;
  meta.remove();
  return meta.getAttribute('content') === 'signed-out';
}

/**
 * SPEC §7/§9: the session call, cached 30 s, refetched on focus, never retried; a 401 is an error. On a page
 * served with the signed-out hint the first call answers the 401 itself, without the request whose 401 the
 * browser would log as a console error (issue 23).
 */
export function useSession() {
  return useQuery({
    queryKey: sessionQueryKey,
    queryFn: () =>
      takeSignedOutHint()
        ? Promise.reject(new ApiError(401, '', 'Unauthorized'))
        : apiFetch<SessionDto>('/api/auth/session'),
    staleTime: 30_000,
    refetchOnWindowFocus: true,
    retry: false,
  });
}
