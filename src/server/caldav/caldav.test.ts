import { gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { callAs, testServerPerFile } from '../test/harness.ts';
import {
  basicAuthorization,
  type Dav,
  davFamily as davFamilyOn,
  davRequest,
  propfindBody,
  vevent,
} from './testing/dav-client.ts';

// Issue 40: the CalDAV server at the protocol level (RFC 4791, RFC 6578, RFC 6764), through app.inject. The real
// clients (python-caldav, vdirsyncer) beside Radicale are in clients.test.ts.

const server = testServerPerFile();

const davFamily = () => davFamilyOn(server);
const dav = (
  who: Pick<Dav, 'authorization'>,
  method: string,
  url: string,
  body?: string,
  headers: Record<string, string> = {},
) => davRequest(server, who, method, url, body, headers);

describe('discovery (RFC 6764, RFC 5397, RFC 4791 §6.2.1)', () => {
  it('leads from the well-known URI to the principal, its home and the two collections', async () => {
    const d = await davFamily();
    const wellKnown = await server.app.inject({ method: 'GET', url: '/.well-known/caldav' });
    expect(wellKnown.statusCode).toBe(301);
    expect(wellKnown.headers.location).toBe('/dav/');

    const principal = await dav(
      d,
      'PROPFIND',
      `/dav/principals/${d.account}/`,
      propfindBody('<c:calendar-home-set/>'),
      {
        depth: '0',
      },
    );
    expect(principal.statusCode).toBe(207);
    expect(principal.body).toContain(`<c:calendar-home-set><d:href>${d.home}</d:href>`);

    const home = await dav(
      d,
      'PROPFIND',
      d.home,
      propfindBody(
        '<d:resourcetype/><d:displayname/><c:supported-calendar-component-set/><d:sync-token/><cs:getctag/><d:current-user-privilege-set/>',
      ),
      { depth: '1' },
    );
    expect(home.statusCode).toBe(207);
    expect(home.body).toContain(`<d:href>${d.calendar}</d:href>`);
    expect(home.body).toContain(`<d:href>${d.tasks}</d:href>`);
    expect(home.body).toContain('<c:comp name="VEVENT"/>');
    expect(home.body).toContain('<c:comp name="VTODO"/>');
    expect(home.body).toContain('<d:resourcetype><d:collection/><c:calendar/></d:resourcetype>');
    expect(home.body).toMatch(/<d:sync-token>https:\/\/familyhub\.app\/ns\/sync\/\d+<\/d:sync-token>/);
    expect(home.body).toContain('<d:privilege><d:write-content/></d:privilege>');
    const options = await dav(d, 'OPTIONS', d.calendar);
    expect(options.headers.dav).toBe('1, 3, calendar-access');
    expect(String(options.headers.dav)).not.toContain('calendar-schedule');
  });

  it('answers 401 with a Basic challenge without an app password, and for the account password', async () => {
    const d = await davFamily();
    const none = await server.app.inject({ method: 'PROPFIND', url: '/dav/' as string });
    expect(none.statusCode).toBe(401);
    expect(none.headers['www-authenticate']).toMatch(/^Basic realm="FamilyHub"/);
    const account = basicAuthorization(d.family.email, d.family.password);
    const withAccountPassword = await dav({ authorization: account }, 'PROPFIND', '/dav/', undefined, {
      depth: '0',
    });
    expect(withAccountPassword.statusCode).toBe(401);
    // A FamilyHub session cookie neither signs a client in nor gets in the way of its app password.
    const cookieOnly = await server.app.inject({
      method: 'PROPFIND' as 'GET',
      url: '/dav/',
      headers: { cookie: d.family.cookie },
    });
    expect(cookieOnly.statusCode).toBe(401);
    const both = await dav(d, 'PROPFIND', '/dav/', undefined, { depth: '0', cookie: d.family.cookie });
    expect(both.statusCode).toBe(207);
  });

  it("answers 404 for another account's home and another family's object", async () => {
    const a = await davFamily();
    const b = await davFamily();
    const put = await dav(
      a,
      'PUT',
      `${a.calendar}secret.ics`,
      vevent('secret-1', ['DTSTART:20261201T100000Z', 'SUMMARY:Secret']),
    );
    expect(put.statusCode).toBe(201);
    expect((await dav(b, 'PROPFIND', a.home, undefined, { depth: '1' })).statusCode).toBe(404);
    expect((await dav(b, 'GET', `${a.calendar}secret.ics`)).statusCode).toBe(404);
    expect((await dav(b, 'GET', `${b.calendar}secret.ics`)).statusCode).toBe(404);
    for (const path of ['constructor/', '__proto__/', 'toString/x.ics', 'family/x/y.ics'])
      expect((await dav(b, 'PROPFIND', `${b.home}${path}`, undefined, { depth: '0' })).statusCode, path).toBe(
        404,
      );
  });
});

describe('objects: PUT, GET, DELETE with ETags (RFC 4791 §5.3.2, RFC 7232)', () => {
  it('creates, reads, replaces with If-Match, refuses a stale ETag with 412 and changes nothing', async () => {
    const d = await davFamily();
    const url = `${d.calendar}dentist.ics`;
    const created = await dav(
      d,
      'PUT',
      url,
      vevent('dentist-1', [
        'DTSTART;TZID=Europe/London:20261203T153000',
        'DTEND;TZID=Europe/London:20261203T161500',
        'SUMMARY:Dentist',
      ]),
      { 'if-none-match': '*' },
    );
    expect(created.statusCode, created.body).toBe(201);
    const first = await dav(d, 'GET', url);
    expect(first.statusCode).toBe(200);
    expect(first.body).toContain('SUMMARY:Dentist');
    expect(first.body).toContain('UID:dentist-1');
    const etag = String(first.headers.etag);
    expect(etag).toMatch(/^"\d+"$/);

    // The same name again with If-None-Match: * is refused (it exists).
    const again = await dav(d, 'PUT', url, vevent('dentist-1', ['DTSTART:20261203T153000Z', 'SUMMARY:X']), {
      'if-none-match': '*',
    });
    expect(again.statusCode).toBe(412);

    const edited = await dav(
      d,
      'PUT',
      url,
      vevent('dentist-1', [
        'DTSTART;TZID=Europe/London:20261203T160000',
        'DTEND;TZID=Europe/London:20261203T164500',
        'SUMMARY:Dentist (moved)',
      ]),
      { 'if-match': etag },
    );
    expect(edited.statusCode, edited.body).toBe(204);
    const stale = await dav(
      d,
      'PUT',
      url,
      vevent('dentist-1', ['DTSTART:20261203T090000Z', 'SUMMARY:Stale write']),
      { 'if-match': etag },
    );
    expect(stale.statusCode).toBe(412);
    const now = await dav(d, 'GET', url);
    expect(now.body).toContain('SUMMARY:Dentist (moved)');
    expect(now.headers.etag).not.toBe(etag);

    // In the app, with its own zone.
    const list = await callAs(server, d.family, 'GET', '/api/events?start=2026-12-01&end=2026-12-07');
    expect(list.body).toContain('Dentist (moved)');

    // Two clients writing with the same ETag at once: one wins, the other is told (no lost update).
    const current = String(now.headers.etag);
    const racing = await Promise.all(
      ['Racer one', 'Racer two'].map((title) =>
        dav(d, 'PUT', url, vevent('dentist-1', ['DTSTART:20261203T160000Z', `SUMMARY:${title}`]), {
          'if-match': current,
        }),
      ),
    );
    expect(racing.map((r) => r.statusCode).sort()).toEqual([204, 412]);
    const afterRace = await dav(d, 'GET', url);

    const staleDelete = await dav(d, 'DELETE', url, undefined, { 'if-match': etag });
    expect(staleDelete.statusCode).toBe(412);
    const deleted = await dav(d, 'DELETE', url, undefined, { 'if-match': String(afterRace.headers.etag) });
    expect(deleted.statusCode).toBe(204);
    expect((await dav(d, 'GET', url)).statusCode).toBe(404);
  });

  it('keeps what FamilyHub has no field for (VALARM, X- properties, an outside ATTENDEE) and gives it back', async () => {
    const d = await davFamily();
    const url = `${d.calendar}party.ics`;
    const put = await dav(
      d,
      'PUT',
      url,
      vevent('party-1', [
        'DTSTART;TZID=Europe/London:20261205T140000',
        'DURATION:PT2H',
        'SUMMARY:Birthday party',
        'X-APPLE-TRAVEL-ADVISORY-BEHAVIOR:AUTOMATIC',
        'ATTENDEE;CN=Coach Sam;PARTSTAT=ACCEPTED:mailto:sam@club.example',
        'CATEGORIES:Party',
        'BEGIN:VALARM',
        'ACTION:DISPLAY',
        'DESCRIPTION:Reminder',
        'TRIGGER:-PT30M',
        'END:VALARM',
      ]),
    );
    expect(put.statusCode, put.body).toBe(201);
    const got = await dav(d, 'GET', url);
    expect(got.body).toContain('X-APPLE-TRAVEL-ADVISORY-BEHAVIOR:AUTOMATIC');
    expect(got.body).toContain('ATTENDEE;CN=Coach Sam;PARTSTAT=ACCEPTED:mailto:sam@club.example');
    expect(got.body).toContain('CATEGORIES:Party');
    expect(got.body).toMatch(
      /BEGIN:VALARM\r\nACTION:DISPLAY\r\nDESCRIPTION:Reminder\r\nTRIGGER:-PT30M\r\nEND:VALARM/,
    );
  });

  it('refuses a second object with the same UID, an object of two UIDs, and unreadable data with 403', async () => {
    const d = await davFamily();
    const body = vevent('same-uid', ['DTSTART:20261210T100000Z', 'SUMMARY:One']);
    expect((await dav(d, 'PUT', `${d.calendar}a.ics`, body)).statusCode).toBe(201);
    const conflict = await dav(d, 'PUT', `${d.calendar}b.ics`, body);
    expect(conflict.statusCode).toBe(403);
    expect(conflict.body).toContain('no-uid-conflict');
    const two = `${vevent('u1', ['DTSTART:20261210T100000Z', 'SUMMARY:One'])}`.replace(
      'END:VCALENDAR',
      'BEGIN:VEVENT\r\nUID:u2\r\nDTSTAMP:20261101T000000Z\r\nDTSTART:20261211T100000Z\r\nSUMMARY:Two\r\nEND:VEVENT\r\nEND:VCALENDAR',
    );
    const twoUids = await dav(d, 'PUT', `${d.calendar}c.ics`, two);
    expect(twoUids.statusCode).toBe(403);
    expect(twoUids.body).toContain('valid-calendar-object-resource');
    const garbage = await dav(d, 'PUT', `${d.calendar}d.ics`, 'hello', { 'content-type': 'text/calendar' });
    expect(garbage.statusCode).toBe(403);
    expect((await dav(d, 'GET', `${d.calendar}c.ics`)).statusCode).toBe(404);
  });

  it('reads a body whatever its Content-Type says, or without one', async () => {
    const d = await davFamily();
    const body = vevent('loose-type', ['DTSTART:20261212T100000Z', 'SUMMARY:Loosely labelled']);
    const none = await server.app.inject({
      method: 'PUT',
      url: `${d.calendar}loose.ics`,
      headers: { authorization: d.authorization },
      payload: body,
    });
    expect(none.statusCode, none.body).toBe(201);
    const propfind = await dav(d, 'PROPFIND', d.calendar, propfindBody('<d:getetag/>'), {
      depth: '1',
      'content-type': 'text/xml; charset="utf-8"',
    });
    expect(propfind.body).toContain('loose.ics');
  });

  it("keeps a client's object under its name when the app later makes an event whose own name it is", async () => {
    const d = await davFamily();
    const first = await callAs(server, d.family, 'POST', '/api/events', {
      title: 'Made in the app',
      start_date: '2026-12-14T09:00',
      duration_minutes: 30,
    });
    const n = first.json<{ id: number }>().id;
    // The client's object takes id n + 1; it chose the name the app's next event would get.
    const claimed = `event-${n + 2}.ics`;
    const put = await dav(
      d,
      'PUT',
      `${d.calendar}${claimed}`,
      vevent('claimer', ['DTSTART:20261214T120000Z', 'SUMMARY:Client object']),
    );
    expect(put.statusCode).toBe(201);
    const next = await callAs(server, d.family, 'POST', '/api/events', {
      title: 'Next in the app',
      start_date: '2026-12-15T09:00',
      duration_minutes: 30,
    });
    expect(next.json<{ id: number }>().id).toBe(n + 2);
    expect((await dav(d, 'GET', `${d.calendar}${claimed}`)).body).toContain('SUMMARY:Client object');
    const listing = await dav(d, 'PROPFIND', d.calendar, propfindBody('<d:getetag/>'), { depth: '1' });
    expect(listing.body).toMatch(new RegExp(`event-${n + 2}-\\d+\\.ics`));
    const names = [...listing.body.matchAll(/<d:href>[^<]*\/([^/<]+\.ics)<\/d:href>/g)].map((m) => m[1]);
    expect(names).toHaveLength(3);
  });

  it("moves an object's ETag when a member it names is renamed (its ATTENDEE CN changes)", async () => {
    const d = await davFamily();
    const made = await callAs(server, d.family, 'POST', '/api/events', {
      title: 'Parents evening',
      start_date: '2026-12-09T18:00',
      duration_minutes: 60,
      attendees: [String(d.family.memberId)],
    });
    expect(made.statusCode, made.body).toBe(201);
    const url = `${d.calendar}event-${made.json<{ id: number }>().id}.ics`;
    const before = await dav(d, 'GET', url);
    const renamed = await callAs(server, d.family, 'PATCH', `/api/family-members/${d.family.memberId}`, {
      name: 'Ana María Rivera',
    });
    expect(renamed.statusCode, renamed.body).toBe(200);
    const after = await dav(d, 'GET', url);
    expect(after.body).toContain('CN=Ana María Rivera');
    expect(after.headers.etag).not.toBe(before.headers.etag);
  });

  it("keeps an event's pickup through a client that does not know it", async () => {
    const d = await davFamily();
    const made = await callAs(server, d.family, 'POST', '/api/events', {
      title: 'Swim practice',
      start_date: '2026-12-08T17:00',
      duration_minutes: 60,
      has_pickup: true,
      pickup_assigned_to: d.family.memberId,
    });
    expect(made.statusCode, made.body).toBe(201);
    const id = made.json<{ id: number }>().id;
    const url = `${d.calendar}event-${id}.ics`;
    const got = await dav(d, 'GET', url);
    expect(got.statusCode).toBe(200);
    const edited = got.body.replace('SUMMARY:Swim practice', 'SUMMARY:Swim practice (pool 2)');
    const put = await dav(d, 'PUT', url, edited, { 'if-match': String(got.headers.etag) });
    expect(put.statusCode, put.body).toBe(204);
    const after = await callAs(server, d.family, 'GET', `/api/events/${id}`);
    expect(after.json()).toMatchObject({
      title: 'Swim practice (pool 2)',
      has_pickup: true,
      pickup_assigned_to: d.family.memberId,
    });
  });
});

describe('the plan limit (SPEC §1, ADR 040)', () => {
  it("counts a client's new objects; its occurrence edits only when moved into another month", async () => {
    const d = await davFamilyOn(server, { maxEventsPerMonth: 2 });
    const calendar = d.calendar;
    const series = (override: string[]) =>
      [
        'BEGIN:VCALENDAR',
        'VERSION:2.0',
        'PRODID:-//Test//EN',
        'BEGIN:VEVENT',
        'UID:football',
        'DTSTAMP:20261101T000000Z',
        'DTSTART;TZID=Europe/London:20261205T090000',
        'DURATION:PT1H',
        'RRULE:FREQ=WEEKLY;COUNT=8',
        'SUMMARY:Football',
        'END:VEVENT',
        ...override,
        'END:VCALENDAR',
        '',
      ].join('\r\n');
    const override = (start: string) => [
      'BEGIN:VEVENT',
      'UID:football',
      'DTSTAMP:20261101T000000Z',
      'RECURRENCE-ID;TZID=Europe/London:20261226T090000',
      `DTSTART;TZID=Europe/London:${start}`,
      'DURATION:PT1H',
      'SUMMARY:Football (moved)',
      'END:VEVENT',
    ];
    expect((await dav(d, 'PUT', `${calendar}football.ics`, series([]))).statusCode).toBe(201); // 1 of 2
    // Moved within December: an edit, free.
    expect(
      (await dav(d, 'PUT', `${calendar}football.ics`, series(override('20261227T100000')))).statusCode,
    ).toBe(204);
    const oneOff = (uid: string) => vevent(uid, ['DTSTART:20261210T100000Z', `SUMMARY:${uid}`]);
    expect((await dav(d, 'PUT', `${calendar}dentist.ics`, oneOff('dentist'))).statusCode).toBe(201); // 2 of 2
    const refused = await dav(d, 'PUT', `${calendar}vet.ics`, oneOff('vet'));
    expect(refused.statusCode).toBe(403);
    expect(refused.body).toContain('Plan limit reached: your plan allows 2 new events per month');
    // Moved into January: it would count, and the month is full; nothing changes.
    const moved = await dav(d, 'PUT', `${calendar}football.ics`, series(override('20270102T100000')));
    expect(moved.statusCode).toBe(403);
    expect((await dav(d, 'GET', `${calendar}football.ics`)).body).toContain(
      'DTSTART;TZID=Europe/London:20261227T100000',
    );
    expect((await dav(d, 'GET', `${calendar}vet.ics`)).statusCode).toBe(404);
  });
});

describe('reports', () => {
  it('sync-collection reports additions, changes and deletions after a token (RFC 6578 §3)', async () => {
    const d = await davFamily();
    const syncBody = (token: string) =>
      `<?xml version="1.0"?><d:sync-collection xmlns:d="DAV:"><d:sync-token>${token}</d:sync-token><d:sync-level>1</d:sync-level><d:prop><d:getetag/></d:prop></d:sync-collection>`;
    const tokenOf = (body: string) => /<d:sync-token>([^<]+)<\/d:sync-token>/.exec(body)?.[1] ?? '';
    const put = (name: string, title: string) =>
      dav(d, 'PUT', `${d.calendar}${name}`, vevent(name, ['DTSTART:20261215T100000Z', `SUMMARY:${title}`]));
    expect((await put('keep.ics', 'Keep')).statusCode).toBe(201);
    expect((await put('edit.ics', 'Edit')).statusCode).toBe(201);
    expect((await put('drop.ics', 'Drop')).statusCode).toBe(201);
    const initial = await dav(d, 'REPORT', d.calendar, syncBody(''));
    expect(initial.statusCode).toBe(207);
    expect(initial.body.match(/<d:response>/g)).toHaveLength(3);
    const token = tokenOf(initial.body);

    expect((await put('edit.ics', 'Edited')).statusCode).toBe(204);
    expect((await dav(d, 'DELETE', `${d.calendar}drop.ics`)).statusCode).toBe(204);
    expect((await put('new.ics', 'New')).statusCode).toBe(201);
    // A change made in the app is a change of the calendar too.
    const made = await callAs(server, d.family, 'POST', '/api/events', {
      title: 'Made in the app',
      start_date: '2026-12-16T09:00',
      duration_minutes: 30,
    });
    const appId = made.json<{ id: number }>().id;

    const delta = await dav(d, 'REPORT', d.calendar, syncBody(token));
    expect(delta.statusCode).toBe(207);
    expect(delta.body).toContain(`${d.calendar}edit.ics</d:href>`);
    expect(delta.body).toContain(`${d.calendar}new.ics</d:href>`);
    expect(delta.body).toContain(`${d.calendar}event-${appId}.ics</d:href>`);
    expect(delta.body).toMatch(
      new RegExp(`${d.calendar}drop.ics</d:href><d:status>HTTP/1.1 404 Not Found</d:status>`),
    );
    expect(delta.body).not.toContain('keep.ics');
    const next = tokenOf(delta.body);
    expect(next).not.toBe(token);
    const quiet = await dav(d, 'REPORT', d.calendar, syncBody(next));
    expect(quiet.body).not.toContain('<d:response>');

    const invalid = await dav(d, 'REPORT', d.calendar, syncBody('https://example.com/sync/1'));
    expect(invalid.statusCode).toBe(403);
    expect(invalid.body).toContain('valid-sync-token');
  });

  it('sends a large multistatus whole to a client that accepts gzip, as every CalDAV client does', async () => {
    // 1,500 responses (≈ 150 KB): past the size @fastify/compress compresses synchronously on any host (64 KB at
    // most), so the answer is streamed; it arrived empty when the handler did not return the reply it sent.
    const d = await davFamily();
    const hrefs = Array.from({ length: 1500 }, (_, i) => `<d:href>${d.calendar}missing-${i}.ics</d:href>`);
    const body = `<?xml version="1.0"?><c:calendar-multiget xmlns:d="DAV:" xmlns:c="urn:ietf:params:xml:ns:caldav"><d:prop><d:getetag/></d:prop>${hrefs.join('')}</c:calendar-multiget>`;
    const res = await dav(d, 'REPORT', d.calendar, body, { 'accept-encoding': 'gzip, deflate' });
    expect(res.statusCode).toBe(207);
    expect(res.headers['content-encoding']).toBe('gzip');
    const text = gunzipSync(res.rawPayload).toString('utf8');
    expect(text.match(/<d:response>/g)).toHaveLength(1500);
    expect(text).toContain(
      `${d.calendar}missing-1499.ics</d:href><d:status>HTTP/1.1 404 Not Found</d:status>`,
    );
  });

  it('calendar-query time-range is recurrence-aware: an override moves, an EXDATE removes (RFC 4791 §9.9)', async () => {
    const d = await davFamily();
    const series = [
      'BEGIN:VCALENDAR',
      'VERSION:2.0',
      'PRODID:-//Test//EN',
      'BEGIN:VEVENT',
      'UID:piano-weekly',
      'DTSTAMP:20261101T000000Z',
      'DTSTART;TZID=Europe/London:20261202T160000',
      'DURATION:PT1H',
      'RRULE:FREQ=WEEKLY;COUNT=6',
      'EXDATE;TZID=Europe/London:20261216T160000',
      'SUMMARY:Piano',
      'END:VEVENT',
      'BEGIN:VEVENT',
      'UID:piano-weekly',
      'DTSTAMP:20261101T000000Z',
      'RECURRENCE-ID;TZID=Europe/London:20261209T160000',
      'DTSTART;TZID=Europe/London:20261211T180000',
      'DURATION:PT1H',
      'SUMMARY:Piano (moved)',
      'END:VEVENT',
      'END:VCALENDAR',
      '',
    ].join('\r\n');
    expect((await dav(d, 'PUT', `${d.calendar}piano.ics`, series)).statusCode).toBe(201);
    const got = await dav(d, 'GET', `${d.calendar}piano.ics`);
    expect(got.body).toContain('RECURRENCE-ID;TZID=Europe/London:20261209T160000');
    expect(got.body).toContain('EXDATE;TZID=Europe/London:20261216T160000');

    const query = (start: string, end: string) =>
      dav(
        d,
        'REPORT',
        d.calendar,
        `<?xml version="1.0"?><c:calendar-query xmlns:d="DAV:" xmlns:c="urn:ietf:params:xml:ns:caldav"><d:prop><d:getetag/></d:prop><c:filter><c:comp-filter name="VCALENDAR"><c:comp-filter name="VEVENT"><c:time-range start="${start}" end="${end}"/></c:comp-filter></c:comp-filter></c:filter></c:calendar-query>`,
        { depth: '1' },
      );
    const hits = async (start: string, end: string) =>
      ((await query(start, end)).body.match(/piano\.ics/g) ?? []).length;
    expect(await hits('20261209T000000Z', '20261210T000000Z')).toBe(0); // moved away from the 9th
    expect(await hits('20261211T000000Z', '20261212T000000Z')).toBe(1); // to the 11th
    expect(await hits('20261216T000000Z', '20261217T000000Z')).toBe(0); // EXDATE
    expect(await hits('20261223T000000Z', '20261224T000000Z')).toBe(1);
    expect(await hits('20270120T000000Z', '20270121T000000Z')).toBe(0); // after COUNT

    // Finding an object by its UID (prop-filter / text-match), as clients do.
    const byUid = await dav(
      d,
      'REPORT',
      d.calendar,
      `<?xml version="1.0"?><c:calendar-query xmlns:d="DAV:" xmlns:c="urn:ietf:params:xml:ns:caldav"><d:prop><d:getetag/><c:calendar-data/></d:prop><c:filter><c:comp-filter name="VCALENDAR"><c:comp-filter name="VEVENT"><c:prop-filter name="UID"><c:text-match collation="i;octet">piano-weekly</c:text-match></c:prop-filter></c:comp-filter></c:comp-filter></c:filter></c:calendar-query>`,
      { depth: '1' },
    );
    expect(byUid.body).toContain('piano.ics');
    expect(byUid.body).toContain('SUMMARY:Piano (moved)');

    // C:expand (RFC 4791 §9.6.5): instances in UTC with RECURRENCE-ID, no RRULE/EXDATE, from the same engine.
    const expanded = await dav(
      d,
      'REPORT',
      d.calendar,
      `<?xml version="1.0"?><c:calendar-query xmlns:d="DAV:" xmlns:c="urn:ietf:params:xml:ns:caldav"><d:prop><c:calendar-data><c:expand start="20261201T000000Z" end="20270101T000000Z"/></c:calendar-data></d:prop><c:filter><c:comp-filter name="VCALENDAR"><c:comp-filter name="VEVENT"><c:time-range start="20261201T000000Z" end="20270101T000000Z"/></c:comp-filter></c:comp-filter></c:filter></c:calendar-query>`,
      { depth: '1' },
    );
    expect(expanded.statusCode).toBe(207);
    // Dec 2, 9 (moved to the 11th), 23 and 30: the 16th is an EXDATE, Jan 6 (6th by COUNT) is past the range.
    expect(expanded.body.match(/BEGIN:VEVENT/g)).toHaveLength(4);
    expect(expanded.body).not.toContain('RRULE');
    expect(expanded.body).not.toContain('EXDATE');
    expect(expanded.body).toContain('RECURRENCE-ID:20261209T160000Z');
    expect(expanded.body).toMatch(
      /DTSTART:20261211T180000Z\r\nDTEND:20261211T190000Z\r\nRECURRENCE-ID:20261209T160000Z/,
    );
    expect(expanded.body.match(/RECURRENCE-ID:/g)).toHaveLength(4);

    const multiget = await dav(
      d,
      'REPORT',
      d.calendar,
      `<?xml version="1.0"?><c:calendar-multiget xmlns:d="DAV:" xmlns:c="urn:ietf:params:xml:ns:caldav"><d:prop><d:getetag/><c:calendar-data/></d:prop><d:href>${d.calendar}piano.ics</d:href><d:href>${d.calendar}missing.ics</d:href></c:calendar-multiget>`,
    );
    expect(multiget.statusCode).toBe(207);
    expect(multiget.body).toContain('RRULE:FREQ=WEEKLY;COUNT=6');
    expect(multiget.body).toMatch(/missing\.ics<\/d:href><d:status>HTTP\/1.1 404 Not Found/);
  });
});

describe('series edits as clients make them', () => {
  it('"this and following": the old series gets an UNTIL, a new UID starts; the app shows each week once', async () => {
    const d = await davFamily();
    const weekly = (uid: string, start: string, rule: string, title: string) =>
      vevent(uid, [
        `DTSTART;TZID=Europe/London:${start}`,
        'DURATION:PT1H',
        `RRULE:${rule}`,
        `SUMMARY:${title}`,
      ]);
    const put = (name: string, body: string) => dav(d, 'PUT', `${d.calendar}${name}`, body);
    expect(
      (await put('swim.ics', weekly('swim', '20261201T170000', 'FREQ=WEEKLY;COUNT=8', 'Swim'))).statusCode,
    ).toBe(201);
    // From 15 December on, at 18:00 (as iOS and Thunderbird split a series).
    expect(
      (await put('swim.ics', weekly('swim', '20261201T170000', 'FREQ=WEEKLY;UNTIL=20261214T235959Z', 'Swim')))
        .statusCode,
    ).toBe(204);
    expect(
      (await put('swim-2.ics', weekly('swim-2', '20261215T180000', 'FREQ=WEEKLY;COUNT=6', 'Swim (later)')))
        .statusCode,
    ).toBe(201);
    const list = await callAs(server, d.family, 'GET', '/api/events?start=2026-12-01&end=2027-02-01');
    const swims = list
      .json<Array<{ title: string; start_date: string }>>()
      .filter((e) => e.title.startsWith('Swim'))
      .map((e) => `${e.start_date.slice(0, 16)} ${e.title}`);
    expect(swims).toEqual([
      '2026-12-01T17:00 Swim',
      '2026-12-08T17:00 Swim',
      '2026-12-15T18:00 Swim (later)',
      '2026-12-22T18:00 Swim (later)',
      '2026-12-29T18:00 Swim (later)',
      '2027-01-05T18:00 Swim (later)',
      '2027-01-12T18:00 Swim (later)',
      '2027-01-19T18:00 Swim (later)',
    ]);
  });
});

describe('tasks as VTODO (issue 40 item 4)', () => {
  it('a to-do made in a client is a task; completing it in either place completes it in the other', async () => {
    const d = await davFamily();
    const todo = (status: string) =>
      [
        'BEGIN:VCALENDAR',
        'VERSION:2.0',
        'PRODID:-//Test//EN',
        'BEGIN:VTODO',
        'UID:pe-kit',
        'DTSTAMP:20261101T000000Z',
        'SUMMARY:Pack PE kit',
        'DUE:20261204T080000Z',
        'PRIORITY:1',
        status,
        'X-APPLE-SORT-ORDER:12',
        'END:VTODO',
        'END:VCALENDAR',
        '',
      ].join('\r\n');
    const url = `${d.tasks}pe-kit.ics`;
    const created = await dav(d, 'PUT', url, todo('STATUS:NEEDS-ACTION'));
    expect(created.statusCode, created.body).toBe(201);
    const listed = await callAs(server, d.family, 'GET', '/api/tasks');
    const task = listed
      .json<
        Array<{
          id: number;
          title: string;
          status: string;
          priority: string;
          due_date: string;
          assigned_to_ids: string[];
        }>
      >()
      .find((t) => t.title === 'Pack PE kit');
    expect(task).toMatchObject({
      status: 'open',
      priority: 'high',
      due_date: '2026-12-04T08:00:00',
      assigned_to_ids: [String(d.family.memberId)],
    });

    expect(
      (await dav(d, 'PUT', url, todo('STATUS:COMPLETED\r\nCOMPLETED:20261203T190000Z'))).statusCode,
    ).toBe(204);
    const done = await callAs(server, d.family, 'GET', '/api/tasks');
    expect(done.json<Array<{ id: number; status: string }>>().find((t) => t.id === task?.id)).toMatchObject({
      status: 'completed',
    });

    await callAs(server, d.family, 'PATCH', `/api/tasks/${task?.id}`, { status: 'open' });
    const reopened = await dav(d, 'GET', url);
    expect(reopened.body).toContain('STATUS:NEEDS-ACTION');
    expect(reopened.body).toContain('X-APPLE-SORT-ORDER:12');
    await callAs(server, d.family, 'PATCH', `/api/tasks/${task?.id}`, { status: 'completed' });
    const completed = await dav(d, 'GET', url);
    expect(completed.body).toContain('STATUS:COMPLETED');
    expect(completed.body).toMatch(/COMPLETED:\d{8}T\d{6}Z/);

    // A VEVENT is not a task, and a VTODO is not an event.
    const wrong = await dav(
      d,
      'PUT',
      `${d.tasks}x.ics`,
      vevent('x', ['DTSTART:20261201T100000Z', 'SUMMARY:x']),
    );
    expect(wrong.statusCode).toBe(403);
    const wrong2 = await dav(
      d,
      'PUT',
      `${d.calendar}y.ics`,
      todo('STATUS:NEEDS-ACTION').replace('UID:pe-kit', 'UID:y'),
    );
    expect(wrong2.statusCode).toBe(403);
  });
});
