import * as rrulePkg from 'rrule';
import { floatingToLocal, localToFloating, parseLocal } from '../time/local-time.ts';

// rrule 2.8: Node loads its CommonJS build (everything under `default`), bundlers its ESM build (named
// exports, no default). Take whichever this runtime gave us.
const { RRule } = (rrulePkg as unknown as { default?: typeof rrulePkg }).default ?? rrulePkg;

/** A recurring series as stored: DTSTART (local), the RRULE value, EXDATEs (local starts). */
export interface SeriesRule {
  start: string;
  rrule: string;
  exdates?: readonly string[];
}

/**
 * The local starts of a series' occurrences with `from <= start < to` (both local `YYYY-MM-DDTHH:mm:00`),
 * in order, without EXDATEs.
 *
 * Expansion is wall-clock (floating) time, which is how RFC 5545 expands a DTSTART with a TZID: the rule
 * runs on local time and each result is then read in the zone, so an 08:00 weekly event stays at 08:00
 * across DST. DTSTART always counts as the first occurrence (RFC 5545 §3.8.5.3), even when it does not
 * match the rule (a workday series started on a Saturday).
 *
 * @param limit safety cap on the number returned (default 5000).
 */
export function expandSeries(series: SeriesRule, from: string, to: string, limit = 5000): string[] {
  const dtstart = localToFloating(series.start);
  const options = RRule.parseString(series.rrule);
  const rule = new RRule({ ...options, dtstart });
  const after = localToFloating(from);
  const before = localToFloating(to);
  const excluded = new Set(series.exdates ?? []);
  const found = new Set<string>();
  if (dtstart >= after && dtstart < before) found.add(series.start);
  const results: string[] = [];
  rule.between(after, before, true, (date) => {
    if (date.getTime() === before.getTime()) return true;
    found.add(floatingToLocal(date));
    return found.size < limit;
  });
  for (const start of found) if (!excluded.has(start)) results.push(start);
  results.sort();
  return results;
}

/** True when `start` is one of the series' occurrences (and not an EXDATE). */
export function isOccurrence(series: SeriesRule, start: string): boolean {
  if (!parseLocal(start)) return false;
  const next = floatingToLocal(new Date(localToFloating(start).getTime() + 60_000));
  return expandSeries(series, start, next).includes(start);
}
