import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  addLocalMinutes,
  instantToLocal,
  isLocalDate,
  localMinutesBetween,
  localToInstant,
  normalizeLocal,
  LOCAL_DATETIME_PATTERN,
  parseLocal,
  placeLocal,
  wallClockIn,
} from './local-time.ts';

/** The reading `parseLocal` must keep: the pattern, then JavaScript's Date as the calendar (the former code). */
function parseByPatternAndDate(text: string) {
  const m = LOCAL_DATETIME_PATTERN.exec(text);
  if (!m) return null;
  const [year, month, day, hour, minute] = [m[1], m[2], m[3], m[4], m[5]].map(Number) as number[] as [
    number,
    number,
    number,
    number,
    number,
  ];
  if (hour > 23 || minute > 59 || (m[6] !== undefined && Number(m[6]) > 59)) return null;
  const probe = new Date(Date.UTC(year, month - 1, day));
  if (probe.getUTCFullYear() !== year || probe.getUTCMonth() !== month - 1 || probe.getUTCDate() !== day)
    return null;
  return { year, month, day, hour, minute };
}

describe('local wall-clock time', () => {
  it('parses and normalises, refusing unreal dates', () => {
    expect(normalizeLocal('2026-11-22T08:05:59')).toBe('2026-11-22T08:05:00');
    expect(parseLocal('2026-02-29T10:00')).toBeNull();
    expect(parseLocal('2026-11-22T24:00')).toBeNull();
    expect(parseLocal('2026-11-22 10:00')).toBeNull();
    expect(isLocalDate('2028-02-29')).toBe(true);
    expect(isLocalDate('2027-02-29')).toBe(false);
  });

  it('reads every text as the pattern and the Date calendar do (leap years, years below 100, non-digits)', () => {
    const digit = fc.constantFrom(...'0123456789');
    const near = fc.constantFrom(...'0123456789:-T /a٣');
    const field = (n: number) =>
      fc.array(fc.oneof(digit, digit, digit, near), { minLength: n, maxLength: n });
    const shaped = fc
      .tuple(
        field(4),
        field(2),
        field(2),
        field(2),
        field(2),
        fc.option(field(2)),
        fc.constantFrom('-', 'T', ':', ' '),
      )
      .map(
        ([y, mo, d, h, mi, s, sep]) =>
          `${y.join('')}-${mo.join('')}${sep === ' ' ? ' ' : '-'}${d.join('')}T${h.join('')}:${mi.join('')}${s ? `:${s.join('')}` : ''}`,
      );
    const dates = fc
      .date({
        min: new Date(Date.UTC(-50, 0, 1)),
        max: new Date(Date.UTC(9999, 11, 31)),
        noInvalidDate: true,
      })
      .map((date) => date.toISOString().slice(0, 19));
    fc.assert(
      fc.property(fc.oneof(shaped, dates, fc.string({ maxLength: 20 })), (text) => {
        expect(parseLocal(text)).toEqual(parseByPatternAndDate(text));
      }),
      { numRuns: 5_000 },
    );
    for (const text of [
      '0099-01-01T00:00',
      '0100-02-29T00:00',
      '2000-02-29T00:00',
      '1900-02-29T00:00',
      '2026-00-10T00:00',
    ])
      expect(parseLocal(text)).toEqual(parseByPatternAndDate(text));
  });

  it('does wall-clock arithmetic across DST', () => {
    expect(addLocalMinutes('2026-03-07T08:00:00', 1440)).toBe('2026-03-08T08:00:00');
    expect(localMinutesBetween('2026-03-07T08:00:00', '2026-03-08T08:00:00')).toBe(1440);
  });

  it('converts to instants in the zone, reading gap times with the offset before the gap', () => {
    expect(localToInstant('2026-03-07T08:00:00', 'America/Los_Angeles').toISOString()).toBe(
      '2026-03-07T16:00:00.000Z',
    );
    expect(localToInstant('2026-03-08T08:00:00', 'America/Los_Angeles').toISOString()).toBe(
      '2026-03-08T15:00:00.000Z',
    );
    expect(localToInstant('2026-03-08T02:30:00', 'America/Los_Angeles').toISOString()).toBe(
      '2026-03-08T10:30:00.000Z',
    );
    expect(localToInstant('2026-04-05T02:30:00', 'Australia/Sydney').toISOString()).toBe(
      '2026-04-04T15:30:00.000Z',
    );
    expect(instantToLocal(new Date('2026-11-22T16:00:00Z'), 'Europe/London')).toBe('2026-11-22T16:00:00');
  });
});

describe('zone conversions against Intl (independent of @date-fns/tz), every zone, 1950–2100', () => {
  const zones = Intl.supportedValuesOf('timeZone');
  const formats = new Map<string, Intl.DateTimeFormat>();
  const intlLocal = (ms: number, zone: string) => {
    let format = formats.get(zone);
    if (!format) {
      format = new Intl.DateTimeFormat('en-US', {
        timeZone: zone,
        hourCycle: 'h23',
        year: 'numeric',
        month: '2-digit',
        day: '2-digit',
        hour: '2-digit',
        minute: '2-digit',
      });
      formats.set(zone, format);
    }
    const parts = Object.fromEntries(format.formatToParts(new Date(ms)).map((p) => [p.type, p.value]));
    return `${parts.year}-${parts.month}-${parts.day}T${parts.hour}:${parts.minute}:00`;
  };
  // A fixed-seed linear congruential generator: the same instants every run.
  let seed = 18;
  const next = () => (seed = (seed * 1_103_515_245 + 12_345) % 2_147_483_648) / 2_147_483_648;
  const from = Date.UTC(1950, 0, 1);
  const to = Date.UTC(2100, 0, 1);

  it('gives the local time Intl gives, and reads it back to the same instant (the first, when ambiguous)', () => {
    let checked = 0;
    for (const zone of zones) {
      for (let i = 0; i < 4; i++) {
        // Whole minutes; every other instant within a day of a random one (the cache's steady days).
        const ms = Math.floor((from + next() * (to - from)) / 60_000) * 60_000;
        for (const at of [ms, ms + 3_600_000, ms + 7 * 3_600_000]) {
          const local = instantToLocal(new Date(at), zone);
          expect(local, `${zone} ${new Date(at).toISOString()}`).toBe(intlLocal(at, zone));
          const back = localToInstant(local, zone).getTime();
          expect(back <= at, `${zone} ${local}`).toBe(true);
          expect(intlLocal(back, zone), `${zone} ${local}`).toBe(local);
          checked++;
        }
      }
    }
    expect(checked).toBeGreaterThan(5_000);
  });

  it('is right either side of every 2026 transition of a few zones, minute by minute', () => {
    for (const zone of ['America/Los_Angeles', 'Europe/Berlin', 'Australia/Lord_Howe', 'Pacific/Chatham']) {
      for (let day = Date.UTC(2026, 0, 1); day < Date.UTC(2027, 0, 1); day += 86_400_000) {
        if (intlLocal(day, zone).slice(11) === intlLocal(day + 86_400_000, zone).slice(11)) continue;
        for (let ms = day - 86_400_000; ms < day + 2 * 86_400_000; ms += 15 * 60_000)
          expect(instantToLocal(new Date(ms), zone), `${zone} ${new Date(ms).toISOString()}`).toBe(
            intlLocal(ms, zone),
          );
      }
    }
  });

  it('reads a wall-clock time in its zone as the round trip through the instant does (gaps, overlaps, steady days), alone and with its instant (placeLocal)', () => {
    const round = (text: string, zone: string) => instantToLocal(localToInstant(text, zone), zone);
    const zoneNames = [
      'America/Los_Angeles',
      'Europe/Berlin',
      'Australia/Lord_Howe',
      'Pacific/Chatham',
      'UTC',
    ];
    // Every quarter hour of the days either side of each 2026 transition, with and without seconds.
    for (const zone of zoneNames) {
      for (let day = Date.UTC(2026, 0, 1); day < Date.UTC(2027, 0, 1); day += 86_400_000) {
        if (intlLocal(day, zone).slice(11) === intlLocal(day + 86_400_000, zone).slice(11)) continue;
        for (let ms = day - 86_400_000; ms < day + 2 * 86_400_000; ms += 15 * 60_000) {
          const text = new Date(ms).toISOString().slice(0, 19);
          expect(wallClockIn(text, zone), `${zone} ${text}`).toBe(round(text, zone));
          // placeLocal answers both from one parse.
          expect(placeLocal(text, zone), `${zone} ${text}`).toEqual({
            instant: localToInstant(text, zone),
            wallClock: round(text, zone),
          });
          expect(wallClockIn(text.slice(0, 16), zone), `${zone} ${text}`).toBe(
            round(text.slice(0, 16), zone),
          );
        }
      }
    }
    // Any local time in any zone.
    fc.assert(
      fc.property(
        fc.integer({ min: Date.UTC(1900, 0, 1) / 60_000, max: Date.UTC(2200, 0, 1) / 60_000 }),
        fc.constantFrom(...zones),
        fc.integer({ min: 0, max: 59 }),
        (minute, zone, second) => {
          const text = `${new Date(minute * 60_000).toISOString().slice(0, 16)}:${String(second).padStart(2, '0')}`;
          expect(wallClockIn(text, zone)).toBe(round(text, zone));
          expect(placeLocal(text, zone)).toEqual({
            instant: localToInstant(text, zone),
            wallClock: round(text, zone),
          });
        },
      ),
      { numRuns: 5_000 },
    );
  });
});
