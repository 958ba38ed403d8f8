import * as chrono from 'chrono-node';
import type { EventPrefill } from '../contracts/event-prefill.ts';
import type { EventInput } from '../contracts/events.ts';
import { type RecurrencePattern, nthWeekdayOfMonth } from '../recurrence/patterns.ts';
import {
  addLocalDays,
  isLocalDate,
  localDateOf,
  localMinutesBetween,
  localToFloating,
  localWeekday,
} from '../time/local-time.ts';
import { KNOWN_DATE_WORDS, correctDateWord, dayOfMonth } from './date-words.ts';
import type { Region } from './date-order.ts';
import { editDistance, firstNameKey, normalizeQuestion } from './normalize.ts';

/**
 * Issue 45 "Quick add" and issue 43's "add an event" by text: one line such as "Piano recital for Maya tomorrow
 * 6pm", "Soccer every Sat 9am Teo" or "Dentist Tue 3:30 for 45 min" read into a proposed event, to be shown
 * and confirmed before anything is saved. Pure: no I/O, the family's data comes in `EventCommandContext`.
 * Dates and times are read by chrono-node in the family's wall-clock time; member names from the family's own.
 */

/** A family member as the reader sees one: SPEC §3's id, name and role. */
export interface EventCommandMember {
  id: number;
  /** As stored ("Maya Rivera"); the text may name the first word, any case, possessive, or one typo off. */
  name: string;
  /** SPEC §3 role: "the kids" are the members with role `child`. */
  role: string;
}

/** What the reader needs besides the text. */
export interface EventCommandContext {
  /** "Now" as wall-clock text `YYYY-MM-DDTHH:mm:00` in the family's zone (`instantToLocal(now, zone)`). */
  now: string;
  members: readonly EventCommandMember[];
  /** The family's region (`regionOf(families.timezone)`): the order of numeric dates. Default: month first. */
  region?: Pick<Region, 'monthFirst'>;
}

/** Something the reader decided that the person should check; `text` is said as it is in the confirmation. */
export interface EventCommandNote {
  kind:
    | 'meridiem' // a clock time without am/pm ("4:30" → 4:30 PM)
    | 'no_day' // no day named: today, or tomorrow when the time has passed
    | 'no_time' // a day without a time: all day
    | 'passed' // the time named is already over
    | 'name' // a name read from a typo ("Mya" → Maya)
    | 'repeat' // a repeat FamilyHub has no pattern for (added once)
    | 'next_week'; // "next Saturday" read as the one after the coming one
  text: string;
}

/** The event a line proposes, in the terms of `POST /api/events` (SPEC §7) and RFC 5545. */
export interface ProposedEvent {
  /** At most 200 characters, first letter capitalised. */
  title: string;
  /** Member ids, in the order named. */
  attendeeIds: number[];
  /** True for a DATE event (RFC 5545 VALUE=DATE): no time of day. */
  allDay: boolean;
  /** Local start `YYYY-MM-DDTHH:mm:00` in the family's zone; `T00:00:00` on the first day when `allDay`. */
  start: string;
  /** `allDay` only: the last day it lasts, inclusive (`YYYY-MM-DD`), the start day for one day. */
  lastDay: string | null;
  /** Timed events: minutes, 1–10080 (SPEC §9 default 60). All-day events: 1440 per day. */
  durationMinutes: number;
  /** One of SPEC §5's five patterns, or null for a one-off. */
  recurrence: RecurrencePattern | null;
  /** The last day of the series (`YYYY-MM-DD`, inclusive: the RRULE's UNTIL), or null for no end. */
  recurrenceEndDate: string | null;
  /** What was read with a guess, for the confirmation to say; empty when nothing was. */
  unsure: EventCommandNote[];
}

/** The reading of one line: a proposal, or why there is none (`message` is said to the person). */
export type EventCommandResult =
  | { ok: true; event: ProposedEvent }
  | { ok: false; reason: 'empty' | 'too_long' | 'no_title'; message: string };

/** Longest line read; the title alone may be 200 characters (SPEC §5 rule of `eventInputSchema`). */
export const EVENT_COMMAND_MAX_LENGTH = 300;
const TITLE_MAX = 200;
const DURATION_MAX = 10080;
const DEFAULT_DURATION = 60;

/** One word of the line: as typed (for the title) and as read (for dates, numbers and names). */
interface Token {
  raw: string;
  read: string;
  /** Offsets of `read` in the joined read text. */
  from: number;
  to: number;
  used: boolean;
}

const CORRECTABLE = /^(?:\w+day|today|tomorrow|tonight)$/;
const WEEKDAYS = ['sunday', 'monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday'] as const;
const WEEKDAY_WORD = '(?:sun|mon|tue|tues|wed|weds|thu|thur|thurs|fri|sat)(?:[a-z]*day)?';
const ORDINAL_WORDS: Record<string, number> = {
  first: 1,
  '1st': 1,
  second: 2,
  '2nd': 2,
  third: 3,
  '3rd': 3,
  fourth: 4,
  '4th': 4,
  fifth: 5,
  '5th': 5,
};
/** Words a time without am/pm is read as evening with ("dinner at 8" is 8 PM). */
const EVENING_WORDS = /\b(dinner|supper|drinks|date night|bedtime|sleepover|tonight|evening|night)\b/;
/** Leading words of an instruction, not of the title ("add dentist for maya tue 3pm"). */
const COMMAND_WORDS =
  /^(?:(?:please )?(?:add|create|schedule)(?: (?:an?|new))?(?: event)?(?: called| for)?)\b/i;
/** Words that only join the parts the reader took out ("at", "on", "for"): dropped at the title's ends. */
const JOINERS = new Set([
  ...'at on for with and from to in by the every each until till of'.split(' '),
  ...['@', '&', '+', '-', '–', '—', ',', ':'],
]);
const GROUPS: Array<[RegExp, (m: EventCommandMember) => boolean]> = [
  [/^(?:(?:for|with) (?:the |all the )?|the )(?:kids|children)$/, (m) => m.role === 'child'],
  [/^(?:(?:for|with) (?:the )?|the )(?:parents|grown ?ups)$/, (m) => m.role === 'parent'],
  [/^(?:for|with) (?:everyone|everybody|all of us|the (?:whole )?family|us all)$/, () => true],
];

/**
 * Reads one line of quick add (or, later, a texted "add …" command) into a proposed event.
 *
 * - Members: first names anywhere (any case, possessive, one typo off for names of 4+ letters), joined by
 *   "and", "&" or commas ("for Maya and Teo"); "the kids" (role child), "the parents", "for everyone".
 * - When (chrono-node, in the family's wall-clock time, `now` as reference, dates forward): "tomorrow 6pm",
 *   "next Friday", "Tue 3:30", "dec 5-7", "3-5pm", "the 15th", numeric dates in the region's order; day and
 *   month typos corrected ("tmrw", "satuday"). A time without am/pm is the likelier one for a family
 *   (issue 43): 1–7 is PM, 8–11 AM (PM beside "dinner", "tonight" …), and a note says which. No time: an all-day
 *   event. No day: today, or tomorrow when the time has passed today.
 * - Length: "for 45 min", "1h", "1.5 hours", "1h30", "for an hour", a range "3-5pm"; default 60 minutes.
 * - Repeats, SPEC §5's patterns as RFC 5545 RRULEs (`buildRrule`): "every day"/"daily" (daily), "every
 *   weekday"/"weekdays"/"mon-fri" (workday), "every Sat"/"Saturdays"/"weekly" (weekly), "every month"/"monthly"/
 *   "the 15th of every month" (monthly_date), "the first Monday of every month" (monthly_day); "until …" ends
 *   it. A repeat with no pattern ("every other week", "every Mon and Wed") is added once, with a note.
 * - Title: the words left, without leading "add"/"create" and dangling "at"/"for"/"on".
 *
 * @param text what was typed, at most `EVENT_COMMAND_MAX_LENGTH` characters.
 * @returns the proposal, or `ok: false` with a message when the line is empty, too long, or has no title.
 * @throws RangeError when `ctx.now` is not a local date-time.
 */
export function parseEventCommand(text: string, ctx: EventCommandContext): EventCommandResult {
  const line = text.normalize('NFKC').replace(/\s+/g, ' ').trim();
  if (line === '') {
    return { ok: false, reason: 'empty', message: 'Type an event, e.g. "Dentist Tue 3:30 for 45 min".' };
  }
  if (line.length > EVENT_COMMAND_MAX_LENGTH) {
    return {
      ok: false,
      reason: 'too_long',
      message: `Quick add reads at most ${EVENT_COMMAND_MAX_LENGTH} characters; use Add Event for more.`,
    };
  }
  const today = localDateOf(ctx.now);
  const unsure: EventCommandNote[] = [];
  const names = new Set(ctx.members.map((m) => firstNameKey(m.name)));
  const tokens = tokenize(line, names);
  const readText = () => tokens.map((t) => (t.used ? ' '.repeat(t.read.length) : t.read)).join(' ');

  const attendeeIds = takeMembers(tokens, ctx.members, unsure);
  const repeat = takeRepeat(tokens, readText, unsure);
  const fixedLength = takeDuration(tokens, readText);
  const allDayWords = takeSpan(tokens, readText, /\ball day\b/);
  const recurrenceEnd = repeat.pattern === null ? null : takeUntil(tokens, readText, ctx);
  const when = takeWhen(tokens, readText, ctx, repeat.dayOfMonth ?? null);

  const title = titleOf(tokens);
  if (title === '') {
    return {
      ok: false,
      reason: 'no_title',
      message: 'What is it? Add a name for the event, e.g. "Dentist Tue 3:30".',
    };
  }

  // The day: named, given by the repeat ("every weekday", "the 1st Monday of every month"), or today.
  const time = allDayWords ? null : when.time;
  const passedToday = time !== null && `${today}T${time}:00` <= ctx.now;
  let date = when.date;
  if (date === null) {
    // A repeat starts at its next time; a one-off without a day is today's, or tomorrow's once its time is over.
    date = passedToday ? addLocalDays(today, 1) : today;
    if (repeat.pattern === null) {
      unsure.push({
        kind: 'no_day',
        text: passedToday
          ? `No day given: tomorrow (${clock(time)} today has passed)`
          : 'No day given: today',
      });
    }
  } else if (date === today && passedToday) {
    unsure.push({ kind: 'passed', text: `${clock(time)} today has already passed` });
  }
  if (repeat.pattern === 'workday') date = nextWorkday(date);
  if (repeat.pattern === 'monthly_day' && repeat.nth !== null && repeat.weekday !== null) {
    date = nthWeekdayOnOrAfter(date, repeat.nth, repeat.weekday);
  }
  if (when.nextWeek) unsure.push(when.nextWeek);
  if (when.meridiem) unsure.push(when.meridiem);

  const recurrenceEndDate = recurrenceEnd !== null && recurrenceEnd >= date ? recurrenceEnd : null;
  if (time === null) {
    const lastDay = when.lastDay !== null && when.lastDay > date ? when.lastDay : date;
    if (!allDayWords) unsure.push({ kind: 'no_time', text: 'No time given: all day' });
    return {
      ok: true,
      event: {
        title,
        attendeeIds,
        allDay: true,
        start: `${date}T00:00:00`,
        lastDay,
        durationMinutes: (localMinutesBetween(`${date}T00:00`, `${lastDay}T00:00`) / 1440 + 1) * 1440,
        recurrence: repeat.pattern,
        recurrenceEndDate,
        unsure,
      },
    };
  }
  return {
    ok: true,
    event: {
      title,
      attendeeIds,
      allDay: false,
      start: `${date}T${time}:00`,
      lastDay: null,
      durationMinutes: when.rangeMinutes ?? fixedLength ?? DEFAULT_DURATION,
      recurrence: repeat.pattern,
      recurrenceEndDate,
      unsure,
    },
  };
}

/**
 * The `POST /api/events` payload (SPEC §7) of a proposal, as the Event form would send it (`formToEventInput`):
 * an all-day event as DATEs (start day at `T00:00:00`, the exclusive end the day after its last day when it
 * lasts more than one, RFC 5545 DTEND), a repeat as SPEC §5's pattern and end date.
 */
export function proposedEventInput(e: ProposedEvent): EventInput {
  const firstDay = localDateOf(e.start);
  const lastDay = e.allDay && e.lastDay !== null && e.lastDay > firstDay ? e.lastDay : null;
  return {
    title: e.title,
    start_date: e.start,
    end_date: lastDay === null ? null : `${addLocalDays(lastDay, 1)}T00:00:00`,
    is_all_day: e.allDay,
    duration_minutes: e.allDay ? 1440 : e.durationMinutes,
    attendees: e.attendeeIds.map(String),
    is_recurring: e.recurrence !== null,
    recurrence_pattern: e.recurrence,
    recurrence_end_date: e.recurrenceEndDate,
  };
}

/** The Event form's prefill (`/add-event?…`, `eventPrefillQuery`) for a proposal: "Edit details". */
export function proposedEventPrefill(e: ProposedEvent): EventPrefill {
  return {
    title: e.title,
    date: localDateOf(e.start),
    hour: e.allDay ? null : e.start.slice(11, 13),
    minute: e.allDay ? null : e.start.slice(14, 16),
    durationMinutes: e.allDay ? null : e.durationMinutes,
    attendees: e.attendeeIds.map(String),
    allDay: e.allDay,
    lastDay: e.allDay ? e.lastDay : null,
    repeat: e.recurrence,
    until: e.recurrenceEndDate,
  };
}

/**
 * The line's words, each with the reading used for dates: shorthand and typos of day words spelt out
 * ("tmrw" → tomorrow, "satuday" → saturday), "4.30pm" → "4:30pm", "9a" → "9am", "@" → "at". Family names
 * are never rewritten (a member called Sat).
 */
function tokenize(line: string, names: ReadonlySet<string>): Token[] {
  const tokens: Token[] = [];
  let at = 0;
  for (const raw of line.split(' ')) {
    const read = readWord(raw, names);
    tokens.push({ raw, read, from: at, to: at + read.length, used: false });
    at += read.length + 1;
  }
  return tokens;
}

function readWord(raw: string, names: ReadonlySet<string>): string {
  const lower = raw.toLowerCase().replace(/[\u2018\u2019]/g, "'");
  const bare = lower.replace(/^[("']+|[)"'.,!?;]+$/g, '');
  if (names.has(bare.replace(/'s$/, ''))) return lower;
  if (bare === '@') return 'at';
  const clock = /^(\d{1,2})(?:[:.](\d{2}))?\s*(a|p)\.?(?:m\.?)?$/.exec(bare);
  if (clock) return `${clock[1]}${clock[2] ? `:${clock[2]}` : ''}${clock[3]}m`;
  const dotted = /^(\d{1,2})\.(\d{2})$/.exec(bare);
  if (dotted) return `${dotted[1]}:${dotted[2]}`;
  if (/^[a-z]+$/.test(bare)) {
    const spelt = normalizeQuestion(bare, names);
    if (KNOWN_DATE_WORDS.has(spelt) || spelt === 'tomorrow' || spelt === 'tonight') return spelt;
    // Weekdays and today/tomorrow only: a month one letter off is too often a title word ("match", "marsh").
    const corrected = correctDateWord(bare);
    if (corrected !== bare && CORRECTABLE.test(corrected)) return corrected;
  }
  return lower;
}

/** Marks as used every token overlapping the read-text span `[from, to)`. */
function markUsed(tokens: Token[], from: number, to: number): void {
  for (const t of tokens) if (t.from < to && t.to > from) t.used = true;
}

/** Takes the first match of `re` in the unused words; true when there was one. */
function takeSpan(tokens: Token[], readText: () => string, re: RegExp): RegExpExecArray | null {
  const m = re.exec(readText());
  if (m) markUsed(tokens, m.index, m.index + m[0].length);
  return m;
}

/** The bare lowercase word of a token ("Maya's," → "maya"), and whether it was possessive. */
function nameWord(token: Token): { word: string; possessive: boolean } {
  const bare = token.read.replace(/^[("']+|[)"'.,!?;:]+$/g, '');
  const possessive = /'s?$/.test(bare) && bare.length > 2;
  return { word: bare.replace(/'s?$/, ''), possessive };
}

/** "teos", "mayas": a first name with a possessive s and no apostrophe, as typed on phones. */
function possessiveWithoutApostrophe(word: string, members: readonly EventCommandMember[]) {
  if (!word.endsWith('s')) return null;
  const member = members.find((m) => firstNameKey(m.name) === word.slice(0, -1));
  return member ? { member, typo: false } : null;
}

/** The member a word names: exactly by first name, or one typo off for names of 4+ letters. */
function memberNamed(
  word: string,
  members: readonly EventCommandMember[],
): { member: EventCommandMember; typo: boolean } | null {
  const exact = members.find((m) => firstNameKey(m.name) === word);
  if (exact) return { member: exact, typo: false };
  if (word.length < 3 || KNOWN_DATE_WORDS.has(word) || JOINERS.has(word)) return null;
  const near = members.filter((m) => {
    const key = firstNameKey(m.name);
    return key.length >= 4 && key[0] === word[0] && editDistance(word, key) === 1;
  });
  return near.length === 1 && near[0] ? { member: near[0], typo: true } : null;
}

/**
 * Takes the members the line names, and the words that join them ("for Maya and Teo", "with the kids").
 * A possessive ("Maya's recital") names an attendee and stays in the title.
 */
function takeMembers(
  tokens: Token[],
  members: readonly EventCommandMember[],
  unsure: EventCommandNote[],
): number[] {
  const ids: number[] = [];
  const add = (id: number) => {
    if (!ids.includes(id)) ids.push(id);
  };
  for (let i = 0; i < tokens.length; i++) {
    const token = tokens[i];
    if (!token || token.used) continue;
    // Groups: "the kids", "for everyone", "with the whole family" (up to five words).
    let grouped = false;
    for (let n = 5; n >= 1 && !grouped; n--) {
      const words = tokens.slice(i, i + n);
      if (words.length < n || words.some((t) => t.used)) continue;
      const phrase = words.map((t) => nameWord(t).word).join(' ');
      const group = GROUPS.find(([re]) => re.test(phrase));
      if (!group) continue;
      const chosen = members.filter(group[1]);
      if (chosen.length === 0) continue;
      for (const m of chosen) add(m.id);
      for (const t of words) t.used = true;
      grouped = true;
    }
    if (grouped) continue;
    const { word, possessive } = nameWord(token);
    const found = memberNamed(word, members) ?? possessiveWithoutApostrophe(word, members);
    if (!found) continue;
    add(found.member.id);
    if (found.typo) {
      unsure.push({ kind: 'name', text: `"${token.raw}" read as ${found.member.name.split(' ')[0] ?? ''}` });
    }
    if (possessive) continue;
    token.used = true;
    // The rest of a full name ("Maya Rivera").
    const last = found.member.name.trim().split(/\s+/).slice(1).join(' ').toLowerCase();
    const next = tokens[i + 1];
    if (last !== '' && next && nameWord(next).word === last) next.used = true;
  }
  // The joiners between and before names: "for Maya and Teo", "with Maya, Teo & Leo".
  for (let i = 0; i < tokens.length; i++) {
    const t = tokens[i];
    if (!t || t.used) continue;
    const word = nameWord(t).word;
    const prev = tokens[i - 1];
    const next = tokens[i + 1];
    const betweenNames = /^(and|&|\+|,)$/.test(word) && prev?.used && next?.used && isName(prev, members);
    const beforeNames = /^(for|with)$/.test(word) && next?.used === true && isName(next, members);
    if (betweenNames || beforeNames) t.used = true;
  }
  return ids;
}

function isName(token: Token, members: readonly EventCommandMember[]): boolean {
  const word = nameWord(token).word;
  return (
    memberNamed(word, members) !== null || /^(kids|children|parents|everyone|everybody|family)$/.test(word)
  );
}

/** A repeat read from the line. */
interface Repeat {
  pattern: RecurrencePattern | null;
  /** monthly_day: which weekday of the month (1–5) and which weekday (0 = Sunday). */
  nth: number | null;
  weekday: number | null;
  /** monthly_date: "the 15th of every month". */
  dayOfMonth?: number;
}

/** Takes the repeat words ("every Sat", "weekdays", "the first Monday of every month") from the line. */
function takeRepeat(tokens: Token[], readText: () => string, unsure: EventCommandNote[]): Repeat {
  const none: Repeat = { pattern: null, nth: null, weekday: null };
  const other = takeSpan(
    tokens,
    readText,
    /\b(?:every|each) (?:other|second|2nd|alternate|two|2|three|3) (?:weeks?|days?|months?)?|\b(?:bi-?weekly|fortnightly|twice a \w+)\b/,
  );
  if (other) {
    unsure.push({
      kind: 'repeat',
      text: `"${other[0].trim()}" is not one of the repeats FamilyHub offers: added once (choose Edit details to set a repeat)`,
    });
    return none;
  }
  const several = new RegExp(
    `\\b(?:every|each|on) (${WEEKDAY_WORD})s?(?: ?(?:and|&|,|/) ?${WEEKDAY_WORD}s?)+\\b`,
  );
  const many = several.exec(readText());
  if (many) {
    // One weekday per series: the first day stays for the date reader; the rest is not repeated.
    markUsed(tokens, many.index, many.index + many[0].length);
    const first = many.index + many[0].indexOf(many[1] ?? '', many[0].indexOf(' '));
    const kept = tokens.find((t) => t.from === first);
    if (kept) kept.used = false;
    unsure.push({
      kind: 'repeat',
      text: 'Repeating on several weekdays is not one of the repeats FamilyHub offers: added once on the first day',
    });
    return none;
  }
  if (
    takeSpan(
      tokens,
      readText,
      /\b(?:(?:every|each) (?:day|morning|afternoon|evening|night)|daily|everyday)\b/,
    )
  ) {
    return { ...none, pattern: 'daily' };
  }
  const workday = takeSpan(
    tokens,
    readText,
    /\b(?:(?:every|each) (?:week ?day|work ?day|school ?day)s?|(?:on )?week ?days|weekdays only|mon(?:day)? ?(?:-|–|to|through|thru) ?fri(?:day)?)\b/,
  );
  if (workday) return { ...none, pattern: 'workday' };
  const nthWeekday = new RegExp(
    `\\b(?:(?:on )?the )?(first|1st|second|2nd|third|3rd|fourth|4th|fifth|5th) (${WEEKDAY_WORD}) (?:of )?(?:every|each|the) month\\b|\\b(?:every|each) month on the (first|1st|second|2nd|third|3rd|fourth|4th|fifth|5th) (${WEEKDAY_WORD})\\b|\\bmonthly on the (first|1st|second|2nd|third|3rd|fourth|4th|fifth|5th) (${WEEKDAY_WORD})\\b`,
  );
  const nth = takeSpan(tokens, readText, nthWeekday);
  if (nth) {
    const ordinal = nth[1] ?? nth[3] ?? nth[5] ?? '';
    const day = nth[2] ?? nth[4] ?? nth[6] ?? '';
    return {
      pattern: 'monthly_day',
      nth: ORDINAL_WORDS[ordinal] ?? 1,
      weekday: weekdayIndex(day),
    };
  }
  const monthDay = takeSpan(
    tokens,
    readText,
    /\b(?:on )?the (\d{1,2})(?:st|nd|rd|th)? of (?:every|each|the) month\b|\b(?:every|each) month on the (\d{1,2})(?:st|nd|rd|th)?\b|\bmonthly on the (\d{1,2})(?:st|nd|rd|th)?\b/,
  );
  if (monthDay) {
    const day = Number(monthDay[1] ?? monthDay[2] ?? monthDay[3]);
    return { ...none, pattern: 'monthly_date', dayOfMonth: day };
  }
  if (takeSpan(tokens, readText, /\b(?:(?:every|each) month|monthly)\b/))
    return { ...none, pattern: 'monthly_date' };
  // "every Sat": the weekday stays for the date reader; "Saturdays" is read as "saturday".
  const everyWeekday = new RegExp(`\\b(?:every|each) (?=${WEEKDAY_WORD}\\b)`).exec(readText());
  if (everyWeekday) {
    markUsed(tokens, everyWeekday.index, everyWeekday.index + everyWeekday[0].length - 1);
    return { ...none, pattern: 'weekly' };
  }
  const plural = tokens.find(
    (t) =>
      !t.used && /^(sun|mon|tues|wednes|thurs|fri|satur)days$/.test(t.raw.toLowerCase().replace(/\W+$/, '')),
  );
  if (plural) {
    plural.read = plural.read.replace(/days?/, 'day ');
    return { ...none, pattern: 'weekly' };
  }
  if (takeSpan(tokens, readText, /\b(?:(?:every|each) week|weekly)\b/)) return { ...none, pattern: 'weekly' };
  return none;
}

function weekdayIndex(word: string): number {
  const i = WEEKDAYS.findIndex((d) => d.startsWith(word.slice(0, 3)));
  return i < 0 ? 0 : i;
}

/** Takes a length ("for 45 min", "1h", "1.5 hours", "1h30", "an hour and a half"): minutes, or null. */
function takeDuration(tokens: Token[], readText: () => string): number | null {
  const m = takeSpan(
    tokens,
    readText,
    /\b(?:for )?(?:(\d+(?:\.\d+)?|an?|one|two|three|four) ?(?:h|hr|hrs|hour|hours)(?: and a half| ?(?:and )?(\d{1,2}) ?(?:m|min|mins|minutes?)?)?|(\d{1,3}) ?(?:m|min|mins|minute|minutes)|half an hour)\b/,
  );
  if (!m) return null;
  const words: Record<string, number> = { a: 1, an: 1, one: 1, two: 2, three: 3, four: 4 };
  let minutes: number;
  if (m[0].includes('half an hour')) minutes = 30;
  else if (m[3] !== undefined) minutes = Number(m[3]);
  else {
    const hours = words[m[1] ?? ''] ?? Number(m[1]);
    minutes = Math.round(hours * 60) + Number(m[2] ?? 0) + (m[0].includes('and a half') ? 30 : 0);
  }
  return minutes >= 1 ? Math.min(minutes, DURATION_MAX) : null;
}

/** "until Dec 19" after a repeat: the series' last day, or null. */
function takeUntil(tokens: Token[], readText: () => string, ctx: EventCommandContext): string | null {
  const text = readText();
  const m = /\b(?:until|till|til|thru|through|ending) /.exec(text);
  if (!m) return null;
  const after = m.index + m[0].length;
  const [found] = chrono.parse(text.slice(after), reference(ctx.now), { forwardDate: true });
  if (!found || text.slice(after, after + found.index).trim() !== '') return null;
  const date = dateOf(found.start);
  if (date === null) return null;
  markUsed(tokens, m.index, after + found.index + found.text.length);
  return date;
}

/** What the date reader found. */
interface When {
  date: string | null;
  /** `HH:mm`, or null for none. */
  time: string | null;
  /** A range's length in minutes ("3-5pm"), or null. */
  rangeMinutes: number | null;
  /** The last day of a span of days ("Sat to Mon"), or null. */
  lastDay: string | null;
  meridiem: EventCommandNote | null;
  nextWeek: EventCommandNote | null;
}

/**
 * "next Saturday" is read by chrono as the Saturday of next week when this week's is still to come; families
 * differ on it, so the confirmation says which one it is and which it is not.
 */
function nextWeekNote(r: chrono.ParsedResult, date: string | null, today: string): EventCommandNote | null {
  if (date === null || !/\bnext\b/.test(r.text) || !r.start.isCertain('weekday')) return null;
  const coming = addLocalDays(date, -7);
  if (coming <= today) return null;
  return {
    kind: 'next_week',
    text: `"${r.text.trim()}" read as ${shortDate(date)}, not the coming one (${shortDate(coming)})`,
  };
}

/** 'Sat, Dec 12' for `YYYY-MM-DD`. */
function shortDate(date: string): string {
  const month = 'Jan Feb Mar Apr May Jun Jul Aug Sep Oct Nov Dec'.split(' ')[Number(date.slice(5, 7)) - 1];
  const weekday = WEEKDAYS[localWeekday(date)]?.slice(0, 3) ?? '';
  return `${weekday.charAt(0).toUpperCase()}${weekday.slice(1)}, ${month ?? ''} ${Number(date.slice(8, 10))}`;
}

/** The floating reference chrono reads in: the family's wall-clock fields as UTC (see dates.ts). */
function reference(now: string) {
  return { instant: localToFloating(now), timezone: 0 };
}

function dateOf(c: chrono.ParsedComponents): string | null {
  const y = c.get('year');
  const m = c.get('month');
  const d = c.get('day');
  if (y === null || m === null || d === null) return null;
  const date = `${y}-${pad2(m)}-${pad2(d)}`;
  return isLocalDate(date) ? date : null;
}

/** Takes the day and time (chrono-node, numeric dates in the region's order, "the 15th"). */
function takeWhen(
  tokens: Token[],
  readText: () => string,
  ctx: EventCommandContext,
  monthDay: number | null,
): When {
  const today = localDateOf(ctx.now);
  const parser = ctx.region?.monthFirst === false ? chrono.en.GB : chrono.en;
  const found = parser.parse(withoutLoneParts(tokens, readText()), reference(ctx.now), { forwardDate: true });
  let date: string | null = null;
  let time: string | null = null;
  let rangeMinutes: number | null = null;
  let lastDay: string | null = null;
  let meridiem: EventCommandNote | null = null;
  let nextWeek: EventCommandNote | null = null;
  const evening = EVENING_WORDS.test(tokens.map((t) => t.read).join(' '));
  // chrono reads "day after tomorrow" as tomorrow.
  if (takeSpan(tokens, readText, /\b(?:the )?day after tomorrow\b/)) date = addLocalDays(today, 2);
  for (const r of found) {
    const named = r.start.isCertain('day') || r.start.isCertain('weekday') || r.start.isCertain('month');
    const timed = r.start.isCertain('hour');
    if ((named && date !== null) || (timed && time !== null) || (!named && !timed)) continue;
    markUsed(tokens, r.index, r.index + r.text.length);
    if (named) {
      date = dateOf(r.start);
      nextWeek = nextWeekNote(r, date, today);
    }
    if (timed) {
      const read = readHour(clockOf(r.start), r.text, evening);
      time = read.time;
      meridiem = read.note;
      if (r.end?.isCertain('hour')) {
        const endRead = readHour(clockOf(r.end), r.text, evening);
        let minutes = clockMinutes(endRead.time) - clockMinutes(read.time);
        if (minutes <= 0 && minutes > -720 && !r.end.isCertain('meridiem')) minutes += 720;
        if (minutes <= 0) minutes += 1440;
        rangeMinutes = Math.min(minutes, DURATION_MAX);
      }
    } else if (r.end && (r.end.isCertain('day') || r.end.isCertain('weekday'))) {
      lastDay = dateOf(r.end);
    }
  }
  if (time === null && date !== null) {
    const bare = bareHour(tokens, evening);
    if (bare) ({ time, note: meridiem } = bare);
  }
  if (date === null) {
    const nth =
      monthDay !== null ? dayOfMonth(`the ${monthDay}th`, today) : dayOfMonthIn(tokens, readText, today);
    if (nth !== null && nth !== 'invalid') date = nth.date;
  }
  return { date, time, rangeMinutes, lastDay, meridiem, nextWeek };
}

/**
 * A bare hour chrono leaves beside a day ("tomorrow 9", "sat at 8:30"): an unused number right after a used
 * word or after "at", read with issue 43's am/pm rule.
 */
function bareHour(tokens: Token[], evening: boolean): { time: string; note: EventCommandNote | null } | null {
  for (let i = 1; i < tokens.length; i++) {
    const t = tokens[i];
    const prev = tokens[i - 1];
    const m = /^(\d{1,2})(?::(\d{2}))?$/.exec(t?.read ?? '');
    if (!t || !prev || t.used || !m || !(prev.used || prev.read === 'at')) continue;
    const hour = Number(m[1]);
    const minute = Number(m[2] ?? 0);
    if (hour < 1 || hour > 12 || minute > 59) continue;
    t.used = true;
    if (prev.read === 'at') prev.used = true;
    return readHour({ hour, minute, certain: false }, t.read, evening);
  }
  return null;
}

/** Day-part words a date reader takes as a time of today ("Pizza night next Friday"); kept after a day word. */
const PART_WORDS = /^(night|morning|afternoon|evening)$/;
const DAY_BEFORE_PART = /^(tomorrow|today|this|sunday|monday|tuesday|wednesday|thursday|friday|saturday)$/;

/**
 * The read text with "night", "morning" … blanked where no day word comes just before them: chrono reads
 * "night next friday" as tonight, while in "Movie night" the word is the title's.
 */
function withoutLoneParts(tokens: readonly Token[], text: string): string {
  let out = text;
  tokens.forEach((t, i) => {
    if (t.used || !PART_WORDS.test(t.read)) return;
    if (DAY_BEFORE_PART.test(tokens[i - 1]?.read ?? '')) return;
    out = `${out.slice(0, t.from)}${' '.repeat(t.read.length)}${out.slice(t.to)}`;
  });
  return out;
}

/** "on the 15th" alone (chrono reads it only beside a month): the next such date, taken from the line. */
function dayOfMonthIn(tokens: Token[], readText: () => string, today: string) {
  const text = readText();
  const found = dayOfMonth(text, today);
  if (found === null || found === 'invalid') return found;
  const m = found.phrase.exec(text);
  if (m) markUsed(tokens, m.index, m.index + m[0].length);
  return found;
}

/**
 * The `HH:mm` chrono read, with issue 43's rule for a time without am/pm: 1–7 is PM, 8–11 AM, 8–11 PM beside an
 * evening word; a 24-hour time ("08:00", "17:30") and noon are taken as typed.
 */
function readHour(
  clockRead: { hour: number; minute: number; certain: boolean },
  text: string,
  evening: boolean,
): { time: string; note: EventCommandNote | null } {
  let hour = clockRead.hour;
  const minute = clockRead.minute;
  const typed = `${hour}${minute === 0 ? '' : `:${pad2(minute)}`}`;
  const twentyFour = /\b0\d:\d\d\b|\b(1[3-9]|2[0-3]):\d\d\b/.test(text);
  let note: EventCommandNote | null = null;
  if (!clockRead.certain && !twentyFour && hour >= 1 && hour <= 11) {
    if (hour <= 7 || evening) hour += 12;
    const time = `${pad2(hour)}:${pad2(minute)}`;
    note = { kind: 'meridiem', text: `"${typed}" read as ${clock(time)}` };
    return { time, note };
  }
  return { time: `${pad2(hour)}:${pad2(minute)}`, note };
}

function clockOf(c: chrono.ParsedComponents): { hour: number; minute: number; certain: boolean } {
  return { hour: c.get('hour') ?? 0, minute: c.get('minute') ?? 0, certain: c.isCertain('meridiem') };
}

function clockMinutes(time: string): number {
  return Number(time.slice(0, 2)) * 60 + Number(time.slice(3, 5));
}

/** '4:30 PM' for `HH:mm`. */
function clock(time: string): string {
  const hour = Number(time.slice(0, 2));
  return `${String(hour % 12 === 0 ? 12 : hour % 12)}:${time.slice(3, 5)} ${hour < 12 ? 'AM' : 'PM'}`;
}

/** The title: the words no reader took, without the instruction and the joiners at its ends. */
function titleOf(tokens: readonly Token[]): string {
  const words = tokens.filter((t) => !t.used).map((t) => t.raw);
  const bare = (w: string) => w.toLowerCase().replace(/^[("']+|[)"'.,!?;:]+$/g, '');
  const command = COMMAND_WORDS.exec(words.join(' '))?.[0];
  if (command) words.splice(0, command.split(' ').length);
  while (words.length > 0 && (JOINERS.has(bare(words[0] ?? '')) || bare(words[0] ?? '') === ''))
    words.shift();
  while (words.length > 0 && (JOINERS.has(bare(words.at(-1) ?? '')) || bare(words.at(-1) ?? '') === ''))
    words.pop();
  const title = words
    .join(' ')
    .replace(/\s+([,.;!?])/g, '$1')
    .replace(/[,;:\-–—]+$/, '')
    .trim()
    .slice(0, TITLE_MAX);
  return title.charAt(0).toUpperCase() + title.slice(1);
}

/** `date` if it is Monday–Friday, else the Monday after. */
function nextWorkday(date: string): string {
  const weekday = localWeekday(date);
  return weekday === 0 ? addLocalDays(date, 1) : weekday === 6 ? addLocalDays(date, 2) : date;
}

/** The first date on or after `from` that is the `nth` (1–5) `weekday` (0 = Sunday) of its month. */
function nthWeekdayOnOrAfter(from: string, nth: number, weekday: number): string {
  let date = addLocalDays(from, (weekday - localWeekday(from) + 7) % 7);
  // Within a year and a half there is always one (a 5th weekday comes at least every few months).
  for (let i = 0; i < 80 && nthWeekdayOfMonth(date) !== nth; i++) date = addLocalDays(date, 7);
  return date;
}

const pad2 = (n: number) => String(n).padStart(2, '0');
