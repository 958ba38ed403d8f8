import { useQuery } from '@tanstack/react-query';
import type { SessionDto } from '../../core/contracts/auth.ts';
import { SIGNED_IN_COOKIE } from '../../core/contracts/signed-in-cookie.ts';
import { ApiError, apiFetch } from '../platform/api.ts';

export const sessionQueryKey = ['session'] as const;

let pageWordTaken = false;

/**
 * True when this page can tell, without asking, that nobody is signed in, so that the session call need not
 * fetch a 401 (which Chromium logs as a console error, issue 23):
 * - a page the server sent says so itself (src/server/http/web-assets.ts): `<meta name="familyhub-session"
 *   content="signed-out">` without a live session, the family's zone (`familyhub-zone`) with one. That word
 *   holds until the first session call has used it (`takePageWord`): a sign-in later in the page changes it;
 * - otherwise (the service worker's copy of the page, or any later call) the absence of `SIGNED_IN_COOKIE`,
 *   which the server keeps beside the session cookie.
 */
export function signedOutWithoutAsking(): boolean {
  if (!pageWordTaken) {
    if (document.querySelector('meta[name="familyhub-session"][content="signed-out"]')) return true;
    if (document.querySelector('meta[name="familyhub-zone"]')) return false;
  }
  return !document.cookie.split(';').some((pair) => pair.trim().startsWith(`${SIGNED_IN_COOKIE}=`));
}

/** `signedOutWithoutAsking` for the session call: the page's own word counts for the first call only. */
function takePageWord(): boolean {
  const signedOut = signedOutWithoutAsking();
  pageWordTaken = true;
  return signedOut;
}

/**
 * SPEC §7/§9: the session call, cached 30 s, refetched on focus, never retried; a 401 is an error. When the page
 * knows nobody is signed in (`signedOutWithoutAsking`) the call answers the 401 itself, without a request.
 */
export function useSession() {
  return useQuery({
    queryKey: sessionQueryKey,
    queryFn: () =>
      takePageWord()
        ? Promise.reject(new ApiError(401, '', 'Unauthorized'))
        : apiFetch<SessionDto>('/api/auth/session'),
    staleTime: 30_000,
    refetchOnWindowFocus: true,
    retry: false,
  });
}
