/* Test support: a family with an app password, and CalDAV requests through app.inject (caldav, hostile tests). */
import { expect } from 'vitest';
import { callAs, signedInFamily, type SignedInFamily, type TestServer } from '../../test/harness.ts';

/** A family signed in over CalDAV: its app password and the paths of its principal's home and collections. */
export interface Dav {
  family: SignedInFamily;
  account: number;
  authorization: string;
  home: string;
  calendar: string;
  tasks: string;
  username: string;
  password: string;
  appPasswordId: number;
}

/** An `Authorization: Basic` value (RFC 7617). */
export function basicAuthorization(username: string, password: string): string {
  return `Basic ${Buffer.from(`${username}:${password}`).toString('base64')}`;
}

/** A PROPFIND body asking for `props` (XML with the prefixes `d:` DAV and `c:` CalDAV). */
export function propfindBody(props: string): string {
  return `<?xml version="1.0"?><d:propfind xmlns:d="DAV:" xmlns:c="urn:ietf:params:xml:ns:caldav" xmlns:cs="http://calendarserver.org/ns/"><d:prop>${props}</d:prop></d:propfind>`;
}

/**
 * A request to the CalDAV server as `who`; a body starting `BEGIN:` goes as text/calendar, any other as XML
 * (`headers` may say otherwise).
 */
export function davRequest(
  on: TestServer,
  who: Pick<Dav, 'authorization'>,
  method: string,
  url: string,
  body?: string | Buffer,
  headers: Record<string, string> = {},
) {
  const isIcs =
    typeof body === 'string' ? body.startsWith('BEGIN:') : body?.subarray(0, 6).toString() === 'BEGIN:';
  return on.app.inject({
    method: method as 'GET',
    url,
    headers: {
      authorization: who.authorization,
      ...(body !== undefined
        ? { 'content-type': isIcs ? 'text/calendar; charset=utf-8' : 'application/xml; charset=utf-8' }
        : {}),
      ...headers,
    },
    ...(body !== undefined ? { payload: body } : {}),
  });
}

/**
 * A family in Europe/London with an app password made through `POST /api/account/app-passwords`, its account's
 * principal found by `current-user-principal` (RFC 5397) as a client finds it.
 */
export async function davFamily(on: TestServer, setup: { maxEventsPerMonth?: number } = {}): Promise<Dav> {
  const family = await signedInFamily(on, { timezone: 'Europe/London', ...setup });
  const res = await callAs(on, family, 'POST', '/api/account/app-passwords', { name: 'Test phone' });
  expect(res.statusCode, res.body).toBe(201);
  const { id, username, password } = res.json<{ id: number; username: string; password: string }>();
  const authorization = basicAuthorization(username, password);
  const root = await davRequest(
    on,
    { authorization },
    'PROPFIND',
    '/dav/',
    propfindBody('<d:current-user-principal/>'),
    {
      depth: '0',
    },
  );
  const account = Number(/\/dav\/principals\/(\d+)\//.exec(root.body)?.[1]);
  expect(account).toBeGreaterThan(0);
  const home = `/dav/calendars/${account}/`;
  return {
    family,
    account,
    authorization,
    home,
    calendar: `${home}family/`,
    tasks: `${home}tasks/`,
    username,
    password,
    appPasswordId: id,
  };
}

/** A calendar object of one component with `uid` and a DTSTAMP, then `lines` (RFC 5545 §3.6). */
export function ics(component: 'VEVENT' | 'VTODO', uid: string, lines: string[]): string {
  return [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    'PRODID:-//Test//EN',
    `BEGIN:${component}`,
    `UID:${uid}`,
    'DTSTAMP:20261101T000000Z',
    ...lines,
    `END:${component}`,
    'END:VCALENDAR',
    '',
  ].join('\r\n');
}

export const vevent = (uid: string, lines: string[]) => ics('VEVENT', uid, lines);
export const vtodo = (uid: string, lines: string[]) => ics('VTODO', uid, lines);
