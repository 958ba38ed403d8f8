/**
 * The service worker keeps the last reply of a few read-only API calls so the app opens offline (issue 11).
 * vite.config.ts builds the worker's rules from these constants; the page uses them to forget the copies.
 */

/** Cache Storage name of the kept API replies. */
export const API_CACHE_NAME = 'familyhub-api';

/**
 * The GET calls whose last reply is kept: what the calendar, tasks and notes screens need to show the family's
 * data offline (the session decides signed-in or not; the member list gives names and colours). Matched against
 * the request URL; query strings (a calendar week's range) are part of the cache key. Only the member list, not
 * the paths under it (invitations, settings): those are not needed offline.
 */
export const OFFLINE_READ_PATTERN =
  /\/api\/(?:(?:events|tasks|notes)(?:[/?]|$)|(?:auth\/session|family-members)(?:\?|$))/;

/**
 * Drops every kept API reply. Called when the session ends (sign-out, or any 401), so the next person at this
 * device never sees the previous family's data offline. Without Cache Storage (old browsers, tests) it does
 * nothing; a failure is only logged.
 */
export async function forgetOfflineData(): Promise<void> {
  if (typeof caches === 'undefined') return;
  try {
    await caches.delete(API_CACHE_NAME);
  } catch (error) {
    console.error('Could not clear the offline copy', error);
  }
}
