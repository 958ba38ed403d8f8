/**
 * The cookie the server keeps beside the session cookie while a browser holds a session: `fh_signed_in=1`, the
 * same lifetime, readable by the page (not HttpOnly). It is no credential (the session cookie is, and stays
 * HttpOnly); it only lets a page the service worker served from its copy tell "signed out" without asking
 * `GET /api/auth/session` for a 401, which Chromium logs as a console error (issue 23). Set at sign-in and by
 * the session call when it finds a live session; cleared at sign-out and by the session call when it does not.
 */
export const SIGNED_IN_COOKIE = 'fh_signed_in';
