import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { expandEvents, type EngineEvent } from '../recurrence/occurrences.ts';
import { coverageIssues, LEG_CLASHES_MAX, transportLegs, type TransportFacts } from './coverage.ts';

type Row = EngineEvent & { facts: TransportFacts };

let nextId = 1;
/** A one-hour floating one-off with no transport unless asked. */
function row(
  over: Partial<EngineEvent> & Pick<EngineEvent, 'start'>,
  facts: Partial<TransportFacts> = {},
): Row {
  return {
    id: nextId++,
    end: null,
    durationMinutes: 60,
    allDay: false,
    zone: null,
    rrule: null,
    exdates: [],
    rdates: [],
    parentId: null,
    recurrenceId: null,
    ...over,
    facts: {
      title: `Event ${over.start}`,
      hasPickup: false,
      pickupDriverId: null,
      pickupLeadMinutes: 15,
      hasDropoff: false,
      dropoffDriverId: null,
      dropoffLeadMinutes: 15,
      attendeeIds: [],
      ...facts,
    },
  };
}

const LA = 'America/Los_Angeles';
const MOM = 1;
const DAD = 2;
const MAYA = 3;

function check(rows: Row[], from: string, to: string, zone = LA) {
  const { occurrences, failures } = expandEvents(rows, { from, to }, zone);
  expect(failures).toEqual([]);
  const legs = transportLegs(occurrences, (e) => e.facts, zone);
  const issues = coverageIssues(legs, occurrences, (e) => e.facts);
  const summary = issues.map((i) =>
    i.type === 'no_driver'
      ? `${i.leg.kind} ${i.leg.title} ${i.leg.at}: no driver`
      : i.type === 'double_booked'
        ? `${i.leg.kind} ${i.leg.title}: also ${i.other.kind} ${i.other.title}`
        : `${i.leg.kind} ${i.leg.title}: attends ${i.other.title}`,
  );
  return { legs, issues, summary };
}

describe('the spans of transport tasks', () => {
  it('a drop-off spans its lead before the start; a pickup its lead either side of the end', () => {
    const soccer = row(
      { start: '2026-11-20T15:30:00' },
      {
        title: 'Soccer',
        hasDropoff: true,
        dropoffDriverId: MOM,
        dropoffLeadMinutes: 30,
        hasPickup: true,
        pickupDriverId: DAD,
        pickupLeadMinutes: 20,
      },
    );
    const { legs, issues } = check([soccer], '2026-11-20T00:00:00', '2026-11-21T00:00:00');
    expect(legs.map((l) => [l.kind, l.driverId, l.from, l.to, l.at, l.day])).toEqual([
      ['dropoff', MOM, '2026-11-20T15:00:00', '2026-11-20T15:30:00', '2026-11-20T15:30:00', '2026-11-20'],
      ['pickup', DAD, '2026-11-20T16:10:00', '2026-11-20T16:50:00', '2026-11-20T16:30:00', '2026-11-20'],
    ]);
    expect(issues).toEqual([]);
  });

  it('all-day events have no transport', () => {
    const trip = row(
      { start: '2026-11-20T00:00:00', allDay: true },
      { hasPickup: true, pickupDriverId: null },
    );
    expect(check([trip], '2026-11-20T00:00:00', '2026-11-21T00:00:00').legs).toEqual([]);
  });
});

describe('a pickup or drop-off with its driver to be decided', () => {
  it('is a gap, named with its time', () => {
    const soccer = row(
      { start: '2026-11-20T15:30:00' },
      { title: 'Soccer', hasPickup: true, attendeeIds: [MAYA] },
    );
    expect(check([soccer], '2026-11-20T00:00:00', '2026-11-21T00:00:00').summary).toEqual([
      'pickup Soccer 2026-11-20T16:30:00: no driver',
    ]);
  });
});

describe('one driver, two transport tasks', () => {
  // Soccer 15:00–16:00, pickup lead 15: 15:45–16:15. Piano drop-off at 16:30, lead 15: 16:15–16:30.
  const soccer = () =>
    row({ start: '2026-11-20T15:00:00' }, { title: 'Soccer', hasPickup: true, pickupDriverId: MOM });
  const piano = (start: string, driver = MOM) =>
    row({ start }, { title: 'Piano', hasDropoff: true, dropoffDriverId: driver });

  it('that only touch at the boundary do not clash', () => {
    expect(
      check([soccer(), piano('2026-11-20T16:30:00')], '2026-11-20T00:00:00', '2026-11-21T00:00:00').summary,
    ).toEqual([]);
  });

  it('that overlap by one minute clash, reported on both', () => {
    expect(
      check([soccer(), piano('2026-11-20T16:29:00')], '2026-11-20T00:00:00', '2026-11-21T00:00:00').summary,
    ).toEqual(['pickup Soccer: also dropoff Piano', 'dropoff Piano: also pickup Soccer']);
  });

  it('with different drivers do not clash', () => {
    expect(
      check([soccer(), piano('2026-11-20T16:20:00', DAD)], '2026-11-20T00:00:00', '2026-11-21T00:00:00')
        .summary,
    ).toEqual([]);
  });

  it('the drop-off and pickup of one short event never clash (the driver stays)', () => {
    const short = row(
      { start: '2026-11-20T15:00:00', durationMinutes: 15 },
      {
        title: 'Short',
        hasDropoff: true,
        dropoffDriverId: MOM,
        dropoffLeadMinutes: 30,
        hasPickup: true,
        pickupDriverId: MOM,
        pickupLeadMinutes: 30,
      },
    );
    expect(check([short], '2026-11-20T00:00:00', '2026-11-21T00:00:00').summary).toEqual([]);
  });
});

describe('a driver who attends another event', () => {
  const soccer = () =>
    row(
      { start: '2026-11-20T15:00:00' },
      { title: 'Soccer', hasPickup: true, pickupDriverId: MOM, attendeeIds: [MAYA, MOM] },
    );

  it('clashes when the other event overlaps the span, not when it only touches it', () => {
    const meeting = row({ start: '2026-11-20T16:00:00' }, { title: 'Meeting', attendeeIds: [MOM] });
    const later = row({ start: '2026-11-20T16:15:00' }, { title: 'Dinner', attendeeIds: [MOM] });
    expect(check([soccer(), meeting, later], '2026-11-20T00:00:00', '2026-11-21T00:00:00').summary).toEqual([
      'pickup Soccer: attends Meeting',
    ]);
  });

  it("does not clash with the event itself, an all-day event or someone else's event", () => {
    const allDay = row(
      { start: '2026-11-20T00:00:00', allDay: true },
      { title: 'Holiday', attendeeIds: [MOM] },
    );
    const dads = row({ start: '2026-11-20T16:00:00' }, { title: 'Meeting', attendeeIds: [DAD] });
    expect(check([soccer(), allDay, dads], '2026-11-20T00:00:00', '2026-11-21T00:00:00').summary).toEqual([]);
  });
});

describe('a multi-day event', () => {
  it('is picked up on the day it ends, and clashes there', () => {
    // Camp from Friday 18:00 to Sunday 16:00; pickup lead 30: Sunday 15:30–16:30.
    const camp = row(
      { start: '2026-11-20T18:00:00', end: '2026-11-22T16:00:00' },
      { title: 'Camp', hasPickup: true, pickupDriverId: DAD, pickupLeadMinutes: 30 },
    );
    const party = row(
      { start: '2026-11-22T16:20:00' },
      { title: 'Party', hasDropoff: true, dropoffDriverId: DAD },
    );
    const { legs, summary } = check([camp, party], '2026-11-20T00:00:00', '2026-11-23T00:00:00');
    expect(legs.find((l) => l.title === 'Camp')).toMatchObject({
      day: '2026-11-22',
      from: '2026-11-22T15:30:00',
      to: '2026-11-22T16:30:00',
    });
    expect(summary).toEqual(['pickup Camp: also dropoff Party', 'dropoff Party: also pickup Camp']);
  });
});

describe('a DST day (Los Angeles, 2026-03-08: 2:00 AM springs to 3:00 AM)', () => {
  it('a lead time is real minutes: a 60-minute drop-off for 3:00 AM starts at 1:00 AM', () => {
    const early = row(
      { start: '2026-03-08T03:00:00' },
      { title: 'Flight', hasDropoff: true, dropoffDriverId: MOM, dropoffLeadMinutes: 60 },
    );
    // Ends 1:30 AM, pickup lead 15: 1:15–1:45 AM, inside 1:00–3:00 (wall clock) = 1:00–2:00 real time.
    const late = row(
      { start: '2026-03-08T00:30:00' },
      { title: 'Party', hasPickup: true, pickupDriverId: MOM },
    );
    const { legs, summary } = check([early, late], '2026-03-08T00:00:00', '2026-03-09T00:00:00');
    expect(legs.find((l) => l.title === 'Flight')).toMatchObject({
      from: '2026-03-08T01:00:00',
      to: '2026-03-08T03:00:00',
    });
    const flight = legs.find((l) => l.title === 'Flight');
    expect((flight?.toAt.getTime() ?? 0) - (flight?.fromAt.getTime() ?? 0)).toBe(60 * 60_000);
    expect(summary).toEqual(['dropoff Flight: also pickup Party', 'pickup Party: also dropoff Flight']);
  });

  it('a pickup ending 1:45 AM (lead 15) and a drop-off at 3:15 AM (lead 15) do not clash: 2:00 AM is 3:00 AM', () => {
    const a = row({ start: '2026-03-08T00:45:00' }, { title: 'A', hasPickup: true, pickupDriverId: MOM });
    const b = row({ start: '2026-03-08T03:15:00' }, { title: 'B', hasDropoff: true, dropoffDriverId: MOM });
    // A's pickup: 1:30–2:00 standard = 1:30 AM–3:00 AM wall clock; B's drop-off 3:00–3:15 AM: they touch.
    const { legs, summary } = check([a, b], '2026-03-08T00:00:00', '2026-03-09T00:00:00');
    expect(legs.find((l) => l.title === 'A')).toMatchObject({
      from: '2026-03-08T01:30:00',
      to: '2026-03-08T03:00:00',
    });
    expect(summary).toEqual([]);
  });
});

describe('a weekly series, checked per occurrence', () => {
  // Soccer every Friday 15:00 from Nov 6, pickup by Mom.
  const series = () =>
    row(
      { start: '2026-11-06T15:00:00', rrule: 'FREQ=WEEKLY', exdates: ['2026-11-27T15:00:00'] },
      { title: 'Soccer', hasPickup: true, pickupDriverId: MOM, attendeeIds: [MAYA] },
    );

  it('an override with the driver to be decided is a gap on that week only; an EXDATE has no pickup', () => {
    const s = series();
    const override = row(
      { start: '2026-11-20T15:00:00', parentId: s.id, recurrenceId: '2026-11-20T15:00:00' },
      { title: 'Soccer', hasPickup: true, pickupDriverId: null, attendeeIds: [MAYA] },
    );
    const { legs, summary } = check([s, override], '2026-11-01T00:00:00', '2026-12-10T00:00:00');
    expect(legs.map((l) => `${l.day} ${l.driverId ?? 'TBD'}`)).toEqual([
      '2026-11-06 1',
      '2026-11-13 1',
      '2026-11-20 TBD',
      '2026-12-04 1',
    ]);
    expect(summary).toEqual(['pickup Soccer 2026-11-20T16:00:00: no driver']);
    expect(legs[2]).toMatchObject({
      seriesId: s.id,
      occurrenceId: '2026-11-20T15:00:00',
      eventId: override.id,
    });
  });

  it("one occurrence moved onto the driver's meeting clashes; the other weeks do not", () => {
    const s = series();
    const override = row(
      { start: '2026-11-13T17:00:00', parentId: s.id, recurrenceId: '2026-11-13T15:00:00' },
      { title: 'Soccer', hasPickup: true, pickupDriverId: MOM, attendeeIds: [MAYA] },
    );
    const meeting = row({ start: '2026-11-13T18:00:00' }, { title: 'PTA', attendeeIds: [MOM] });
    expect(check([s, override, meeting], '2026-11-01T00:00:00', '2026-11-21T00:00:00').summary).toEqual([
      'pickup Soccer: attends PTA',
    ]);
  });
});

describe('the bounded sweep (issue 42)', () => {
  /** The rule as written before the sweep: every leg against every leg and occurrence, no cap. */
  function everyPair(rows: Row[]) {
    const { occurrences } = expandEvents(
      rows,
      { from: '2026-11-20T00:00:00', to: '2026-11-22T00:00:00' },
      LA,
    );
    const legs = transportLegs(occurrences, (e) => e.facts, LA);
    const overlaps = (a: [Date, Date], b: [Date, Date]) => a[0] < b[1] && b[0] < a[1];
    const key = (o: { eventId: number; seriesId: number | null; occurrenceId: string | null }) =>
      o.seriesId === null ? `e${String(o.eventId)}` : `s${String(o.seriesId)}@${o.occurrenceId ?? ''}`;
    const expected: string[] = [];
    for (const leg of legs) {
      if (leg.driverId === null) {
        expected.push(`${leg.kind}:${leg.title}:gap`);
        continue;
      }
      const clashes: string[] = [];
      for (const other of legs)
        if (other !== leg && other.driverId === leg.driverId && key(other) !== key(leg))
          if (overlaps([leg.fromAt, leg.toAt], [other.fromAt, other.toAt]))
            clashes.push(`${leg.kind}:${leg.title}:also ${other.kind}:${other.title}`);
      for (const o of occurrences)
        if (!o.event.allDay && o.event.facts.attendeeIds.includes(leg.driverId))
          if (key({ eventId: o.event.id, seriesId: o.seriesId, occurrenceId: o.occurrenceId }) !== key(leg))
            if (overlaps([leg.fromAt, leg.toAt], [o.startAt, o.endAt]))
              clashes.push(`${leg.kind}:${leg.title}:at ${o.event.facts.title}`);
      expected.push(...clashes);
    }
    const found = coverageIssues(legs, occurrences, (e) => e.facts).map((i) =>
      i.type === 'no_driver'
        ? `${i.leg.kind}:${i.leg.title}:gap`
        : i.type === 'double_booked'
          ? `${i.leg.kind}:${i.leg.title}:also ${i.other.kind}:${i.other.title}`
          : `${i.leg.kind}:${i.leg.title}:at ${i.other.title}`,
    );
    return { expected, found, legs };
  }

  it('finds the same clashes as every pair, in any order, while a leg has few', () => {
    fc.assert(
      fc.property(
        fc.array(
          fc.record({
            minute: fc.integer({ min: 0, max: 47 * 60 }),
            duration: fc.integer({ min: 0, max: 300 }),
            pickup: fc.constantFrom(null, MOM, DAD),
            dropoff: fc.constantFrom(null, MOM, DAD),
            lead: fc.integer({ min: 0, max: 90 }),
            attendees: fc.subarray([MOM, DAD, MAYA]),
          }),
          { maxLength: 6 },
        ),
        (specs) => {
          const rows = specs.map((s, i) => {
            const at = new Date(Date.UTC(2026, 10, 20, 0, s.minute));
            return row(
              { start: at.toISOString().slice(0, 19), durationMinutes: s.duration },
              {
                title: `E${String(i)}`,
                hasPickup: s.pickup !== null,
                pickupDriverId: s.pickup,
                pickupLeadMinutes: s.lead,
                hasDropoff: s.dropoff !== null,
                dropoffDriverId: s.dropoff,
                dropoffLeadMinutes: s.lead,
                attendeeIds: s.attendees,
              },
            );
          });
          const { expected, found } = everyPair(rows);
          // Six events give a leg at most 5 + 6 clashes, past the cap: compare those under it exactly.
          const perLeg = new Map<string, number>();
          for (const f of expected)
            perLeg.set(
              f.split(':').slice(0, 2).join(':'),
              1 + (perLeg.get(f.split(':').slice(0, 2).join(':')) ?? 0),
            );
          if ([...perLeg.values()].every((n) => n <= LEG_CLASHES_MAX + 1))
            expect([...found].sort()).toEqual([...expected].sort());
          else expect(found.length).toBeLessThan(expected.length);
        },
      ),
      { numRuns: 300 },
    );
  });

  it(`reports at most ${LEG_CLASHES_MAX} + 1 clashes a leg, however many overlap`, () => {
    const many = Array.from({ length: 40 }, (_, i) =>
      row(
        { start: `2026-11-20T${String(8 + (i % 10)).padStart(2, '0')}:00:00`, durationMinutes: 240 },
        {
          title: `Run ${String(i)}`,
          hasDropoff: true,
          dropoffDriverId: MOM,
          dropoffLeadMinutes: 120,
          attendeeIds: [MOM],
        },
      ),
    );
    const { found, legs } = everyPair(many);
    expect(legs).toHaveLength(40);
    expect(found).toHaveLength(40 * (LEG_CLASHES_MAX + 1));
  });
});
