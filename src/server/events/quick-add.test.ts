import { describe, expect, it } from 'vitest';
import { parseEventCommand, proposedEventInput } from '../../core/assistant/event-command.ts';
import type { EventOccurrenceDto } from '../../core/contracts/events.ts';
import type { FamilyMemberDto } from '../../core/contracts/members.ts';
import { callAs, signedInFamily, testServerPerFile } from '../test/harness.ts';

/**
 * Issue 45 item 3: what Quick add proposes is saved by the existing `POST /api/events` (no route of its own), so
 * the server's rules hold for it. Each line is read as the browser reads it, posted, and read back as the
 * calendar reads it (`GET /api/events?start&end`).
 */
const server = testServerPerFile();

const NOW = '2026-11-29T09:00:00';

describe('Quick add through POST /api/events', () => {
  it('saves a timed event with attendees, a weekly series, a weekday series and an all-day span as understood', async () => {
    const family = await signedInFamily(server, {
      members: [
        { name: 'Maya Rivera', role: 'child', color: 'pink' },
        { name: 'Teo Rivera', role: 'child', color: 'orange' },
      ],
    });
    const [, maya, teo] = family.members.map(String);
    const members = (await callAs(server, family, 'GET', '/api/family-members')).json<FamilyMemberDto[]>();
    const post = async (line: string) => {
      const read = parseEventCommand(line, { now: NOW, members });
      if (!read.ok) throw new Error(read.message);
      const res = await callAs(server, family, 'POST', '/api/events', proposedEventInput(read.event));
      expect(res.statusCode, res.body).toBe(201);
    };
    await post('Piano recital for Maya and Teo tomorrow at 4:30');
    await post('Soccer every Sat 9am Teo until Dec 19');
    await post('Homework club every weekday 3pm for 45 min');
    await post('Grandma visiting Sat to Mon');

    const res = await callAs(server, family, 'GET', '/api/events?start=2026-11-29&end=2026-12-31');
    expect(res.statusCode, res.body).toBe(200);
    const seen = res.json<EventOccurrenceDto[]>();
    const of = (title: string) => seen.filter((o) => o.title === title);

    expect(of('Piano recital')).toMatchObject([
      { start_date: '2026-11-30T16:30:00', duration_minutes: 60, is_all_day: false },
    ]);
    expect([...(of('Piano recital')[0]?.attendees ?? [])].sort()).toEqual([maya, teo].sort());
    // Weekly on Saturdays until Dec 19 (UNTIL inclusive): three occurrences.
    expect(of('Soccer').map((o) => o.start_date)).toEqual([
      '2026-12-05T09:00:00',
      '2026-12-12T09:00:00',
      '2026-12-19T09:00:00',
    ]);
    expect(of('Soccer')[0]?.attendees).toEqual([teo]);
    // Monday to Friday from Monday Nov 30: 24 weekdays to Dec 31, 45 minutes each.
    const club = of('Homework club');
    expect(club).toHaveLength(24);
    expect(club.every((o) => o.duration_minutes === 45 && o.start_date.endsWith('T15:00:00'))).toBe(true);
    // Three whole days, Saturday to Monday.
    expect(of('Grandma visiting')).toMatchObject([
      { start_date: '2026-12-05T00:00:00', end_date: '2026-12-08T00:00:00', is_all_day: true },
    ]);
  });
});
