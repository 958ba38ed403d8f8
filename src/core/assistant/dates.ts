import * as chrono from 'chrono-node';
import { addLocalDays, isLocalDate, localDateOf, localToFloating, localWeekday } from '../time/local-time.ts';

/** A part of a day the question narrows to ("tonight", "tomorrow morning"). */
export interface DayPart {
  /** 'morning' 00:00–12:00, 'afternoon' 12:00–17:00, 'evening' 17:00–24:00. */
  name: 'morning' | 'afternoon' | 'evening';
  /** Local `HH:mm`, inclusive. */
  from: string;
  /** Local `HH:mm`, exclusive ('24:00' = midnight after). */
  to: string;
}

/** A span of whole local days, both ends inclusive (`YYYY-MM-DD`). */
export interface DayRange {
  from: string;
  to: string;
  /** How the question named it, for the answer's heading. */
  kind: 'day' | 'this_week' | 'next_week' | 'weekend' | 'next_weekend';
  /** Set when a single day is narrowed to a part of it. */
  part?: DayPart;
}

const PARTS: Array<[RegExp, DayPart]> = [
  [/\b(tonight|evening|night)\b/, { name: 'evening', from: '17:00', to: '24:00' }],
  [/\bafternoon\b/, { name: 'afternoon', from: '12:00', to: '17:00' }],
  [/\bmorning\b/, { name: 'morning', from: '00:00', to: '12:00' }],
];

/** "the 3rd", "on the 21st": the next date with that day of the month (this month if still ahead). */
function dayOfMonth(text: string, today: string): { date: string; phrase: RegExp } | null {
  const phrase = /\b(?:on )?the (\d{1,2})(?:st|nd|rd|th)?\b/;
  const m = phrase.exec(text);
  if (!m) return null;
  const wanted = Number(m[1]);
  let year = Number(today.slice(0, 4));
  let month = Number(today.slice(5, 7));
  if (wanted < Number(today.slice(8, 10))) month += 1;
  // A month without that day (the 31st in November) is skipped, as a calendar would.
  for (let i = 0; i < 12; i += 1, month += 1) {
    if (month > 12) {
      month = 1;
      year += 1;
    }
    const date = `${year}-${pad2(month)}-${pad2(wanted)}`;
    if (isLocalDate(date)) return { date, phrase };
  }
  return null;
}

/** The "when" of a question. */
export interface ParsedWhen {
  /** The days asked about, or null when the question names none. */
  range: DayRange | null;
  /** A clock time `HH:mm` when the question names one ("at 3", "4:30pm"), else null. */
  time: string | null;
  /** The question with the date and time words taken out (for matching event titles). */
  rest: string;
}

function day(date: string, text: string): DayRange {
  const part = PARTS.find(([re]) => re.test(text))?.[1];
  return part ? { from: date, to: date, kind: 'day', part } : { from: date, to: date, kind: 'day' };
}

/** Sunday-start weeks (SPEC §9). */
function weekRanges(text: string, today: string): { range: DayRange; phrase: RegExp } | null {
  const weekday = localWeekday(today);
  const saturday = addLocalDays(today, 6 - weekday);
  const comingSaturday = weekday === 0 ? addLocalDays(today, -1) : saturday;
  if (/\bnext weekend\b/.test(text)) {
    const sat = addLocalDays(comingSaturday, 7);
    return {
      range: { from: sat, to: addLocalDays(sat, 1), kind: 'next_weekend' },
      phrase: /\bnext weekend\b/,
    };
  }
  if (/\b(this |the )?weekend\b/.test(text)) {
    // On a Sunday "this weekend" is what is left of it: today.
    const from = weekday === 0 ? today : weekday === 6 ? today : comingSaturday;
    return {
      range: { from, to: addLocalDays(comingSaturday, 1), kind: 'weekend' },
      phrase: /\b(this |the )?weekend\b/,
    };
  }
  if (/\bnext week\b/.test(text)) {
    const sunday = addLocalDays(saturday, 1);
    return {
      range: { from: sunday, to: addLocalDays(sunday, 6), kind: 'next_week' },
      phrase: /\bnext week\b/,
    };
  }
  if (/\b(this|the|rest of the) week\b|\bweek\b/.test(text)) {
    return {
      range: { from: today, to: saturday, kind: 'this_week' },
      phrase: /\b(for |of )?(this |the |rest of the )?week\b/,
    };
  }
  return null;
}

const pad2 = (n: number) => String(n).padStart(2, '0');

/**
 * Finds the day(s) and time a question is about, relative to `now` (local `YYYY-MM-DDTHH:mm:00` in the
 * family's zone). Weeks and weekends are read here (Sunday-start weeks, SPEC §9); single days and times
 * by chrono-node ("tomorrow", "on Saturday", "Dec 3", "12/3", "at 4:30"), always forward from today.
 *
 * Rules a texter expects: a bare weekday is the next one (today if it is today); a time without a day is
 * today; a bare hour 1–7 without am/pm is afternoon ("free at 3" = 3pm).
 */
export function parseWhen(text: string, now: string): ParsedWhen {
  const today = localDateOf(now);
  const week = weekRanges(text, today);
  if (week) return { range: week.range, time: null, rest: text.replace(week.phrase, ' ').trim() };
  const nth = dayOfMonth(text, today);
  if (nth) return { range: day(nth.date, text), time: null, rest: text.replace(nth.phrase, ' ').trim() };

  // Chrono reads wall-clock fields in the reference's offset: a floating Date with offset 0 keeps the
  // family's local fields as they are, whatever zone this process runs in.
  const reference = { instant: localToFloating(now), timezone: 0 };
  const [found] = chrono.parse(text, reference, { forwardDate: true });
  if (!found) {
    const part = PARTS.find(([re]) => re.test(text));
    // "anything this evening?" names no date but means today.
    if (part) return { range: day(today, text), time: null, rest: text.replace(part[0], ' ').trim() };
    return { range: null, time: null, rest: text };
  }
  const start = found.start;
  const rest = `${text.slice(0, found.index)} ${text.slice(found.index + found.text.length)}`
    .replace(/\s+/g, ' ')
    .trim();

  const dateNamed = start.isCertain('day') || start.isCertain('weekday') || start.isCertain('month');
  let date = today;
  if (dateNamed) {
    const y = start.get('year');
    const m = start.get('month');
    const d = start.get('day');
    if (y !== null && m !== null && d !== null) date = `${y}-${pad2(m)}-${pad2(d)}`;
  }
  // chrono's forwardDate moves "on Monday" asked on a Monday a week ahead; the texter means today.
  if (start.isCertain('weekday') && !start.isCertain('day') && start.get('weekday') === localWeekday(today)) {
    if (!/\bnext\b/.test(found.text)) date = today;
  }

  let time: string | null = null;
  if (start.isCertain('hour')) {
    let hour = start.get('hour') ?? 0;
    if (!start.isCertain('meridiem') && hour >= 1 && hour <= 7) hour += 12;
    time = `${pad2(hour)}:${pad2(start.get('minute') ?? 0)}`;
  }
  if (!dateNamed && time === null) {
    // chrono read "this evening" as a time of day only: a part of today.
    return PARTS.some(([re]) => re.test(text))
      ? { range: day(today, text), time: null, rest }
      : { range: null, time, rest: text };
  }
  return { range: day(date, text), time, rest };
}
