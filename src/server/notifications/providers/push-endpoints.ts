/**
 * Where the server may send push requests (issue 41 item 3: no server-side request forgery). A subscription's
 * endpoint is a URL the browser hands us; the server only ever POSTs to it, so it must be a push service's:
 * `https://` on FCM (`fcm.googleapis.com`), Mozilla autopush (`*.push.services.mozilla.com`), Apple
 * (`*.push.apple.com`) or Windows WNS (`*.notify.windows.com`), or an origin listed in
 * `WEB_PUSH_ALLOWED_ORIGINS` (any scheme: tests, private push services).
 */
const KNOWN_HOSTS: readonly RegExp[] = [
  /^fcm\.googleapis\.com$/,
  /^([a-z0-9-]+\.)+push\.services\.mozilla\.com$/,
  /^([a-z0-9-]+\.)+push\.apple\.com$/,
  /^([a-z0-9-]+\.)+notify\.windows\.com$/,
];

/** `WEB_PUSH_ALLOWED_ORIGINS` parsed: the origins (`scheme://host[:port]`), lower-cased; bad entries dropped. */
export function allowedOrigins(setting: string): Set<string> {
  const origins = new Set<string>();
  for (const part of setting.split(',')) {
    const text = part.trim();
    if (!text) continue;
    try {
      origins.add(new URL(text).origin.toLowerCase());
    } catch {
      /* not a URL: allows nothing */
    }
  }
  return origins;
}

/**
 * Why `endpoint` may not be used, or null when it may: a URL without credentials, on a known push service
 * over https (default port), or on one of `extra` (exact origin).
 * @returns the 400's message for the `endpoint` field, or null.
 */
export function endpointProblem(endpoint: string, extra: ReadonlySet<string>): string | null {
  let url: URL;
  try {
    url = new URL(endpoint);
  } catch {
    return 'Endpoint must be a URL.';
  }
  if (url.username || url.password) return 'Endpoint must not carry credentials.';
  if (extra.has(url.origin.toLowerCase())) return null;
  if (url.protocol !== 'https:') return 'Endpoint must be an https:// URL of a push service.';
  if (url.port !== '') return 'Endpoint must use the push service’s default port.';
  const host = url.hostname.toLowerCase();
  if (!KNOWN_HOSTS.some((pattern) => pattern.test(host)))
    return 'Endpoint is not on a known push service (FCM, Mozilla, Apple or Windows).';
  return null;
}
