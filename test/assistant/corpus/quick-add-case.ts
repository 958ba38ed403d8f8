import { parseEventCommand, type EventCommandMember } from '../../../src/core/assistant/event-command.ts';
import { regionOf } from '../../../src/core/assistant/date-order.ts';

/**
 * The quick-add corpus (issue 45 item 3, issue 43 "add an event"): lines typed the way a family types them,
 * each with the event it should propose, written before the reader that proposes it. The reader is the
 * assistant's (`parseEventCommand`), so this corpus tests the calendar's Quick add and the texted command alike.
 */
export interface QuickAddCase {
  family: 'rivera' | 'okafor';
  /** Local "now" in the family's zone. */
  at: string;
  text: string;
  /** The expected proposal; `error` when the line should be refused. */
  expect: QuickAddExpect | { error: 'empty' | 'too_long' | 'no_title' };
}

export interface QuickAddExpect {
  title: string;
  /** Attendees by first name, lowercase, in any order. */
  who?: string[];
  /** Local start `YYYY-MM-DDTHH:mm` (timed) or `YYYY-MM-DD` (all day). */
  start: string;
  /** All-day events over several days: the last day. */
  lastDay?: string;
  /** Timed events: minutes (default 60 when not given here). */
  minutes?: number;
  repeat?: 'daily' | 'workday' | 'weekly' | 'monthly_date' | 'monthly_day';
  until?: string;
  /** Kinds of notes the confirmation must carry ("meridiem", "no_day" …); others may be there too. */
  notes?: string[];
}

/** The corpus families: Los Angeles (month-first dates) and London (day-first). */
export const QUICK_ADD_FAMILIES: Record<
  QuickAddCase['family'],
  { timeZone: string; members: EventCommandMember[] }
> = {
  rivera: {
    timeZone: 'America/Los_Angeles',
    members: [
      { id: 1, name: 'Ana Rivera', role: 'parent' },
      { id: 2, name: 'Sam Rivera', role: 'parent' },
      { id: 3, name: 'Maya Rivera', role: 'child' },
      { id: 4, name: 'Teo Rivera', role: 'child' },
      { id: 5, name: 'Rosa Diaz', role: 'other' },
    ],
  },
  okafor: {
    timeZone: 'Europe/London',
    members: [
      { id: 11, name: 'Ngozi Okafor', role: 'parent' },
      { id: 12, name: 'Marco Okafor', role: 'parent' },
      { id: 13, name: 'Ada Okafor', role: 'child' },
      { id: 14, name: 'Tobi Okafor', role: 'child' },
    ],
  },
};

/** What was wrong with one case's proposal (empty: right). */
export function quickAddProblems(c: QuickAddCase): string[] {
  const family = QUICK_ADD_FAMILIES[c.family];
  const result = parseEventCommand(c.text, {
    now: c.at,
    members: family.members,
    region: regionOf(family.timeZone),
  });
  const expect = c.expect;
  if ('error' in expect) {
    return result.ok ? [`proposed "${result.event.title}", expected ${expect.error}`] : [];
  }
  if (!result.ok) return [`refused (${result.reason}), expected "${expect.title}"`];
  const e = result.event;
  const problems: string[] = [];
  const check = (what: string, got: unknown, want: unknown) => {
    if (JSON.stringify(got) !== JSON.stringify(want)) {
      problems.push(`${what} ${JSON.stringify(got)}, expected ${JSON.stringify(want)}`);
    }
  };
  check('title', e.title, expect.title);
  const names = e.attendeeIds
    .map(
      (id) =>
        family.members
          .find((m) => m.id === id)
          ?.name.split(' ')[0]
          ?.toLowerCase() ?? '?',
    )
    .sort();
  check('who', names, [...(expect.who ?? [])].sort());
  check('start', e.allDay ? e.start.slice(0, 10) : e.start.slice(0, 16), expect.start);
  if (e.allDay) check('last day', e.lastDay, expect.lastDay ?? expect.start);
  else check('minutes', e.durationMinutes, expect.minutes ?? 60);
  check('repeat', e.recurrence, expect.repeat ?? null);
  check('until', e.recurrenceEndDate, expect.until ?? null);
  for (const kind of expect.notes ?? []) {
    if (!e.unsure.some((n) => n.kind === kind)) problems.push(`no "${kind}" note`);
  }
  return problems;
}
