/**
 * Issue 46: where sign-in returns to. A signed-out visitor who opened a deep link (`/tasks`) signs in at
 * `/login?next=/tasks` and comes back to it. The path comes from the address bar, so it is held to a path of
 * this site: anything that could leave it (`//evil.example`, `/\evil.example`, `https://…`, `javascript:`) or
 * loop back to a signed-out page is refused (no open redirect).
 */

/** Signed-out pages sign-in must not return to (they would only bounce to `/`). */
const SIGNED_OUT_PAGES = ['/login', '/register', '/forgot-password'];

/**
 * The same-site path (path, query and fragment) `raw` names, or null when it is absent, not a plain path, or
 * a signed-out page.
 */
export function safeReturnPath(raw: string | null | undefined): string | null {
  if (!raw || raw.length > 2000) return null;
  // A path of this site starts with one slash; a second slash or a backslash makes it another host's.
  if (!raw.startsWith('/') || raw.startsWith('//') || raw.includes('\\')) return null;
  // Control characters and spaces are stripped or refused by browsers in ways that can change the host.
  if ([...raw].some((c) => c.charCodeAt(0) <= 0x20 || c.charCodeAt(0) === 0x7f)) return null;
  const base = 'https://familyhub.invalid';
  let url: URL;
  try {
    url = new URL(raw, base);
  } catch {
    return null;
  }
  if (url.origin !== base) return null;
  if (SIGNED_OUT_PAGES.some((p) => url.pathname === p || url.pathname.startsWith(`${p}/`))) return null;
  return `${url.pathname}${url.search}${url.hash}`;
}

/** `/login?next=…` for a signed-out visitor at `path` (a path of this site). */
export function loginPathFor(path: string): string {
  return `/login?${new URLSearchParams({ next: path }).toString()}`;
}
