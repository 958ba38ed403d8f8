import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { and, eq } from 'drizzle-orm';
import ICAL from 'ical.js';
import { describe, expect, it } from 'vitest';
import type { FeedCreatedDto, FeedStatusDto, ImportReportDto } from '../../core/contracts/calendar-feed.ts';
import type { EventDto } from '../../core/contracts/events.ts';
import { splitIcs } from '../../core/ics/split.ts';
import { expandEvents } from '../../core/recurrence/occurrences.ts';
import { addLocalDays } from '../../core/time/local-time.ts';
import { loadWindowRows } from '../db/event-occurrences.ts';
import { calendarFeeds } from '../db/schema/calendar-feeds.ts';
import { events } from '../db/schema/events.ts';
import { signedInFamily, testServerPerFile } from '../test/harness.ts';
import { icsOracle } from '../../../test/oracles/ics-oracle.ts';
import { itWithOracles } from '../../../test/oracles/probe.ts';

const here = path.dirname(fileURLToPath(import.meta.url));
/** The vendored fixture calendars (test/fixtures/ics, see its PROVENANCE.md). */
const FIXTURES = path.resolve(here, '../../../test/fixtures/ics');

const server = testServerPerFile();

interface Family {
  cookie: string;
  familyId: number;
  members: number[];
}

async function newFamily(timezone = 'America/Los_Angeles', limit = 100_000): Promise<Family> {
  return signedInFamily(server, {
    timezone,
    maxEventsPerMonth: limit,
    members: [{ name: 'Lucia Rivera', role: 'child', color: 'pink' }],
  });
}

function call(f: Family | null, method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, payload?: object) {
  return server.app.inject({
    method,
    url,
    headers: f ? { cookie: f.cookie } : {},
    ...(payload ? { payload } : {}),
  });
}

function importIcs(f: Family, text: string) {
  return server.app.inject({
    method: 'POST',
    url: '/api/calendar/import',
    headers: { cookie: f.cookie, 'content-type': 'text/calendar' },
    payload: text,
  });
}

async function feedUrl(f: Family, scope: 'family' | 'member' = 'family'): Promise<string> {
  const res = await call(f, 'POST', '/api/calendar/feeds/regenerate', { scope });
  expect(res.statusCode).toBe(201);
  const { url } = res.json<FeedCreatedDto>();
  return new URL(url).pathname;
}

async function getFeed(f: Family): Promise<string> {
  const res = await server.app.inject({ method: 'GET', url: await feedUrl(f) });
  expect(res.statusCode).toBe(200);
  return res.body;
}

function vevents(text: string): ICAL.Component[] {
  return new ICAL.Component(ICAL.parse(text) as ICAL.Component['jCal']).getAllSubcomponents('vevent'); // one VCALENDAR
}

async function familyRows(f: Family) {
  const rows = await server.database.system.select().from(events).where(eq(events.familyId, f.familyId));
  return rows
    .map((r) => ({
      title: r.title,
      description: r.description,
      start: r.startDate,
      end: r.endDate,
      duration: r.durationMinutes,
      allDay: r.isAllDay,
      timezone: r.timezone,
      location: r.location,
      rrule: r.rrule,
      exdates: r.exdates,
      rdates: r.rdates,
      recurrenceId: r.recurrenceId,
      hasParent: r.parentEventId !== null,
      uid: r.sourceUid,
    }))
    .sort((a, b) => JSON.stringify(a).localeCompare(JSON.stringify(b)));
}

function fixture(name: string): string {
  return fs.readFileSync(path.join(FIXTURES, name), 'utf8');
}

/**
 * The occurrences of an .ics text for a family in `zone`, `[title, start instant]` sorted, for the days
 * `start`..`end` (inclusive, `YYYY-MM-DD`), expanded by Debian's python3-icalendar + recurring-ical-events.
 * @throws Error with the install line when the Python modules are missing (the test fails, never skips).
 */
function independentExpansion(
  text: string,
  zone: string,
  start: string,
  end: string,
): Array<[string, string]> {
  const rows = icsOracle(text, zone, start, addLocalDays(end, 1));
  if ('error' in rows) throw new Error(`The oracle could not read our feed: ${rows.error}`);
  return rows
    .map(([, title, at]) => [title, at] as [string, string])
    .sort((x, y) => (x[1] + x[0]).localeCompare(y[1] + y[0]));
}

/** The family's stored occurrences for the days `start`..`end` (inclusive), through the engine. */
async function storedExpansion(f: Family, zone: string, start: string, end: string) {
  const rows = await loadWindowRows(
    server.database.system,
    eq(events.familyId, f.familyId),
    start,
    addLocalDays(end, 1),
  );
  const { occurrences, failures } = expandEvents(
    rows,
    { from: `${start}T00:00:00`, to: `${addLocalDays(end, 1)}T00:00:00` },
    zone,
  );
  expect(failures).toEqual([]);
  return occurrences
    .map((o) => [o.event.row.title, `${o.startAt.toISOString().slice(0, 19)}Z`] as [string, string])
    .sort((x, y) => (x[1] + x[0]).localeCompare(y[1] + y[0]));
}

describe('feed URLs', () => {
  it('creates, serves with caching headers, and regenerates (old URL stops working)', async () => {
    const f = await newFamily();
    const before = await call(f, 'GET', '/api/calendar/feeds');
    expect(before.json<FeedStatusDto[]>().map((s) => s.active)).toEqual([false, false]);
    const first = await feedUrl(f);
    expect(first).toMatch(/^\/api\/calendar\/feed\/[A-Za-z0-9_-]{43}\.ics$/);
    const token = first.slice('/api/calendar/feed/'.length, -4);
    const stored = await server.database.system
      .select()
      .from(calendarFeeds)
      .where(eq(calendarFeeds.familyId, f.familyId));
    expect(stored).toHaveLength(1);
    expect(stored[0]?.tokenHash).toMatch(/^[0-9a-f]{64}$/);
    expect(stored[0]?.tokenHash).not.toContain(token);

    const res = await server.app.inject({ method: 'GET', url: first });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/calendar; charset=utf-8');
    expect(res.headers['cache-control']).toBe('private, max-age=900');
    const etag = String(res.headers.etag);
    expect(etag).toMatch(/^".+"$/);
    expect(res.body).toContain('BEGIN:VTIMEZONE\r\nTZID:America/Los_Angeles');
    const again = await server.app.inject({ method: 'GET', url: first, headers: { 'if-none-match': etag } });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
    const stale = await server.app.inject({ method: 'GET', url: first, headers: { 'if-none-match': '"x"' } });
    expect(stale.statusCode).toBe(200);

    const second = await feedUrl(f);
    expect(second).not.toBe(first);
    expect((await server.app.inject({ method: 'GET', url: first })).statusCode).toBe(404);
    expect((await server.app.inject({ method: 'GET', url: second })).statusCode).toBe(200);
    const after = await call(f, 'GET', '/api/calendar/feeds');
    expect(after.json<FeedStatusDto[]>().map((s) => s.active)).toEqual([true, false]);
  });

  it('answers 401 without a session, 400 for a bad scope, 404 for unknown tokens', async () => {
    const f = await newFamily();
    expect((await call(null, 'GET', '/api/calendar/feeds')).statusCode).toBe(401);
    expect((await call(null, 'POST', '/api/calendar/feeds/regenerate', { scope: 'family' })).statusCode).toBe(
      401,
    );
    const bad = await call(f, 'POST', '/api/calendar/feeds/regenerate', { scope: 'everyone' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ error: { fields: { scope: 'scope must be family or member' } } });
    for (const url of ['/api/calendar/feed/nope.ics', `/api/calendar/feed/${'a'.repeat(43)}.ics`]) {
      expect((await call(null, 'GET', url)).statusCode).toBe(404);
    }
  });

  it('writes RFC 5545: DATE values, RRULE+EXDATE, RECURRENCE-ID, names, transport; member feed filters', async () => {
    const f = await newFamily();
    const [parent, child] = f.members as [number, number];
    const post = async (payload: object) => {
      const res = await call(f, 'POST', '/api/events', payload);
      expect(res.statusCode).toBe(201);
      return res.json<EventDto>();
    };
    await post({
      title: 'Dentist',
      start_date: '2026-12-03T15:30',
      duration_minutes: 45,
      organizer_id: parent,
      attendees: [String(child)],
      has_pickup: true,
      pickup_assigned_to: parent,
      pickup_minutes_before: 30,
    });
    await post({ title: 'Holiday', start_date: '2026-12-24T00:00', is_all_day: true });
    await post({ title: 'Ski trip', start_date: '2026-12-27T09:00', end_date: '2026-12-30T09:00' });
    const series = await post({
      title: 'Swim',
      start_date: '2026-12-01T17:00',
      is_recurring: true,
      recurrence_pattern: 'weekly',
      recurrence_end_date: '2027-02-23',
      attendees: [String(child)],
    });
    expect(
      (await call(f, 'DELETE', `/api/events/${series.id}?occurrence=2026-12-08T17:00:00`)).statusCode,
    ).toBe(200);
    const moved = await call(f, 'PATCH', `/api/events/${series.id}?occurrence=2026-12-15T17:00:00`, {
      title: 'Swim (gala)',
      start_date: '2026-12-15T18:00',
      attendees: [String(child)],
    });
    expect(moved.statusCode).toBe(200);

    const body = await getFeed(f);
    // RFC 5545 §3.8.7.2: DTSTAMP is UTC.
    expect(body).toMatch(/\r\nDTSTAMP:\d{8}T\d{6}Z\r\n/);
    expect(body).not.toMatch(/\r\nDTSTAMP:\d{8}T\d{6}\r\n/);
    expect(body).toContain('DTSTART;VALUE=DATE:20261224');
    expect(body).toContain('DTEND;VALUE=DATE:20261225');
    // Each timed event in its own terms: the app's rows here are floating or in the family's zone.
    const zone = (
      await server.database.system.select().from(events).where(eq(events.familyId, f.familyId))
    )[0]?.timezone;
    const tz = zone ? `;TZID=${zone}` : '';
    expect(body).toContain(`DTSTART${tz}:20261227T090000`);
    expect(body).toContain(`DTEND${tz}:20261230T090000`);
    expect(body).toContain(`DTSTART${tz}:20261203T153000`);
    expect(body).toContain(`DTEND${tz}:20261203T161500`);
    expect(body).toMatch(
      zone
        ? /RRULE:FREQ=WEEKLY;BYDAY=TU;UNTIL=20270224T075959Z/
        : /RRULE:FREQ=WEEKLY;BYDAY=TU;UNTIL=20270223T235959\r/,
    );
    expect(body).toContain(`EXDATE${tz}:20261208T170000`);
    expect(body).toContain(`RECURRENCE-ID${tz}:20261215T170000`);
    expect(body).toMatch(/ORGANIZER;CN="?[^\r\n:]+"?:mailto:/);
    expect(body).toContain('ATTENDEE;');
    expect(body.replace(/\r\n /g, '')).toContain('Lucia Rivera');
    expect(body.replace(/\r\n /g, '')).toContain('Pickup: ');
    const uids = vevents(body).map((v) => String(v.getFirstPropertyValue('uid')));
    expect(uids).toContain(`event-${series.id}@localhost`);
    expect(uids.filter((u) => u === `event-${series.id}@localhost`)).toHaveLength(2);
    // Stable: same bytes (and ETag) when nothing changed.
    expect(await getFeed(f)).toBe(body);

    const mine = await server.app.inject({ method: 'GET', url: await feedUrl(f, 'member') });
    const titles = vevents(mine.body).map((v) => String(v.getFirstPropertyValue('summary')));
    expect(titles.sort()).toEqual(['Dentist']);
  });
});

/** Well-formed fixtures and what their import report must say (counts and a few known events). */
const KNOWN: Record<string, { imported: number; skipped: number; has?: Array<[string, string]> }> = {
  'node-ical/example-rrule.ics': {
    imported: 3,
    skipped: 0,
    // Kept in US/Central, as written.
    has: [
      ['Single event on Dec 1', '2017-12-01T13:00:00'],
      ['Last meeting in June moved to Monday July 3 and shortened to half day', '2017-07-03T09:00:00'],
    ],
  },
  'node-ical/google-calendar-kiev-tz.ics': { imported: 2, skipped: 0 },
  'node-ical/sabredav-school-holidays.ics': { imported: 1, skipped: 0 },
  'node-ical/tripit-location-escaping.ics': { imported: 47, skipped: 0 },
  'recurring-ical-events/recurring_events_moved.ics': { imported: 5, skipped: 0 },
  'holiday-cn/2026.ics': { imported: 13, skipped: 0 },
  'ical4j/afl2004.ics': { imported: 207, skipped: 0 },
  'ical4j/google_aus_holidays.ics': { imported: 96, skipped: 0, has: [['Christmas', '2004-12-25T00:00:00']] },
  'recurring-ical-events/Germany.ics': { imported: 159, skipped: 0 },
};

function fixtureFiles(): string[] {
  const out: string[] = [];
  for (const dir of fs.readdirSync(FIXTURES)) {
    const full = path.join(FIXTURES, dir);
    if (!fs.statSync(full).isDirectory()) continue;
    for (const file of fs.readdirSync(full)) if (file.endsWith('.ics')) out.push(`${dir}/${file}`);
  }
  return out.sort();
}

describe('import', () => {
  it('finds the vendored fixtures', () => {
    expect(fs.existsSync(FIXTURES), `fixtures missing at ${FIXTURES}`).toBe(true);
    expect(fixtureFiles().length).toBeGreaterThanOrEqual(40);
  });

  it('imports every fixture without a 500; well-formed ones report the expected counts', async () => {
    const f = await newFamily();
    for (const name of fixtureFiles()) {
      // In batches of 300 events, as the web sends a file (mathBirthdays.ics is over one call's 1,000).
      const replies = [];
      for (const batch of splitIcs(fixture(name), 300)) replies.push(await importIcs(f, batch.text));
      const res = replies.find((r) => r.statusCode !== 200) ?? replies[0];
      if (!res) throw new Error(`${name}: no batch`);
      expect([200, 400], `${name}: ${res.statusCode} ${res.body.slice(0, 200)}`).toContain(res.statusCode);
      if (res.statusCode === 400) {
        expect(res.json<{ error: { message: string } }>().error.message, name).toMatch(/iCalendar|\.ics/);
        continue;
      }
      const reports = replies.map((r) => r.json<ImportReportDto>());
      const report = {
        imported: reports.reduce((n, r) => n + r.imported, 0),
        skipped: reports.flatMap((r) => r.skipped),
      };
      for (const s of report.skipped) expect(s.reason, name).not.toBe('');
      const known = KNOWN[name];
      if (!known) continue;
      expect({ imported: report.imported, skipped: report.skipped.length }, name).toEqual({
        imported: known.imported,
        skipped: known.skipped,
      });
      for (const [title, start] of known.has ?? []) {
        const [row] = await server.database.system
          .select()
          .from(events)
          .where(and(eq(events.familyId, f.familyId), eq(events.title, title), eq(events.startDate, start)));
        expect(row, `${name}: ${title} at ${start}`).toBeDefined();
      }
    }
    // Some 40 real calendars imported one after another: 10–20 s on a quiet machine, over 30 s on a busy one.
  }, 120_000);

  it('keeps series, EXDATEs and overrides in their own zone, and re-importing updates instead of duplicating', async () => {
    const f = await newFamily();
    const first = (await importIcs(f, fixture('node-ical/example-rrule.ics'))).json<ImportReportDto>();
    expect(first).toMatchObject({ imported: 3, updated: 0, unchanged: 0 });
    const rows = await server.database.system.select().from(events).where(eq(events.familyId, f.familyId));
    const series = rows.find((r) => r.rrule !== null);
    expect(series).toMatchObject({
      startDate: '2017-06-01T09:00:00',
      timezone: 'US/Central',
      rrule: 'FREQ=WEEKLY;BYDAY=TH;UNTIL=20170814T045959Z;WKST=SU',
    });
    expect(series?.exdates).toEqual([
      '2017-07-06T09:00:00',
      '2017-07-13T09:00:00',
      '2017-07-20T09:00:00',
      '2017-08-03T09:00:00',
    ]);
    const override = rows.find((r) => r.parentEventId !== null);
    expect(override).toMatchObject({ parentEventId: series?.id, recurrenceId: '2017-06-29T09:00:00' });
    const second = (await importIcs(f, fixture('node-ical/example-rrule.ics'))).json<ImportReportDto>();
    expect(second).toMatchObject({ imported: 0, updated: 0, unchanged: 3 });
    const edited = fixture('node-ical/example-rrule.ics').replace(
      'SUMMARY:Single event on Dec 1',
      'SUMMARY:Moved',
    );
    const third = (await importIcs(f, edited)).json<ImportReportDto>();
    expect(third).toMatchObject({ imported: 0, updated: 1, unchanged: 2 });
    const count = await server.database.system.select().from(events).where(eq(events.familyId, f.familyId));
    expect(count).toHaveLength(3);
  });

  itWithOracles(
    'keeps a Tokyo series in Tokyo time: right in a Los Angeles and a Berlin family through DST',
    async () => {
      const tokyo =
        'BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//Tokyo school//EN\r\n' +
        'BEGIN:VEVENT\r\nUID:piano@tokyo.example\r\nDTSTAMP:20261201T000000Z\r\nSUMMARY:Piano with grandma\r\n' +
        'DTSTART;TZID=Asia/Tokyo:20261109T080000\r\nDTEND;TZID=Asia/Tokyo:20261109T090000\r\n' +
        'RRULE:FREQ=WEEKLY;BYDAY=MO;UNTIL=20270607T000000Z\r\nEXDATE;TZID=Asia/Tokyo:20261228T080000\r\n' +
        'END:VEVENT\r\nEND:VCALENDAR\r\n';
      for (const zone of ['America/Los_Angeles', 'Europe/Berlin']) {
        const f = await newFamily(zone);
        expect((await importIcs(f, tokyo)).json<ImportReportDto>()).toMatchObject({
          imported: 1,
          warnings: [],
        });
        const [row] = await server.database.system
          .select()
          .from(events)
          .where(eq(events.familyId, f.familyId));
        expect(row).toMatchObject({
          timezone: 'Asia/Tokyo',
          startDate: '2026-11-09T08:00:00',
          rrule: 'FREQ=WEEKLY;BYDAY=MO;UNTIL=20270607T000000Z',
        });
        // Across the March 2027 DST changes of both families.
        const ours = await storedExpansion(f, zone, '2026-11-01', '2027-05-31');
        expect(ours).toHaveLength(29);
        expect(ours.some(([, at]) => at.startsWith('2026-12-27T23:00'))).toBe(false); // the EXDATE
        expect(ours).toEqual(independentExpansion(tokyo, zone, '2026-11-01', '2027-05-31'));
        expect(await getFeed(f)).toContain('DTSTART;TZID=Asia/Tokyo:20261109T080000');
      }
    },
  );

  it('answers 400 for non-iCalendar bodies and counts new events toward the plan limit', async () => {
    const f = await newFamily('America/Los_Angeles', 2);
    const empty = await importIcs(f, '  ');
    expect(empty.statusCode).toBe(400);
    expect(empty.json()).toMatchObject({ error: { fields: { file: 'Choose an .ics file to import' } } });
    const junk = await importIcs(f, 'hello world');
    expect(junk.statusCode).toBe(400);
    expect(junk.json()).toMatchObject({ error: { message: 'This is not an iCalendar (.ics) file' } });
    const report = (await importIcs(f, fixture('holiday-cn/2026.ics'))).json<ImportReportDto>();
    expect(report.imported).toBe(2);
    expect(report.skipped).toHaveLength(11);
    expect(report.skipped[0]?.reason).toBe('Plan limit reached: your plan allows 2 new events per month');
    expect((await call(null, 'POST', '/api/calendar/import')).statusCode).toBe(401);
  });

  it('counts every new imported override (RECURRENCE-ID) toward the plan limit, once (issue 20)', async () => {
    const f = await newFamily('America/Los_Angeles', 3);
    const override = (day: string, title: string) =>
      `BEGIN:VEVENT\r\nUID:swim@club.example\r\nRECURRENCE-ID:2026121${day}T170000Z\r\nDTSTART:2026121${day}T180000Z\r\nDTEND:2026121${day}T190000Z\r\nSUMMARY:${title}\r\nEND:VEVENT\r\n`;
    const file = (overrides: string[]) =>
      `BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//t//t//EN\r\nBEGIN:VEVENT\r\nUID:swim@club.example\r\nDTSTART:20261201T170000Z\r\nDTEND:20261201T180000Z\r\nRRULE:FREQ=DAILY;COUNT=30\r\nSUMMARY:Swim\r\nEND:VEVENT\r\n${overrides.join('')}END:VCALENDAR\r\n`;
    const first = (
      await importIcs(f, file([override('1', 'A'), override('2', 'B'), override('3', 'C')]))
    ).json<ImportReportDto>();
    // The series and two overrides take the 3 slots; the third override is refused with the plan's reason.
    expect(first.imported).toBe(3);
    expect(first.skipped).toEqual([
      {
        uid: 'swim@club.example',
        title: 'C',
        reason: 'Plan limit reached: your plan allows 3 new events per month',
      },
    ]);
    // Re-importing changes the stored overrides without counting them again; the allowance stays used up.
    const again = (
      await importIcs(f, file([override('1', 'A2'), override('2', 'B')]))
    ).json<ImportReportDto>();
    expect(again).toMatchObject({ imported: 0, updated: 1, skipped: [] });
    const form = await call(f, 'POST', '/api/events', { title: 'Dentist', start_date: '2026-11-25T10:00' });
    expect(form.statusCode).toBe(409);
  });

  it("never touches another family's events", async () => {
    const a = await newFamily();
    const b = await newFamily();
    await importIcs(a, fixture('node-ical/example-rrule.ics'));
    const res = (await importIcs(b, fixture('node-ical/example-rrule.ics'))).json<ImportReportDto>();
    expect(res.imported).toBe(3);
    expect(await familyRows(a)).toHaveLength(3);
    expect(await familyRows(b)).toHaveLength(3);
  });
});

describe('round trip', () => {
  const ROUND_TRIP = [
    'node-ical/example-rrule.ics',
    'node-ical/google-calendar-kiev-tz.ics',
    'node-ical/sabredav-school-holidays.ics',
    'recurring-ical-events/recurring_events_moved.ics',
    'ical4j/afl2004.ics',
    'holiday-cn/2026.ics',
  ];

  it('import → export → import changes nothing', async () => {
    const f = await newFamily();
    for (const name of ROUND_TRIP) expect((await importIcs(f, fixture(name))).statusCode).toBe(200);
    const before = await familyRows(f);
    const exported = await getFeed(f);
    const report = (await importIcs(f, exported)).json<ImportReportDto>();
    expect(report).toMatchObject({ imported: 0, updated: 0, skipped: [] });
    expect(report.unchanged).toBe(before.length);
    expect(await familyRows(f)).toEqual(before);
    // And into a fresh family: the same rows.
    const g = await newFamily();
    expect((await importIcs(g, exported)).json<ImportReportDto>().imported).toBe(before.length);
    expect(await familyRows(g)).toEqual(before);
  });

  itWithOracles(
    'occurrences in 3-month windows equal an independent expansion (python icalendar + recurring-ical-events)',
    async () => {
      const f = await newFamily();
      for (const name of ROUND_TRIP) expect((await importIcs(f, fixture(name))).statusCode).toBe(200);
      // Native events too: a series with an EXDATE and an override, all-day and multi-day events.
      const series = (
        await call(f, 'POST', '/api/events', {
          title: 'Swim',
          start_date: '2027-01-05T17:00',
          is_recurring: true,
          recurrence_pattern: 'weekly',
        })
      ).json<EventDto>();
      await call(f, 'DELETE', `/api/events/${series.id}?occurrence=2027-01-12T17:00:00`);
      await call(f, 'PATCH', `/api/events/${series.id}?occurrence=2027-01-19T17:00:00`, {
        title: 'Swim gala',
        start_date: '2027-01-20T10:00',
      });
      await call(f, 'POST', '/api/events', {
        title: 'Holiday',
        start_date: '2027-02-01T00:00',
        is_all_day: true,
      });
      await call(f, 'POST', '/api/events', {
        title: 'Trip',
        start_date: '2027-02-10T09:00',
        end_date: '2027-02-12T09:00',
      });
      const feed = await getFeed(f);
      const windows: Array<[string, string]> = [
        ['2017-06-01', '2017-08-31'],
        ['2019-02-15', '2019-05-15'],
        ['2018-06-15', '2018-09-14'],
        ['2026-01-01', '2026-03-31'],
        ['2004-03-20', '2004-06-19'],
        ['2027-01-01', '2027-03-31'],
      ];
      for (const [start, end] of windows) {
        const ours = await storedExpansion(f, 'America/Los_Angeles', start, end);
        const theirs = independentExpansion(feed, 'America/Los_Angeles', start, end);
        expect(ours.length, `${start}..${end}`).toBeGreaterThan(0);
        expect(ours, `${start}..${end}`).toEqual(theirs);
      }
    },
  );
});

describe('hostile imports (issue 18)', () => {
  const event = (uid: string, lines: string) =>
    'BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//hostile//EN\r\n' +
    `BEGIN:VEVENT\r\nUID:${uid}\r\nDTSTAMP:20260101T000000Z\r\nSUMMARY:${uid}\r\n${lines}END:VEVENT\r\n` +
    'BEGIN:VEVENT\r\nUID:fine\r\nDTSTAMP:20260101T000000Z\r\nSUMMARY:Fine\r\nDTSTART:20261115T100000Z\r\nEND:VEVENT\r\n' +
    'END:VCALENDAR\r\n';
  const HOSTILE: Array<[string, string, RegExp]> = [
    ['secondly', 'DTSTART:20261101T100000Z\r\nRRULE:FREQ=SECONDLY\r\n', /daily|SECONDLY/i],
    ['year-0100', 'DTSTART:01000101T100000Z\r\nRRULE:FREQ=DAILY\r\n', /between 1900 and 2200/],
    ['end-9999', 'DTSTART:20261101T100000Z\r\nDTEND:99991231T235959Z\r\n', /before 2201/],
    ['feb-30', 'DTSTART:20260230T100000Z\r\nRRULE:FREQ=YEARLY\r\n', /not a real date/],
    ['two-starts', 'DTSTART:20261101T100000Z\r\nDTSTART:20261102T100000Z\r\n', /two start times/],
  ];

  for (const [uid, lines, reason] of HOSTILE) {
    it(`${uid}: answers in under a second, stores nothing of it, says why, and the events list still answers`, async () => {
      const f = await newFamily();
      const started = performance.now();
      const res = await importIcs(f, event(uid, lines));
      expect(performance.now() - started).toBeLessThan(1000);
      expect(res.statusCode).toBe(200);
      const report = res.json<ImportReportDto>();
      expect(report.imported).toBe(1);
      expect(report.skipped).toHaveLength(1);
      expect(report.skipped[0]).toMatchObject({ uid });
      expect(report.skipped[0]?.reason).toMatch(reason);
      expect((await familyRows(f)).map((r) => r.uid)).toEqual(['fine']);
      const list = await call(f, 'GET', '/api/events?start=2026-11-01&end=2026-11-30');
      expect(list.statusCode).toBe(200);
    });
  }

  it('a series with COUNT=1000000000 is stored, and reading it stays fast', async () => {
    const f = await newFamily();
    const started = performance.now();
    const res = await importIcs(
      f,
      event('count', 'DTSTART:20261101T100000Z\r\nRRULE:FREQ=DAILY;COUNT=1000000000\r\n'),
    );
    expect(res.json<ImportReportDto>()).toMatchObject({ imported: 2, skipped: [] });
    const list = await call(f, 'GET', '/api/events?start=2030-11-01&end=2030-11-30');
    expect(list.statusCode).toBe(200);
    const ours = await storedExpansion(f, 'America/Los_Angeles', '2030-11-01', '2030-11-30');
    expect(ours).toHaveLength(30);
    expect(performance.now() - started).toBeLessThan(1000);
  });
});
