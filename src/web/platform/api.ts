import type { ApiErrorBody } from '../../core/contracts/errors.ts';
import { forgetOfflineData } from './offline-cache.ts';
import { forgetPushSubscription } from './push-subscription.ts';

/**
 * A failed API call. `message` is SPEC §8's form: the status code, a colon and space, then the body text
 * (or the status text when the body is empty). `serverMessage` and `fields` are read from the one error
 * shape (`{ error: { message, fields } }`) when the body has it.
 */
export class ApiError extends Error {
  readonly serverMessage: string | undefined;
  readonly fields: Record<string, string> | undefined;
  constructor(
    readonly status: number,
    bodyText: string,
    statusText: string,
  ) {
    super(`${status}: ${bodyText || statusText}`);
    let parsed: Partial<ApiErrorBody> | undefined;
    try {
      parsed = JSON.parse(bodyText) as Partial<ApiErrorBody>;
    } catch {
      parsed = undefined;
    }
    this.serverMessage = parsed?.error?.message;
    this.fields = parsed?.error?.fields;
  }
}

/** Shown when a change is refused because the device is offline (issue 11: never silently lost). */
export const OFFLINE_WRITE_MESSAGE =
  'You are offline, so this change was not saved. Try again when you are back online.';

/**
 * A change refused before it was sent, because the browser reports the device offline.
 * An ApiError with status 0 whose `message` and `serverMessage` are {@link OFFLINE_WRITE_MESSAGE}, so screens
 * that show `serverMessageOr(error, …)` say why; nothing is queued for later.
 */
export class OfflineError extends ApiError {
  constructor() {
    super(0, JSON.stringify({ error: { code: 'offline', message: OFFLINE_WRITE_MESSAGE } }), 'Offline');
    this.message = OFFLINE_WRITE_MESSAGE;
  }
}

/** GET replies asked for by {@link fetchEarly} and not yet taken, by path. */
const earlyReplies = new Map<string, Promise<unknown>>();
/** How long an early reply waits to be taken (ms): later, the screen that wanted it is not coming. */
const EARLY_REPLY_MS = 30_000;

/**
 * Issue 23 (no waterfall): starts the GET calls the first screen will make before the code that makes them has
 * loaded. The first {@link apiFetch} of the same path within {@link EARLY_REPLY_MS} takes the call under way
 * (success or error) instead of asking again, so TanStack Query adopts it; a 401 anywhere drops them all.
 */
export function fetchEarly(paths: readonly string[]): void {
  for (const path of paths) {
    const reply = apiFetch(path);
    reply.catch(() => undefined); // the error is the taker's; untaken, it is not an unhandled rejection
    earlyReplies.set(path, reply);
    setTimeout(() => {
      if (earlyReplies.get(path) === reply) earlyReplies.delete(path);
    }, EARLY_REPLY_MS);
  }
}

/**
 * Calls the API with the session cookie (SPEC §7: credentials always sent; a JSON body only when present).
 * A GET started early by {@link fetchEarly} for the same path is taken instead of a new call.
 * @returns the parsed JSON reply, or undefined for an empty one.
 * @throws ApiError for any non-OK status; OfflineError for a non-GET call while offline (reads may still be
 * answered from the service worker's copy; writes are refused, never queued).
 */
export async function apiFetch<T>(
  path: string,
  options: { method?: string; body?: unknown } = {},
): Promise<T> {
  const init: RequestInit = { method: options.method ?? 'GET', credentials: 'include' };
  const early = init.method === 'GET' ? earlyReplies.get(path) : undefined;
  if (early) {
    earlyReplies.delete(path);
    return early as Promise<T>; // asked for by fetchEarly with this path: the caller's T is its shape
  }
  if (options.body !== undefined) {
    init.headers = { 'Content-Type': 'application/json' };
    init.body = JSON.stringify(options.body);
  }
  // Offline, a change is refused up front (TanStack Query's mutations run with networkMode 'always' so they reach here).
  if (init.method !== 'GET' && typeof navigator !== 'undefined' && !navigator.onLine)
    throw new OfflineError();
  const res = await fetch(path, init);
  // The session is over: drop the offline copy so the next person here never sees this family's data, and this
  // browser's push subscription (the server deleted the device with the session) so none of its reminders show.
  if (res.status === 401 || (res.ok && path === '/api/auth/logout')) {
    earlyReplies.clear(); // made with the session that just ended: never handed to the next one
    await Promise.all([forgetOfflineData(), forgetPushSubscription()]);
  }
  const text = await res.text();
  if (!res.ok) throw new ApiError(res.status, text, res.statusText);
  // The reply's shape is the contract of the call; callers name it with T.
  return (text ? JSON.parse(text) : undefined) as T;
}

/** The server's message for a failed call when it sent one, else `fallback`. */
export function serverMessageOr(error: unknown, fallback: string): string {
  return error instanceof ApiError && error.serverMessage ? error.serverMessage : fallback;
}
