import * as chrono from 'chrono-node';
import {
  addLocalDays,
  addLocalMinutes,
  isLocalDate,
  localDateOf,
  localToFloating,
  localWeekday,
} from '../time/local-time.ts';
import { DATE_WORDS, KNOWN_DATE_WORDS, correctDateWord, dayOfMonth } from './date-words.ts';
import type { Region } from './date-order.ts';
import { editDistance } from './normalize.ts';
import { findHoliday } from './region.ts';

/**
 * A part of a day the question narrows to ("tonight", "tomorrow morning", "after school"). A listing shows what
 * starts in its hours; free/busy counts whatever overlaps them. Hours (local, docs/assistant.md): morning
 * 00:00-12:00, afternoon ("arvo") 12:00-17:00, evening and night ("tonight") 17:00-24:00, after school
 * 15:00-18:00, after dinner 19:00-24:00.
 */
export interface DayPart {
  name: 'morning' | 'afternoon' | 'evening' | 'night' | 'after school' | 'after dinner';
  /** Local `HH:mm`, inclusive. */
  from: string;
  /** Local `HH:mm`, exclusive ('24:00' = midnight after). */
  to: string;
}

const MORNING: DayPart = { name: 'morning', from: '00:00', to: '12:00' };
const AFTERNOON: DayPart = { name: 'afternoon', from: '12:00', to: '17:00' };
const EVENING: DayPart = { name: 'evening', from: '17:00', to: '24:00' };
const NIGHT: DayPart = { name: 'night', from: '17:00', to: '24:00' };
const AFTER_SCHOOL: DayPart = { name: 'after school', from: '15:00', to: '18:00' };
const AFTER_DINNER: DayPart = { name: 'after dinner', from: '19:00', to: '24:00' };

/**
 * Parts of day that name today on their own ("anything tonight?", "after school?"); a bare "night" needs a
 * day ("friday night"). The more specific ones come first ("after dinner tonight" is after dinner).
 */
const TODAY_PARTS: Array<[RegExp, DayPart]> = [
  [/\bafter (dinner|supper|tea)\b/, AFTER_DINNER],
  [/\bafter school\b/, AFTER_SCHOOL],
  [/\b(tonight|evening)\b/, EVENING],
  [/\bafternoon\b/, AFTERNOON],
  [/\bmorning\b/, MORNING],
];

/** A span of whole local days, both ends inclusive (`YYYY-MM-DD`). */
export interface DayRange {
  from: string;
  to: string;
  /**
   * How the question named it, for the answer's heading. `coming_weekend`: "this weekend" asked on a Sunday
   * from 5pm, when this weekend is over (the next Saturday and Sunday); `month`: a calendar month (from today
   * when it is this month); `weekend_weeks`: "this week" asked on a Saturday or Sunday, the week ending (Sunday
   * to Saturday) and the one starting, 14 days (issue 43); `span`: any other run of days ("sat and sun", "dec 5-7", "next 3 days").
   */
  kind:
    | 'day'
    | 'this_week'
    | 'weekend_weeks'
    | 'next_week'
    | 'last_week'
    | 'weekend'
    | 'coming_weekend'
    | 'next_weekend'
    | 'last_weekend'
    | 'month'
    | 'span';
  /** Set when a single day is narrowed to a part of it. */
  part?: DayPart;
  /**
   * The weekday the texter typed (0 = Sunday) when it is not the weekday of the date they named ("monday the
   * 8th" when the 8th is a Tuesday): the date wins and the answer says so.
   */
  typedWeekday?: number;
  /**
   * Issue 43: a date typed without a year ("11/27", "nov 27") that is already past this year, by at most
   * PAST_DATE_DAYS days: this year's past day is meant (not next year's), and the answer says it is past.
   */
  past?: boolean;
}

/**
 * How far back a date typed without a year still means this year's (issue 43): within this many days before
 * today it is this year's past day ("anything on 11/27" asked on Nov 29); further back it is next year's
 * ("jan 5" asked in November).
 */
export const PAST_DATE_DAYS = 183;

/**
 * The year a month and day typed without one mean, seen from `today` (`YYYY-MM-DD`): this year's when it is
 * today or ahead, or behind by at most PAST_DATE_DAYS days (then `past`); otherwise next year's. Null when
 * neither this year nor next has that date (Feb 30).
 */
export function yearOfMonthDay(
  month: number,
  dayOfMonth: number,
  today: string,
): { date: string; past: boolean } | null {
  const thisYear = Number(today.slice(0, 4));
  const date = `${thisYear}-${pad2(month)}-${pad2(dayOfMonth)}`;
  if (isLocalDate(date)) {
    if (date >= today) return { date, past: false };
    if (addLocalDays(date, PAST_DATE_DAYS) >= today) return { date, past: true };
  }
  const next = `${thisYear + 1}-${pad2(month)}-${pad2(dayOfMonth)}`;
  return isLocalDate(next) ? { date: next, past: false } : null;
}

const PARTS: Array<[RegExp, DayPart]> = [
  [/\bafter (dinner|supper|tea)\b/, AFTER_DINNER],
  [/\bafter school\b/, AFTER_SCHOOL],
  [/\b(tonight|evening)\b/, EVENING],
  [/\bnight\b/, NIGHT],
  [/\bafternoon\b/, AFTERNOON],
  [/\bmorning\b/, MORNING],
];

/** The part of a day `text` names ("tomorrow night", "after school"), if any. */
export function dayPartIn(text: string): DayPart | null {
  return PARTS.find(([re]) => re.test(text))?.[1] ?? null;
}

/** A numeric date: "11/29", "29/11", "11-29", "29.11", "12/5/2026" (normalizeQuestion turns - and . into /). */
const NUMERIC_DATE = /\b(\d{1,2})\/(\d{1,2})(?:\/(\d{2}|\d{4}))?\b/;

/**
 * Reads a numeric date in the region's order (month first in the US, day first in most other places); when
 * only the other order is a real date ("28/11" in the US) that one is meant. Without a year: `yearOfMonthDay`
 * (this year's when ahead or at most PAST_DATE_DAYS behind, then `past`; else next year's).
 * @returns null when there is none; 'invalid' when neither order is a date ("13/45", "31/11" day-first).
 */
function numericDate(
  text: string,
  today: string,
  region: Region,
): { date: string; phrase: RegExp; past?: boolean } | 'invalid' | null {
  const m = NUMERIC_DATE.exec(text);
  if (!m) return null;
  const a = Number(m[1]);
  const b = Number(m[2]);
  const explicitYear = m[3] === undefined ? null : Number(m[3].length === 2 ? `20${m[3]}` : m[3]);
  const orders: Array<[number, number]> = region.monthFirst
    ? [
        [a, b],
        [b, a],
      ]
    : [
        [b, a],
        [a, b],
      ];
  for (const [month, day] of orders) {
    if (month < 1 || month > 12) continue;
    if (explicitYear !== null) {
      const date = `${explicitYear}-${pad2(month)}-${pad2(day)}`;
      if (isLocalDate(date)) return { date, phrase: NUMERIC_DATE };
      continue;
    }
    const found = yearOfMonthDay(month, day, today);
    if (found) return { date: found.date, phrase: NUMERIC_DATE, past: found.past };
  }
  return 'invalid';
}

/** The "when" of a question. */
export interface ParsedWhen {
  /** The days asked about, or null when the question names none. */
  range: DayRange | null;
  /** A clock time `HH:mm` when the question names one ("at 3", "4:30pm"), else null. */
  time: string | null;
  /** The question with the date and time words taken out (for matching event titles). */
  rest: string;
  /**
   * True when the question has a day expression that could not be read ("blursday", "the 45th", "31/11",
   * "next fortnight", a holiday the family's country does not have): the answer must say so, never guess.
   */
  unclear: boolean;
  /**
   * True when the day comes only from a bare clock time ("is the dinner at 6": today, or tomorrow when 6 is
   * gone): the question names no day of its own.
   */
  timeOnly?: boolean;
}

/** Words that end like a day but are not one ("birthday", "holiday"), and are never flagged as unreadable days. */
const NOT_DAY_WORDS = new Set(
  'day days today yesterday birthday birthdays holiday holidays weekday weekdays everyday someday midday payday'.split(
    ' ',
  ),
);
const FULL_DAY_OR_MONTH =
  /\b(monday|tuesday|wednesday|thursday|friday|saturday|sunday|january|february|march|april|june|july|august|september|october|november|december)\b/;
const MONTH_WITH_NUMBER =
  /\b(jan|feb|mar|apr|may|jun|jul|aug|sept?|oct|nov|dec)[a-z]* \d|\b\d+(st|nd|rd|th)? (of )?(jan|feb|mar|apr|may|jun|jul|aug|sept?|oct|nov|dec)/;
/** "sunday week", "a week on sunday", "a week tomorrow", "a week today": groups are the day named. */
const WEEK_ON =
  /\b(?:(sunday|monday|tuesday|wednesday|thursday|friday|saturday) week|a week (?:on |from )?(sunday|monday|tuesday|wednesday|thursday|friday|saturday)|a week (?:from )?(tomorrow|today))\b/;

/** Date units the assistant does not read. */
const UNREAD_UNITS = /\b(fortnight|fortnights|quarter|semester|term)\b/;
/**
 * Time-span words left over after every reader had its turn (words of the family's titles excepted): a span
 * the assistant did not read ("weeknights", "over the break", "the next few weeks", "this year", "last
 * night" when chrono did not take it), so the question is flagged rather than answered for today.
 */
const UNREAD_SPANS =
  /\b(weeks?|weekends?|weeknights?|weekdays?|months?|years?|terms|semesters|breaks?|holidays|hols|vacation|vacay|summer|winter|spring|autumn|half ?term|ago|mornings|afternoons|evenings|nights|last (night|\w+day))\b/;

/**
 * Leftover words that look like a day but were not read: an unknown "-day" word ("blursday"), a month or
 * weekday word left over after parsing ("feb 30"), a date unit we do not read ("fortnight").
 */
function unreadDayWords(rest: string, keep: ReadonlySet<string>, dayFound: boolean): boolean {
  if (UNREAD_UNITS.test(rest)) return true;
  const unkept = rest
    .split(' ')
    .filter((w) => !keep.has(w))
    .join(' ');
  if (UNREAD_SPANS.test(unkept)) return true;
  return rest.split(' ').some((w) => {
    if (w === '' || keep.has(w)) return false;
    if (/^[a-z]+days?$/.test(w) && !NOT_DAY_WORDS.has(w) && !DATE_WORDS.includes(w.replace(/s$/, '')))
      return true;
    // Near a day word but not near enough to be sure ("thrusdy"): when no day was read, ask rather than guess.
    return !dayFound && nearDateWord(w);
  });
}

/** True for a word of 4+ letters within two edits of a weekday or month word, with the same first letter. */
function nearDateWord(word: string): boolean {
  if (word.length < 4 || KNOWN_DATE_WORDS.has(word) || /[^a-z]/.test(word)) return false;
  return DATE_WORDS.slice(0, 18).some((d) => d[0] === word[0] && editDistance(word, d) <= 2);
}

function day(date: string, text: string): DayRange {
  const part = PARTS.find(([re]) => re.test(text))?.[1];
  return part ? { from: date, to: date, kind: 'day', part } : { from: date, to: date, kind: 'day' };
}

/** When the weekend ends for "this weekend": a Sunday from 17:00 (evening) on, it is over. */
const WEEKEND_OVER = '17:00';

/**
 * Weeks (Sunday to Saturday, SPEC §9), weekends (Saturday and Sunday), the last and the coming ones. "this
 * week" on a Saturday or Sunday is the week ending and the one starting (`weekend_weeks`).
 * "this weekend" is the coming Saturday and Sunday; on a Saturday, today and tomorrow; on a Sunday before
 * 5pm, what is left of today; on a Sunday from 5pm this weekend is over and the coming one is meant
 * (`coming_weekend`, said in the reply's heading). "next weekend" on a Sunday is the coming one too.
 */
function weekRanges(text: string, now: string): { range: DayRange; phrase: RegExp } | null {
  const today = localDateOf(now);
  const weekday = localWeekday(today);
  const saturday = addLocalDays(today, 6 - weekday);
  const comingSaturday = weekday === 0 ? addLocalDays(today, -1) : saturday;
  const thisSunday = addLocalDays(today, -weekday);
  const weekend = (sat: string, kind: DayRange['kind'], phrase: RegExp) => ({
    range: { from: sat, to: addLocalDays(sat, 1), kind },
    phrase,
  });
  if (/\blast weekend\b/.test(text)) {
    const sat =
      weekday === 0
        ? addLocalDays(today, -8)
        : weekday === 6
          ? addLocalDays(today, -7)
          : addLocalDays(today, -weekday - 1);
    return weekend(sat, 'last_weekend', /\blast weekend\b/);
  }
  if (/\bweekend after next\b/.test(text)) {
    return weekend(addLocalDays(comingSaturday, 14), 'span', /\b(the )?weekend after next\b/);
  }
  if (/\bnext weekend\b/.test(text)) {
    return weekend(addLocalDays(comingSaturday, 7), 'next_weekend', /\bnext weekend\b/);
  }
  const thisWeekend = /\b(this |the |this coming |the coming |coming )?weekends?\b/;
  if (thisWeekend.test(text)) {
    if (weekday === 0 && now.slice(11, 16) >= WEEKEND_OVER) {
      return weekend(addLocalDays(comingSaturday, 7), 'coming_weekend', thisWeekend);
    }
    const from = weekday === 0 || weekday === 6 ? today : comingSaturday;
    return { range: { from, to: addLocalDays(comingSaturday, 1), kind: 'weekend' }, phrase: thisWeekend };
  }
  if (/\bweek after next\b/.test(text)) {
    const sunday = addLocalDays(thisSunday, 14);
    return {
      range: { from: sunday, to: addLocalDays(sunday, 6), kind: 'span' },
      phrase: /\b(the )?week after next\b/,
    };
  }
  if (/\blast week\b/.test(text)) {
    const sunday = addLocalDays(thisSunday, -7);
    return {
      range: { from: sunday, to: addLocalDays(sunday, 6), kind: 'last_week' },
      phrase: /\blast week\b/,
    };
  }
  if (/\bnext week\b/.test(text)) {
    const sunday = addLocalDays(saturday, 1);
    return {
      range: { from: sunday, to: addLocalDays(sunday, 6), kind: 'next_week' },
      phrase: /\bnext week\b/,
    };
  }
  if (/\b(this|the|rest of the) week\b|\bweek\b/.test(text) && !/\bweek of\b/.test(text)) {
    // Asked on a weekend, "this week" is both the week that is ending and the one starting (issue 43): what
    // was due on Tuesday still counts, and so does Monday's.
    if ((weekday === 6 || weekday === 0) && !/\brest of the week\b/.test(text)) {
      const sunday = weekday === 6 ? thisSunday : addLocalDays(thisSunday, -7);
      return {
        range: { from: sunday, to: addLocalDays(sunday, 13), kind: 'weekend_weeks' },
        phrase: /\b(for |of )?(this |the )?week\b/,
      };
    }
    return {
      range: { from: today, to: saturday, kind: 'this_week' },
      phrase: /\b(for |of )?(this |the |rest of the )?week\b/,
    };
  }
  return null;
}

const MONTH_NAMES =
  'january february march april may june july august september october november december'.split(' ');

/** The last day (`YYYY-MM-DD`) of the month of `date`. */
function monthEnd(date: string): string {
  const first = `${date.slice(0, 8)}01`;
  const nextFirst = addLocalDays(first, 32).slice(0, 8) + '01';
  return addLocalDays(nextFirst, -1);
}

/** A calendar month as a range: from today when it is the current month. */
function monthRange(first: string, today: string): DayRange {
  return { from: first < today ? today : first, to: monthEnd(first), kind: 'month' };
}

/**
 * "this month" / "rest of the month" (today to its end), "next month" (all of it), "next 3 days" / "next few
 * days" / "coming days" (today and that many days after it: few = 3, couple = 2, coming = 3).
 */
function monthAndDaySpans(text: string, today: string): { range: DayRange; phrase: RegExp } | null {
  const thisMonth = /\b(this|rest of the|rest of this|the rest of the|the rest of this) month\b/;
  if (thisMonth.test(text)) return { range: monthRange(`${today.slice(0, 8)}01`, today), phrase: thisMonth };
  if (/\bnext month\b/.test(text)) {
    const first = `${addLocalDays(`${today.slice(0, 8)}01`, 32).slice(0, 8)}01`;
    return { range: monthRange(first, today), phrase: /\bnext month\b/ };
  }
  const counts: Record<string, number> = {
    couple: 2,
    few: 3,
    two: 2,
    three: 3,
    four: 4,
    five: 5,
    six: 6,
    seven: 7,
  };
  const days =
    /\b(?:the )?(?:next|coming|following) (?:(\d{1,2}|couple|few|two|three|four|five|six|seven) )?(?:of )?days\b/;
  const m = days.exec(text);
  if (m) {
    const n = m[1] === undefined ? 3 : (counts[m[1]] ?? Number(m[1]));
    if (n < 1 || n > 31) return null;
    return { range: { from: today, to: addLocalDays(today, n), kind: 'span' }, phrase: days };
  }
  return null;
}

const WEEKDAY_WORDS = 'sunday monday tuesday wednesday thursday friday saturday'.split(' ');

/** The next date (today included) with weekday `wd`, on or after `from`. */
function nextWeekday(from: string, wd: number): string {
  return addLocalDays(from, (wd - localWeekday(from) + 7) % 7);
}

/**
 * Two weekdays joined ("sat and sun", "fri-sun", "friday to sunday", "mon or tue"): the days from the first
 * (the next one, today included) to the second after it. When the first is today and the part of the day
 * asked about is over, the next week's.
 */
function weekdayPair(text: string, today: string): { range: DayRange; phrase: RegExp } | null {
  const wd = WEEKDAY_WORDS.join('|');
  const pair = new RegExp(`\\b(${wd}) (?:(?:and|to|through|thru|till|until|or|and or|n|til) )?(${wd})\\b`);
  const m = pair.exec(text);
  if (!m || m[1] === m[2]) return null;
  const from = nextWeekday(today, WEEKDAY_WORDS.indexOf(m[1] ?? ''));
  const to = nextWeekday(from, WEEKDAY_WORDS.indexOf(m[2] ?? ''));
  return { range: { from, to, kind: 'span' }, phrase: pair };
}

/** "last friday": the latest one before today. */
function lastWeekday(text: string, today: string): { range: DayRange; phrase: RegExp } | null {
  const re = new RegExp(`\\blast (${WEEKDAY_WORDS.join('|')})\\b`);
  const m = re.exec(text);
  if (!m) return null;
  const back = (localWeekday(today) - WEEKDAY_WORDS.indexOf(m[1] ?? '') + 7) % 7 || 7;
  return { range: day(addLocalDays(today, -back), text), phrase: re };
}

/** The one weekday the text names (0 = Sunday), or null when it names none or several. */
function typedWeekdayOf(text: string): number | null {
  const found = new Set(text.split(' ').filter((w) => WEEKDAY_WORDS.includes(w)));
  if (found.size !== 1) return null;
  return WEEKDAY_WORDS.indexOf([...found][0] ?? '');
}

/** `range` with the typed weekday noted when the date named falls on another weekday ("monday the 8th"). */
function withWeekdayCheck(range: DayRange, text: string): DayRange {
  const typed = typedWeekdayOf(text);
  if (typed === null || range.from !== range.to || typed === localWeekday(range.from)) return range;
  return { ...range, typedWeekday: typed };
}

const pad2 = (n: number) => String(n).padStart(2, '0');

/**
 * A question in the past tense ("what did we have on friday", "what was on the 27th", "what happened on
 * thanksgiving"): a weekday, a day of the month or a holiday named without a month then means the latest one
 * up to today, not the next one. Words that point ahead ("next", "coming", "will", "still") keep it forward.
 * Only the words before the day count: in "is piano on wed, it was moved" the day is ahead.
 */
const PAST_TENSE = /\b(was|were|wasnt|werent|did|didnt|had|happened|went)\b/;
const AHEAD = /\b(next|coming|will|still|upcoming|gonna|going to)\b/;

function askedInPast(text: string): boolean {
  // "I was wondering …", "we were told …", "was going to": how the texter asks, not when.
  const asked = text.replace(
    /\b(?:i|we) (?:was|were) \w+ing\b|\b(?:was|were) (?:told|going to|gonna|supposed|meant|asked)\b|\bdid (?:you|u) (?:say|see|know)\b/g,
    ' ',
  );
  return PAST_TENSE.test(asked) && !AHEAD.test(asked);
}

/** The latest date up to `today` with the day of month of `date` (a later date stepped back a month at a time). */
function latestDayOfMonth(date: string, today: string): string {
  let [year, month] = [Number(date.slice(0, 4)), Number(date.slice(5, 7))];
  for (let i = 0; i < 12; i += 1) {
    const candidate = `${year}-${pad2(month)}-${date.slice(8, 10)}`;
    if (isLocalDate(candidate) && candidate <= today) return candidate;
    month -= 1;
    if (month < 1) [year, month] = [year - 1, 12];
  }
  return date;
}

/** What parseWhen needs besides the text. */
export interface WhenOptions {
  /** The family's region: numeric date order and holidays (regionOf(timeZone)). Default: US-style, no holidays. */
  region?: Region;
  /** Words never corrected or flagged: the family's names and event-title words. */
  keep?: ReadonlySet<string>;
}

/**
 * Finds the day(s) and time a question is about, relative to `now` (local `YYYY-MM-DDTHH:mm:00` in the
 * family's zone). In order: misspelt day and month words are corrected; weeks and weekends (Sunday-start
 * weeks, SPEC §9); holidays of the family's country (date-holidays); numeric dates in the region's order;
 * "the 3rd"; then chrono-node for the rest ("tomorrow", "on Saturday", "Dec 3", "at 4:30"), always forward
 * from today. A day expression that none of these reads sets `unclear`.
 *
 * Rules a texter expects: a bare weekday is the next one (today if it is today); a time without a day is
 * today; a bare hour 1–7 without am/pm is afternoon ("free at 3" = 3pm); "in the morning" asked after noon is
 * tomorrow morning.
 */
export function parseWhen(raw: string, now: string, options: WhenOptions = {}): ParsedWhen {
  const region = options.region ?? { country: null, monthFirst: true };
  const keep = options.keep ?? new Set<string>();
  const text = raw
    .split(' ')
    .map((w) => (keep.has(w) ? w : correctDateWord(w)))
    .join(' ')
    // "dec 5th and 6th", "dec 5 to 7": the span chrono reads as "dec 5-7".
    .replace(
      /\b((?:jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)[a-z]*) (\d{1,2})(?:st|nd|rd|th)? (?:and|n|to|through|thru|till|until) (?:the )?(\d{1,2})(?:st|nd|rd|th)?\b/,
      '$1 $2-$3',
    );
  const today = localDateOf(now);
  const finish = (when: Omit<ParsedWhen, 'unclear'>): ParsedWhen => ({
    ...when,
    unclear: unreadDayWords(when.rest, keep, when.range !== null),
  });
  const unclear: ParsedWhen = { range: null, time: null, rest: text, unclear: true };
  const spanned = (found: { range: DayRange; phrase: RegExp }): ParsedWhen => {
    const rest = text.replace(found.phrase, ' ').replace(/\s+/g, ' ').trim();
    const timed = parseClock(rest, now);
    return finish({ range: found.range, time: timed.time, rest: timed.rest });
  };

  // "the day after tomorrow" (chrono reads it as tomorrow) and "overmorrow": two days from today.
  const overmorrow = /\b(?:the )?(?:day after (?:tomorrow|tmrw)|overmorrow)\b/;
  if (overmorrow.test(text)) {
    return spanned({ range: day(addLocalDays(today, 2), text), phrase: overmorrow });
  }
  // "the weekend of the 12th", "weekend of dec 19": the Saturday and Sunday of (or after) that date.
  const weekendOf = /\b(?:the )?weekend of\b/;
  if (weekendOf.test(text)) {
    const inner = parseWhen(text.replace(weekendOf, ' ').replace(/\s+/g, ' ').trim(), now, options);
    if (inner.unclear || inner.range === null) return unclear;
    const wd = localWeekday(inner.range.from);
    const saturday = addLocalDays(inner.range.from, wd === 0 ? -1 : 6 - wd);
    return { ...inner, range: { from: saturday, to: addLocalDays(saturday, 1), kind: 'span' } };
  }
  // British "sunday week" / "a week on sunday" (the Sunday after the coming one), "a week tomorrow / today".
  const weekOn = WEEK_ON.exec(text);
  if (weekOn) {
    const named = weekOn[1] ?? weekOn[2] ?? weekOn[3] ?? 'today';
    const base =
      named === 'today'
        ? today
        : named === 'tomorrow'
          ? addLocalDays(today, 1)
          : // The weekday named is today when it is today (as a bare weekday is): "sunday week" on a Sunday
            // is a week today.
            addLocalDays(today, (WEEKDAY_WORDS.indexOf(named) - localWeekday(today) + 7) % 7);
    return spanned({ range: day(addLocalDays(base, 7), text), phrase: WEEK_ON });
  }
  // "christmas week", "thanksgiving week": the week (Sunday to Saturday) with the holiday in it.
  const holidayWeek = /\bweek\b/.test(text) ? findHoliday(text.split(' '), today, region.country) : null;
  if (holidayWeek && holidayWeek !== 'unknown') {
    const phrase = new RegExp(`\\b(?:the )?${holidayWeek.phrase} week\\b`);
    if (phrase.test(text)) {
      const sunday = addLocalDays(holidayWeek.date, -localWeekday(holidayWeek.date));
      return spanned({ range: { from: sunday, to: addLocalDays(sunday, 6), kind: 'span' }, phrase });
    }
  }
  const week = weekRanges(text, now);
  if (week) return finish({ range: week.range, time: null, rest: text.replace(week.phrase, ' ').trim() });
  const span = monthAndDaySpans(text, today) ?? weekdayPair(text, today) ?? lastWeekday(text, today);
  if (span) return spanned(span);

  const holiday =
    pastHoliday(text, today, region.country) ?? findHoliday(text.split(' '), today, region.country);
  if (holiday === 'unknown') return unclear;
  if (holiday) {
    const rest = text.replace(holiday.phrase, ' ').replace(/\s+/g, ' ').trim();
    const timed = parseClock(rest, now);
    return finish({
      range: withWeekdayCheck(day(holiday.date, text), text),
      time: timed.time,
      rest: withoutParts(withoutWeekdays(timed.rest)),
    });
  }

  const numeric = numericDate(text, today, region);
  if (numeric === 'invalid') return unclear;
  if (numeric) {
    const rest = text.replace(numeric.phrase, ' ').replace(/\s+/g, ' ').trim();
    const timed = parseClock(rest, now);
    const range = withWeekdayCheck(day(numeric.date, text), text);
    return finish({
      range: numeric.past ? { ...range, past: true } : range,
      time: timed.time,
      rest: withoutParts(withoutWeekdays(timed.rest)),
    });
  }

  // An age in a title ("Nan's 70th") is no day of a month.
  const nthText = text
    .split(' ')
    .filter((w) => !(keep.has(w) && /^\d{1,3}(?:st|nd|rd|th)$/.test(w) && parseInt(w, 10) > 31))
    .join(' ');
  const nth = dayOfMonth(nthText, today);
  if (nth === 'invalid') return unclear;
  if (nth) {
    const rest = text.replace(nth.phrase, ' ').replace(/\s+/g, ' ').trim();
    const timed = parseClock(rest, now);
    const at = nth.phrase.exec(nthText)?.index ?? 0;
    const date = askedInPast(nthText.slice(0, at)) ? latestDayOfMonth(nth.date, today) : nth.date;
    return finish({
      range: withWeekdayCheck(day(date, text), text),
      time: timed.time,
      rest: withoutParts(withoutWeekdays(timed.rest)),
    });
  }

  // Chrono reads wall-clock fields in the reference's offset: a floating Date with offset 0 keeps the
  // family's local fields as they are, whatever zone this process runs in.
  const reference = { instant: localToFloating(now), timezone: 0 };
  const [found] = chrono.parse(text, reference, { forwardDate: true });
  if (!found) {
    const part = TODAY_PARTS.find(([re]) => re.test(text));
    // "anything this evening?" names no date but means today ("in the morning" after noon: tomorrow).
    if (part)
      return finish({
        range: day(partDay(text, part[1], now), text),
        time: null,
        rest: text.replace(part[0], ' ').trim(),
      });
    // A weekday or month that chrono could not place ("feb 30", "march 0") is a day we cannot read.
    if (FULL_DAY_OR_MONTH.test(text) || MONTH_WITH_NUMBER.test(text)) return unclear;
    return finish({ range: null, time: null, rest: text });
  }
  // chrono turns some spans into one day ("next couple weeks" → a day two weeks out, "weekday evening"):
  // only "in 2 weeks" / "3 days ago" style offsets are a day.
  if (
    /\b(weeks?|weekdays?|weeknights?|weekends?|months?|years?)\b/.test(found.text) &&
    !/^(in )?(a|an|one|two|three|four|\d+) (days?|weeks?|months?)( from (now|today)| ago)?$/.test(found.text)
  ) {
    return unclear;
  }
  const start = found.start;
  const rest = `${text.slice(0, found.index)} ${text.slice(found.index + found.text.length)}`
    .replace(/\s+/g, ' ')
    .trim();

  // A month without a day ("anything in december"): the whole month (from today in this one).
  if (start.isCertain('month') && !start.isCertain('day') && !start.isCertain('weekday')) {
    const y = start.get('year');
    const m = start.get('month');
    if (y !== null && m !== null && MONTH_NAMES.some((name) => found.text.includes(name.slice(0, 3)))) {
      const first = `${y}-${pad2(m)}-01`;
      const month = monthRange(first < `${today.slice(0, 8)}01` ? `${y + 1}-${pad2(m)}-01` : first, today);
      return finish({ range: month, time: null, rest });
    }
  }

  const dateNamed = start.isCertain('day') || start.isCertain('weekday') || start.isCertain('month');
  let date = today;
  let past = false;
  if (dateNamed) {
    const y = start.get('year');
    const m = start.get('month');
    const d = start.get('day');
    if (y !== null && m !== null && d !== null) date = `${y}-${pad2(m)}-${pad2(d)}`;
    // "nov 27" without a year: chrono reads it forward (next year's); a day just gone is this year's.
    if (
      m !== null &&
      d !== null &&
      start.isCertain('month') &&
      start.isCertain('day') &&
      !start.isCertain('year')
    ) {
      const found = yearOfMonthDay(m, d, today);
      if (found) {
        date = found.date;
        past = found.past;
      }
    }
  }
  // chrono's forwardDate moves "on Monday" asked on a Monday a week ahead; the texter means today, unless the
  // part of today they name is over ("sunday morning" asked on Sunday evening is next Sunday's).
  if (start.isCertain('weekday') && !start.isCertain('day') && start.get('weekday') === localWeekday(today)) {
    const part = PARTS.find(([re]) => re.test(text))?.[1];
    const partOver = part !== undefined && partEnd(today, part) <= now;
    if (!/\bnext\b/.test(found.text) && !partOver) date = today;
  }
  // "what did we have on friday": the Friday just gone (or today's), not the coming one.
  if (start.isCertain('weekday') && !start.isCertain('day') && askedInPast(text.slice(0, found.index))) {
    while (date > today) date = addLocalDays(date, -7);
  }

  let time: string | null = null;
  if (start.isCertain('hour')) {
    let hour = start.get('hour') ?? 0;
    if (!start.isCertain('meridiem') && hour >= 1 && hour <= 7) hour += 12;
    time = `${pad2(hour)}:${pad2(start.get('minute') ?? 0)}`;
  }
  if (!dateNamed && time === null) {
    // chrono read "this evening" as a time of day only: a part of today (or tomorrow's morning, after noon).
    const part = TODAY_PARTS.find(([re]) => re.test(text));
    return part
      ? finish({ range: day(partDay(text, part[1], now), text), time: null, rest })
      : finish({ range: null, time, rest: text });
  }
  // A clock time without a day that is an hour or more gone ("free at 3?" asked at 7:30pm) is tomorrow's;
  // the reply names the day.
  if (!dateNamed && time !== null && !/\b(today|tonight|this)\b/.test(text)) {
    if (addLocalMinutes(`${today}T${time}:00`, 60) <= now) date = addLocalDays(today, 1);
  }
  // A date with an end ("dec 5-7", "saturday to sunday"): every day from the first to the last.
  const end = found.end;
  if (end && time === null) {
    const y = end.get('year');
    const m = end.get('month');
    const d = end.get('day');
    const last = y !== null && m !== null && d !== null ? `${y}-${pad2(m)}-${pad2(d)}` : date;
    if (last > date) return finish({ range: { from: date, to: last, kind: 'span' }, time: null, rest });
  }
  const dated = start.isCertain('day') ? withWeekdayCheck(day(date, text), text) : day(date, text);
  const range = past ? { ...dated, past } : dated;
  const timeOnly = !dateNamed && !range.part && !/\b(today|tonight|this)\b/.test(text);
  return {
    ...finish({ range, time, rest: range.typedWeekday === undefined ? rest : withoutWeekdays(rest) }),
    ...(timeOnly ? { timeOnly } : {}),
  };
}

/**
 * In a past-tense question, the latest holiday the text names up to today (this year's when it has come,
 * else last year's) when it is at most PAST_DATE_DAYS behind; null otherwise (then the next one is meant).
 */
function pastHoliday(text: string, today: string, country: string | null) {
  const year = Number(today.slice(0, 4));
  for (const from of [`${year}-01-01`, `${year - 1}-01-01`]) {
    const found = findHoliday(text.split(' '), from, country);
    if (found === 'unknown' || found === null) return null;
    if (!askedInPast(text.slice(0, Math.max(0, text.indexOf(found.phrase))))) return null;
    if (found.date <= today) return addLocalDays(found.date, PAST_DATE_DAYS) >= today ? found : null;
  }
  return null;
}

/** The text without the words of a part of a day ("thanksgiving night": "night" is not a title word). */
function withoutParts(text: string): string {
  return text
    .replace(/\b(after (dinner|supper|tea)|after school|tonight|evening|night|afternoon|morning)\b/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
}

/** The text without weekday words (a weekday beside a date is not a title word). */
function withoutWeekdays(text: string): string {
  return text
    .split(' ')
    .filter((w) => !WEEKDAY_WORDS.includes(w))
    .join(' ');
}

/** The local date-time a part of `date` ends. */
function partEnd(date: string, part: DayPart): string {
  return part.to === '24:00' ? `${addLocalDays(date, 1)}T00:00:00` : `${date}T${part.to}:00`;
}

/** The day a part of day without a date means: today, except "in the morning" asked after noon (tomorrow). */
function partDay(text: string, part: DayPart, now: string): string {
  const today = localDateOf(now);
  if (part.name === 'morning' && !/\bthis morning\b/.test(text) && Number(now.slice(11, 13)) >= 12) {
    return addLocalDays(today, 1);
  }
  return today;
}

/** A clock time left beside a date chrono did not read ("christmas eve at 6"): `HH:mm` and the rest. */
function parseClock(text: string, now: string): { time: string | null; rest: string } {
  const reference = { instant: localToFloating(now), timezone: 0 };
  const [found] = chrono.parse(text, reference, { forwardDate: true });
  if (!found || !found.start.isCertain('hour')) return { time: null, rest: text };
  let hour = found.start.get('hour') ?? 0;
  if (!found.start.isCertain('meridiem') && hour >= 1 && hour <= 7) hour += 12;
  const rest = `${text.slice(0, found.index)} ${text.slice(found.index + found.text.length)}`
    .replace(/\s+/g, ' ')
    .trim();
  return { time: `${pad2(hour)}:${pad2(found.start.get('minute') ?? 0)}`, rest };
}
