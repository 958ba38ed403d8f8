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
 * Prefix of every localStorage key the app writes (the family's zone, the calendar's member filter): what this
 * device remembers of the family between visits.
 */
export const LOCAL_STORAGE_PREFIX = 'familyhub.';

/**
 * Drops every kept API reply and every `familyhub.` localStorage entry. Called when the session ends
 * (sign-out, or any 401), so the next person at this device never sees the previous family's data offline, nor
 * its zone or member ids (issue 42). Without Cache Storage or localStorage (old browsers, blocked storage,
 * tests) that part is skipped; a failure is only logged.
 */
export async function forgetOfflineData(): Promise<void> {
  try {
    if (typeof localStorage !== 'undefined') {
      const keys: string[] = [];
      for (let i = 0; i < localStorage.length; i += 1) {
        const key = localStorage.key(i);
        if (key?.startsWith(LOCAL_STORAGE_PREFIX)) keys.push(key);
      }
      for (const key of keys) localStorage.removeItem(key);
    }
  } catch (error) {
    console.error('Could not clear what this device remembers', error);
  }
  if (typeof caches === 'undefined') return;
  try {
    await caches.delete(API_CACHE_NAME);
  } catch (error) {
    console.error('Could not clear the offline copy', error);
  }
}
