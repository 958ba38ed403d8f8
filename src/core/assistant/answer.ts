import {
  addLocalDays,
  addLocalMinutes,
  localDateOf,
  localMinutesBetween,
  localWeekday,
} from '../time/local-time.ts';
import { coverageIssues, transportLegs, type TransportFacts } from '../driving/coverage.ts';
import { expandEvents } from '../recurrence/occurrences.ts';
import { type DayPart, type DayRange, PAST_DATE_DAYS } from './dates.ts';
import {
  type AssistantEvent,
  type AssistantActivity,
  type AssistantTask,
  type FamilyData,
  type Occurrence,
  type TransportDuty,
  dropoffTime,
  involves,
  occurrencesBetween,
  pickupTime,
} from './family-data.ts';
import {
  dayHeading,
  fitList,
  fitsSms,
  formatDate,
  formatTime,
  formatTimeRange,
  joinNames,
  relativeDay,
} from './format.ts';
import {
  type CommandAction,
  type Intent,
  type TimeNear,
  type TransportDirection,
  intentRange,
} from './intent.ts';
import { nearlyMatch, normalizeQuestion } from './normalize.ts';
import { type Relevance, type WordMatcher, compareRelevance, relevance } from './relevance.ts';

/** The reply to anything the assistant cannot read: what it does and three example questions (issue 9). */
export const HELP_TEXT =
  'FamilyHub here. Ask me about your family calendar and tasks, e.g. "What\'s on tomorrow?", ' +
  '"What are my tasks?" or "Who is picking up today?"';

/** How far ahead "when is X next" and "what's next" look. */
const LOOKAHEAD_DAYS = 366;

/** How long a driving duty keeps its driver busy, for "am I free" (the drive itself). */
const DUTY_BUSY_MINUTES = 30;

interface Answerer {
  data: FamilyData;
  today: string;
  match: WordMatcher;
}

function firstName(data: FamilyData, id: number): string {
  const name = data.members.find((m) => m.id === id)?.name ?? '';
  return name.trim().split(/\s+/)[0] ?? '';
}

/** "you" for the asker, else the member's first name. */
function who(a: Answerer, id: number): string {
  return id === a.data.askerId ? 'you' : firstName(a.data, id);
}

const capitalize = (s: string) => (s === '' ? s : s[0]?.toUpperCase() + s.slice(1));

function possessive(a: Answerer, id: number): string {
  return id === a.data.askerId ? 'your' : `${firstName(a.data, id)}'s`;
}

function names(a: Answerer, ids: readonly number[]): string {
  if (a.data.members.length > 2 && a.data.members.every((m) => ids.includes(m.id))) return 'everyone';
  return joinNames(ids.map((id) => firstName(a.data, id)).filter((n) => n !== ''));
}

const dayStart = (date: string) => `${date}T00:00:00`;

/** 'Dec 6-12' or 'Nov 30-Dec 5' for a range's heading. */
function rangeText(range: DayRange): string {
  const [, fromMonth, fromDay] = formatDate(range.from).split(' ');
  const [, toMonth, toDay] = formatDate(range.to).split(' ');
  if (range.from === range.to) return `${fromMonth} ${fromDay}`;
  return fromMonth === toMonth
    ? `${fromMonth} ${fromDay}-${toDay}`
    : `${fromMonth} ${fromDay}-${toMonth} ${toDay}`;
}

/** 'Today (Mon Nov 30)', 'Tonight (Mon Nov 30)', 'Tomorrow morning (Tue Dec 1)', 'Next week (Dec 6-12)'. */
function rangeHeading(a: Answerer, range: DayRange): string {
  switch (range.kind) {
    case 'day': {
      if (!range.part) return dayHeading(range.from, a.today);
      const rel = relativeDay(range.from, a.today);
      const name = range.part.name;
      if (rel === 'today') {
        const today =
          name === 'evening' || name === 'night'
            ? 'Tonight'
            : name === 'after dinner'
              ? 'Tonight after dinner'
              : name === 'after school'
                ? 'Today after school'
                : `This ${name}`;
        return `${today} (${formatDate(range.from)})`;
      }
      if (rel === 'tomorrow') return `Tomorrow ${name} (${formatDate(range.from)})`;
      return `${formatDate(range.from)} ${name}`;
    }
    case 'this_week':
      return `This week (${rangeText(range)})`;
    case 'weekend_weeks': {
      const ending = { ...range, to: addLocalDays(range.from, 6) };
      const starting = { ...range, from: addLocalDays(range.from, 7) };
      return `This week ending (${rangeText(ending)}) and next (${rangeText(starting)})`;
    }
    case 'next_week':
      return `Next week (${rangeText(range)})`;
    case 'last_week':
      return `Last week (${rangeText(range)})`;
    case 'weekend':
      return range.from === range.to ? dayHeading(range.from, a.today) : `This weekend (${rangeText(range)})`;
    case 'coming_weekend':
      return `This weekend is over. Next weekend (${rangeText(range)})`;
    case 'next_weekend':
      return `Next weekend (${rangeText(range)})`;
    case 'last_weekend':
      return `Last weekend (${rangeText(range)})`;
    case 'month':
      return `${MONTH_NAMES[Number(range.from.slice(5, 7)) - 1]} (${rangeText(range)})`;
    case 'span':
      return `${formatDate(range.from)} to ${formatDate(range.to)}`;
  }
}

const MONTH_NAMES = [
  ...'January February March April May June July August September October November December'.split(' '),
];

/** The same heading inside a sentence: 'today (Mon Nov 30)', 'next week (Dec 6-12)', 'on Sat Dec 5'. */
function rangePhrase(a: Answerer, range: DayRange): string {
  if (range.kind === 'coming_weekend') return `next weekend (${rangeText(range)}; this one is over)`;
  if (range.kind === 'month') return `in ${rangeHeading(a, range)}`;
  if (range.kind === 'span') return `from ${rangeHeading(a, range)}`;
  const h = rangeHeading(a, range);
  const relative = /^(Today|Tomorrow|Tonight|This|Next|Last)\b/.test(h);
  return relative ? (h[0]?.toLowerCase() ?? '') + h.slice(1) : `on ${h}`;
}

/** The local window `[from, to)` of a day, or of the part of it the question named. */
function dayWindow(date: string, part: DayPart | undefined): { from: string; to: string } {
  if (!part) return { from: dayStart(date), to: dayStart(addLocalDays(date, 1)) };
  const to = part.to === '24:00' ? dayStart(addLocalDays(date, 1)) : `${date}T${part.to}:00`;
  return { from: `${date}T${part.from}:00`, to };
}

/** The time label of an occurrence within the day `date`. */
function timeLabel(o: Occurrence, date: string): string {
  const startsEarlier = localDateOf(o.start) < date;
  const endsLater = o.end > dayStart(addLocalDays(date, 1));
  if (o.event.allDay || (startsEarlier && endsLater)) return 'All day';
  if (startsEarlier) return `Until ${formatTime(o.end)}`;
  return formatTime(o.start);
}

/** Every day of a range, in order. */
function daysOf(range: DayRange): string[] {
  const out: string[] = [];
  for (let d = range.from; d <= range.to; d = addLocalDays(d, 1)) out.push(d);
  return out;
}

/** One line per (day, item), with a weekday prefix when the range covers several days. */
function perDay<T>(
  range: DayRange,
  items: (date: string) => T[],
  line: (item: T, date: string) => string,
): string[] {
  const multi = range.from !== range.to;
  // Over more than a week a weekday alone is ambiguous: 'Tue Dec 8'.
  const long = addLocalDays(range.from, 6) < range.to;
  const prefix = (date: string) => (long ? formatDate(date) : (formatDate(date).split(' ')[0] ?? ''));
  return daysOf(range).flatMap((date) =>
    items(date).map((item) => (multi ? `${prefix(date)} ${line(item, date)}` : line(item, date))),
  );
}

function occurrencesOn(a: Answerer, date: string, part?: DayPart): Occurrence[] {
  const w = dayWindow(date, part);
  return occurrencesBetween(a.data.events, w.from, w.to, a.data.timeZone);
}

/**
 * True when an occurrence overlapping `part` of `date` belongs in a listing of that part: it starts in the
 * part's hours, is all-day, or began on an earlier day and runs into it. A 4-5:30pm practice is not "tomorrow
 * night" (free/busy still counts the overlap).
 */
function listedInPart(o: Occurrence, date: string, part: DayPart | undefined): boolean {
  if (!part) return true;
  return o.event.allDay || localDateOf(o.start) < date || o.start >= dayWindow(date, part).from;
}

/** A member's entry on a day: an event they take part in, a drive they do, or a task due. */
interface AgendaItem {
  /** Local start used for ordering (and shown). */
  at: string;
  /** As a to-do: 'drop off Leo at Piano lesson'. */
  text: string;
  /** For a drive, the same with a third-person verb: 'drops off Leo at Piano lesson'. */
  third?: string;
}

function dutyRiders(a: Answerer, o: Occurrence, driver: number | null): string {
  return names(
    a,
    o.event.memberIds.filter((id) => id !== driver),
  );
}

/** The drives `memberId` does on `date`: 'pick up Maya from Soccer practice'. */
function dutiesOn(a: Answerer, memberId: number, date: string, part?: DayPart): AgendaItem[] {
  const out: AgendaItem[] = [];
  const w = dayWindow(date, part);
  const inWindow = (at: string) => at >= w.from && at < w.to;
  // A pickup can fall on the day after the event starts (look one day back), and a drop-off before an event
  // that starts after the window ends (a 4:45pm drop-off for a 5pm practice is in the afternoon).
  for (const o of occurrencesBetween(
    a.data.events,
    dayStart(addLocalDays(date, -1)),
    dayStart(addLocalDays(date, 2)),
    a.data.timeZone,
  )) {
    const riders = dutyRiders(a, o, memberId);
    if (o.event.dropoff?.memberId === memberId) {
      const at = dropoffTime(o, o.event.dropoff);
      const rest = `${riders === '' ? '' : `${riders} `}at ${o.event.title}`;
      if (inWindow(at)) out.push({ at, text: `drop off ${rest}`, third: `drops off ${rest}` });
    }
    if (o.event.pickup?.memberId === memberId) {
      const at = pickupTime(o, o.event.pickup);
      const rest = `${riders === '' ? '' : `${riders} `}from ${o.event.title}`;
      if (inWindow(at)) out.push({ at, text: `pick up ${rest}`, third: `picks up ${rest}` });
    }
  }
  return out;
}

function openTasks(a: Answerer, memberId: number | null): AssistantTask[] {
  return (
    a.data.tasks
      // A transport task is the same duty as the event's pickup or drop-off line: it is said once, as the duty.
      .filter(
        (t) =>
          !t.completed && t.transport === null && (memberId === null || t.assigneeIds.includes(memberId)),
      )
      .sort((x, y) => {
        if (x.due === y.due) return x.id - y.id;
        if (x.due === null) return 1;
        if (y.due === null) return -1;
        return x.due < y.due ? -1 : 1;
      })
  );
}

function memberAgenda(a: Answerer, memberId: number, date: string, part?: DayPart): AgendaItem[] {
  const w = dayWindow(date, part);
  const events = occurrencesOn(a, date, part)
    .filter((o) => involves(o, memberId) && listedInPart(o, date, part))
    .map((o) => {
      const label = timeLabel(o, date);
      return {
        at: label === formatTime(o.start) ? o.start : dayStart(date),
        text: `${label} ${o.event.title}`,
      };
    });
  const duties = dutiesOn(a, memberId, date, part).map((d) => ({
    at: d.at,
    text: `${formatTime(d.at)} ${d.text}`,
  }));
  const tasks = openTasks(a, memberId)
    .filter((t) => t.due !== null && t.due >= w.from && t.due < w.to)
    .map((t) => ({ at: t.due ?? dayStart(date), text: `${formatTime(t.due ?? '')} task: ${t.title}` }));
  return [...events, ...duties, ...tasks].sort((x, y) => (x.at < y.at ? -1 : x.at > y.at ? 1 : 0));
}

function answerSchedule(
  a: Answerer,
  range: DayRange,
  memberId: number | null,
  group: readonly number[] | null = null,
): string {
  const heading =
    group === null
      ? rangeHeading(a, range)
      : `${joinNames(group.map((id) => firstName(a.data, id)))}, ${rangePhrase(a, range)}`;
  if (memberId === null) {
    const items = perDay(
      range,
      (date) =>
        occurrencesOn(a, date, range.part).filter(
          (o) =>
            (localDateOf(o.start) === date || date === range.from) &&
            listedInPart(o, date, range.part) &&
            (group === null || group.some((id) => involves(o, id))),
        ),
      (o, date) => {
        const people = names(a, o.event.memberIds);
        return `${timeLabel(o, date)} ${o.event.title}${people === '' ? '' : ` (${people})`}`;
      },
    );
    if (items.length === 0) return `${heading}: nothing on the calendar.`;
    return fitList(`${heading}:`, items);
  }
  const items = perDay(
    range,
    (date) => memberAgenda(a, memberId, date, range.part),
    (item) => item.text,
  );
  if (items.length === 0) return `Nothing on ${possessive(a, memberId)} calendar ${rangePhrase(a, range)}.`;
  return fitList(
    `${capitalize(memberId === a.data.askerId ? 'You' : firstName(a.data, memberId))}, ${rangePhrase(a, range)}:`,
    items,
  );
}

/** How well an occurrence's event matches the typed words (title, then location). */
function eventRelevance(a: Answerer, o: Occurrence, words: readonly string[]): Relevance {
  return relevance(words, o.event.title, o.event.location, a.match);
}

/**
 * The occurrences that best match `words` (enough words of the title and location, see relevance), in time
 * order; a member's own first when `memberId` is given and they have any.
 */
function bestOccurrences(
  a: Answerer,
  occurrences: readonly Occurrence[],
  words: readonly string[],
  memberId: number | null,
): Occurrence[] {
  const scored = occurrences.map((o) => ({ o, r: eventRelevance(a, o, words) })).filter((s) => s.r.enough);
  const top = [...scored].sort((x, y) => compareRelevance(x.r, y.r))[0];
  if (!top) return [];
  let matches = scored.filter((s) => compareRelevance(s.r, top.r) === 0).map((s) => s.o);
  if (memberId !== null) {
    const theirs = matches.filter((o) => involves(o, memberId));
    if (theirs.length > 0) matches = theirs;
  }
  return matches;
}

/** 'today at 4pm', 'tomorrow (Tue Dec 1) at 4-5:30pm', 'Thu Dec 3, all day'. */
function whenText(a: Answerer, o: Occurrence): string {
  const date = localDateOf(o.start);
  const rel = relativeDay(date, a.today);
  const dayText = rel === 'tomorrow' ? `tomorrow (${formatDate(date)})` : rel;
  if (o.event.allDay) return `${dayText}, all day`;
  if (localDateOf(o.end) !== date && o.end > dayStart(addLocalDays(date, 1))) {
    return `${dayText} ${formatTime(o.start)} until ${formatDate(o.end)} ${formatTime(o.end)}`;
  }
  return `${dayText} ${formatTimeRange(o.start, o.end)}`;
}

/**
 * A title inside a sentence: quoted when it starts with a yes/no word, so that "No school" never reads as an
 * answer ("No, "No school" isn't on Thu Dec 3", not "No, No school isn't …").
 */
function sayTitle(title: string): string {
  return /^(no|not|yes|none)\b/i.test(title) ? `"${title}"` : title;
}

/** 'Soccer practice, tomorrow (Tue Dec 1) 4-5:30pm at Riverside Park (Maya)'; `separator` follows the title. */
function describeOccurrence(a: Answerer, o: Occurrence, separator = ','): string {
  const people = names(a, o.event.memberIds);
  const where = o.event.location ? ` at ${o.event.location}` : '';
  return `${sayTitle(o.event.title)}${separator} ${whenText(a, o)}${where}${people === '' ? '' : ` (${people})`}`;
}

/**
 * Issue 43: when no title matches the typed words closely enough to answer, the coming event that nearly
 * does (one edit anywhere in a word, `nearlyMatch`), or else the first coming event of a title of several
 * words that shares one typed word of 4+ letters ("nativity play" → "Nativity rehearsal"), is offered as a
 * question, never answered: ' Did you mean "Cake sale" (Fri Dec 11)?'. '' when none is near.
 */
function didYouMean(a: Answerer, words: readonly string[]): string {
  if (words.length === 0) return '';
  const horizon = dayStart(addLocalDays(a.today, LOOKAHEAD_DAYS));
  const coming = occurrencesBetween(a.data.events, a.data.now, horizon, a.data.timeZone);
  const sharesWord = (o: Occurrence) => {
    const titleWords = normalizeQuestion(o.event.title).split(' ');
    return (
      titleWords.length >= 2 && words.some((w) => w.length >= 4 && titleWords.some((tw) => a.match(w, tw)))
    );
  };
  const near =
    coming.find((o) => relevance(words, o.event.title, o.event.location, nearlyMatch).enough) ??
    (words.length >= 2 ? coming.find(sharesWord) : undefined);
  if (!near) return '';
  return ` Did you mean "${near.event.title}" (${relativeDay(localDateOf(near.start), a.today)})?`;
}

function answerNextEvent(
  a: Answerer,
  words: string[],
  memberId: number | null,
  range: DayRange | null,
  strict = false,
  leaving = false,
): string {
  const asked = words.join(' ');
  if (strict && range) {
    // Only the asked day counts: "what's for dinner" is tonight's, not next week's birthday dinner.
    const w = dayWindow(range.from, range.part);
    const theDay = occurrencesBetween(a.data.events, w.from, w.to, a.data.timeZone);
    const found = bestOccurrences(a, theDay, words, memberId)[0];
    if (!found) return `I couldn't find "${asked}" on the calendar ${rangePhrase(a, range)}.`;
    return `${describeOccurrence(a, found, ':')}.`;
  }
  const from = range && dayStart(range.from) > a.data.now ? dayStart(range.from) : a.data.now;
  const horizon = dayStart(addLocalDays(a.today, LOOKAHEAD_DAYS));
  const all = occurrencesBetween(a.data.events, from, horizon, a.data.timeZone);
  // "what time do I need to be at heathrow": no title has the words, but a place does (all of them).
  const first =
    bestOccurrences(a, all, words, memberId)[0] ??
    all.find((o) => eventRelevance(a, o, words).matched === words.length);
  if (!first) return `I couldn't find "${asked}" on the calendar in the coming year.${didYouMean(a, words)}`;
  const onNow = first.start < a.data.now;
  if (range && localDateOf(first.start) > range.to) {
    return `No "${asked}" ${rangePhrase(a, range)}. Next: ${describeOccurrence(a, first)}.`;
  }
  // "when am I going to the gym next", asked by someone who never goes: say so before whose it is.
  const drives = first.event.pickup?.memberId === memberId || first.event.dropoff?.memberId === memberId;
  if (memberId !== null && !involves(first, memberId) && !drives) {
    const none = `${capitalize(who(a, memberId))} ${memberId === a.data.askerId ? 'have' : 'has'} no "${asked}" on the calendar`;
    return `${none}. Next: ${describeOccurrence(a, first)}.`;
  }
  if (onNow)
    return `${first.event.title} is on now, until ${formatTime(first.end)}${first.event.location ? ` at ${first.event.location}` : ''}.`;
  // "when do I need to leave for Maya's game", asked by her driver: their drive too.
  const mine = leaving ? transportLines(a, first, 'both', null, a.data.askerId).map((l) => l.text) : [];
  const drive = mine.length > 0 ? ` ${capitalize(mine.join('; '))}.` : '';
  return `Next ${describeOccurrence(a, first, ':')}.${drive}`;
}

/**
 * "When was the dentist": the latest occurrence that has begun, within PAST_DATE_DAYS ('Last Dentist: Mon
 * Nov 30 3:30-4:15pm at Dr. Kim (Eli and Dana).'); none: the next one, said as such.
 */
function answerLastEvent(a: Answerer, words: string[], memberId: number | null): string {
  const since = dayStart(addLocalDays(a.today, -PAST_DATE_DAYS));
  const before = occurrencesBetween(a.data.events, since, a.data.now, a.data.timeZone).filter(
    (o) => o.start < a.data.now,
  );
  const last = bestOccurrences(a, [...before].reverse(), words, memberId)[0];
  if (!last)
    return `No "${words.join(' ')}" on the calendar lately. ${answerNextEvent(a, words, memberId, null)}`;
  return `Last ${describeOccurrence(a, last, ':')}.`;
}

/** Pickups and drop-offs of an occurrence that fit the question. */
function transportLines(
  a: Answerer,
  o: Occurrence,
  direction: TransportDirection,
  memberId: number | null,
  driverId: number | null,
): AgendaItem[] {
  const out: AgendaItem[] = [];
  const add = (duty: TransportDuty | null, kind: 'pickup' | 'dropoff') => {
    if (!duty || (direction !== 'both' && direction !== kind)) return;
    if (driverId !== null && duty.memberId !== driverId) return;
    if (memberId !== null && duty.memberId !== memberId && !involves(o, memberId)) return;
    const at = kind === 'pickup' ? pickupTime(o, duty) : dropoffTime(o, duty);
    const riders = dutyRiders(a, o, duty.memberId);
    const ridersText = riders === '' ? '' : `${riders} `;
    const where = kind === 'pickup' ? `from ${o.event.title}` : `at ${o.event.title}`;
    if (duty.memberId === null) {
      const verb = kind === 'pickup' ? 'picking up' : 'dropping off';
      out.push({ at, text: `nobody is ${verb} ${ridersText}${where} yet (${formatTime(at)})` });
      return;
    }
    const you = duty.memberId === a.data.askerId;
    const verb = kind === 'pickup' ? (you ? 'pick up' : 'picks up') : you ? 'drop off' : 'drops off';
    out.push({ at, text: `${who(a, duty.memberId)} ${verb} ${ridersText}${where} at ${formatTime(at)}` });
  };
  add(o.event.dropoff, 'dropoff');
  add(o.event.pickup, 'pickup');
  return out;
}

/**
 * The day of the next drive still to come that fits the question: its direction, an event matching `words`
 * (when given), `memberId` driven or driving (when given) and `driverId` driving (when given). Null: none in
 * the coming year.
 */
function nextTransportDay(
  a: Answerer,
  direction: TransportDirection,
  words: readonly string[],
  memberId: number | null,
  driverId: number | null,
): string | null {
  const horizon = dayStart(addLocalDays(a.today, LOOKAHEAD_DAYS));
  const fits = (o: Occurrence, duty: TransportDuty | null, at: (d: TransportDuty) => string) =>
    duty !== null &&
    at(duty) >= a.data.now &&
    (driverId === null || duty.memberId === driverId) &&
    (memberId === null || duty.memberId === memberId || involves(o, memberId));
  // The next drive still to come: today's pickup at 5pm is over at 7:45pm.
  const found = occurrencesBetween(a.data.events, dayStart(a.today), horizon, a.data.timeZone).find(
    (o) =>
      (words.length === 0 || eventRelevance(a, o, words).matched > 0) &&
      ((direction !== 'dropoff' && fits(o, o.event.pickup, (d) => pickupTime(o, d))) ||
        (direction !== 'pickup' && fits(o, o.event.dropoff, (d) => dropoffTime(o, d)))),
  );
  return found ? localDateOf(found.start) : null;
}

/**
 * "Who is picking up Maya tomorrow", "what time do I need to get Leo": one line per drive on the asked day(s).
 * Without a day: the next day with a drive still to come that fits (the asker's own first when they drive).
 */
function answerTransport(
  a: Answerer,
  direction: TransportDirection,
  asked: DayRange | null,
  memberId: number | null,
  driverId: number | null,
  words: string[],
): string {
  const what =
    direction === 'pickup' ? 'pickups' : direction === 'dropoff' ? 'drop-offs' : 'pickups or drop-offs';
  const forWhom = memberId === null ? '' : ` for ${who(a, memberId)}`;
  let range = asked;
  let driver = driverId;
  if (range === null) {
    let date = driverId === null ? null : nextTransportDay(a, direction, words, memberId, driverId);
    if (date === null) {
      driver = null;
      date = nextTransportDay(a, direction, words, memberId, null);
    }
    if (date === null) return `No ${what}${forWhom} coming up on the calendar.`;
    range = { from: date, to: date, kind: 'day' };
  }
  const part = range.part;
  const forDay = (date: string) => {
    // A part of the day narrows the drives by their own times (a 5:15pm pickup from a 4pm practice is
    // "tomorrow evening").
    const w = dayWindow(date, part);
    let occurrences = occurrencesOn(a, date).filter((o) => localDateOf(o.start) === date);
    if (words.length > 0) {
      const matching = occurrences.filter((o) => eventRelevance(a, o, words).matched > 0);
      if (matching.length > 0) occurrences = matching;
    }
    const lines = (by: number | null) =>
      occurrences
        .flatMap((o) => transportLines(a, o, direction, memberId, by))
        .filter((line) => line.at >= w.from && line.at < w.to)
        .sort((x, y) => (x.at < y.at ? -1 : x.at > y.at ? 1 : 0));
    const own = driver === null ? [] : lines(driver);
    return own.length > 0 ? own : lines(null);
  };
  const items = perDay(range, forDay, (item) => item.text);
  if (items.length === 0) return `No ${what}${forWhom} ${rangePhrase(a, range)}.`;
  return fitList(`${rangeHeading(a, range)}:`, items);
}

/**
 * 'overdue since Fri Nov 27', 'overdue, was due today 12pm', 'due today 7pm', 'due tomorrow 8pm',
 * 'due Sat Dec 5 10am'.
 */
function dueText(a: Answerer, due: string): string {
  if (due < a.data.now && localDateOf(due) === a.today) return `overdue, was due today ${formatTime(due)}`;
  if (due < a.data.now) return `overdue since ${relativeDay(localDateOf(due), a.today)}`;
  return `due ${relativeDay(localDateOf(due), a.today)} ${formatTime(due)}`;
}

function answerTasks(
  a: Answerer,
  memberId: number | null,
  range: DayRange | null,
  group: readonly number[] | null = null,
): string {
  const inRange = (t: AssistantTask) =>
    range === null || (t.due !== null && localDateOf(t.due) >= range.from && localDateOf(t.due) <= range.to);
  const tasks = openTasks(a, memberId)
    .filter(inRange)
    .filter((t) => group === null || t.assigneeIds.some((id) => group.includes(id)));
  const due = range === null ? '' : ` due ${rangePhrase(a, range)}`;
  const whose = group === null ? '' : ` for ${joinNames(group.map((id) => firstName(a.data, id)))}`;
  // The sender's own drives in the range are things to do too ("anything I need to do tonight").
  // Over several days each drive names its day.
  const onDay = (date: string) =>
    range !== null && range.from !== range.to ? ` ${relativeDay(date, a.today)}` : '';
  const drives =
    memberId !== null && range !== null
      ? daysOf(range).flatMap((date) =>
          dutiesOn(a, memberId, date, range.part).map(
            (d) => `${d.text}${onDay(date)} at ${formatTime(d.at)}`,
          ),
        )
      : [];
  if (tasks.length === 0 && drives.length > 0) {
    const subject = memberId === a.data.askerId ? 'you' : firstName(a.data, memberId ?? 0);
    return fitList(
      `No open tasks${due}, but ${subject} ${memberId === a.data.askerId ? 'drive' : 'drives'}:`,
      drives,
    );
  }
  if (tasks.length === 0) {
    if (memberId === null) return `No open tasks${whose}${due}.`;
    return memberId === a.data.askerId
      ? `You have no open tasks${due}.`
      : `${firstName(a.data, memberId)} has no open tasks${due}.`;
  }
  const items = tasks.map((t) => {
    const parts = [
      memberId === null ? names(a, t.assigneeIds) : '',
      t.due === null ? '' : dueText(a, t.due),
    ].filter((p) => p !== '');
    return parts.length === 0 ? t.title : `${t.title} (${parts.join(', ')})`;
  });
  const head =
    memberId === null
      ? range === null
        ? `Open ${group === null ? 'family ' : ''}tasks${whose} (${tasks.length}):`
        : `${group === null ? 'Family tasks' : `Tasks${whose}`}${due}:`
      : range === null
        ? `${capitalize(possessive(a, memberId))} open tasks (${tasks.length}):`
        : `${capitalize(possessive(a, memberId))} tasks${due}:`;
  return fitList(head, items);
}

function answerOverdue(a: Answerer, memberId: number | null): string {
  const tasks = openTasks(a, memberId).filter((t) => t.due !== null && t.due < a.data.now);
  if (tasks.length === 0) {
    if (memberId === null) return 'Nothing is overdue.';
    return memberId === a.data.askerId
      ? 'You have nothing overdue.'
      : `${firstName(a.data, memberId)} has nothing overdue.`;
  }
  const items = tasks.map((t) => {
    const people = memberId === null ? names(a, t.assigneeIds) : '';
    const due = `due ${relativeDay(localDateOf(t.due ?? ''), a.today)}`;
    return `${t.title} (${people === '' ? due : `${people}, ${due}`})`;
  });
  const head =
    memberId === null
      ? `Overdue (${tasks.length}):`
      : `${capitalize(possessive(a, memberId))} overdue tasks (${tasks.length}):`;
  return fitList(head, items);
}

/** A stretch of time a member is taken: an event they attend (not all-day ones) or a drive. */
interface BusyBlock {
  start: string;
  end: string;
  text: string;
  /** Set for a drive: its third-person form ('picks up Maya from Soccer practice'). */
  third?: string;
  /** An all-day event the member takes part in: it fills the day. */
  allDay?: boolean;
}

/**
 * What takes a member's time on a day: events they take part in (organizer or attendee, all-day ones
 * included: an all-day family event fills the day) and drives they do (DUTY_BUSY_MINUTES each).
 */
function busyBlocks(a: Answerer, memberId: number, date: string, part?: DayPart): BusyBlock[] {
  const events = occurrencesOn(a, date, part)
    .filter((o) => involves(o, memberId))
    .map((o) => ({ start: o.start, end: o.end, text: o.event.title, allDay: o.event.allDay }));
  const duties = dutiesOn(a, memberId, date, part).map((d) => ({
    start: d.at,
    end: addLocalMinutes(d.at, DUTY_BUSY_MINUTES),
    text: d.text,
    third: d.third ?? d.text,
  }));
  return [...events, ...duties].sort((x, y) => (x.start < y.start ? -1 : x.start > y.start ? 1 : 0));
}

function blockTime(b: BusyBlock, date: string): string {
  const start = b.start < dayStart(date) ? dayStart(date) : b.start;
  const nextDay = dayStart(addLocalDays(date, 1));
  if (b.allDay || (b.start <= dayStart(date) && b.end >= nextDay)) return 'all day';
  if (b.end > nextDay) return `from ${formatTime(start)}`;
  if (b.start < dayStart(date)) return `until ${formatTime(b.end)}`;
  return formatTimeRange(start, b.end);
}

/** "Yes, …" ↔ "No, …" for a question asked the other way round ("is Maya busy?"). */
function flipYesNo(reply: string): string {
  if (reply.startsWith('Yes')) return `No${reply.slice(3)}`;
  if (reply.startsWith('No')) return `Yes${reply.slice(2)}`;
  return reply;
}

/** "Is X free at 3?": yes, with what comes next that day, or no, with what X has then. */
function freeAt(a: Answerer, memberId: number, date: string, at: string, near: TimeNear = 'at'): string {
  const you = memberId === a.data.askerId;
  const subject = you ? 'you' : firstName(a.data, memberId);
  const day = rangePhrase(a, { from: date, to: date, kind: 'day' });
  const blocks = busyBlocks(a, memberId, date);
  const w = timeWindow(at, near === 'around' ? 'around' : 'at');
  const clashes = blocks.filter((b) => b.start < w.to && w.from < b.end);
  // An event says more than the drive to it, and a timed event more than an all-day one.
  const clash =
    clashes.find((b) => b.third === undefined && !b.allDay) ??
    clashes.find((b) => b.third === undefined) ??
    clashes[0];
  if (clash?.third !== undefined) {
    return `No, ${subject} ${you ? clash.text : clash.third} at ${formatTime(clash.start)} ${day}.`;
  }
  if (clash)
    return `No, ${you ? 'you have' : `${subject} has`} ${clash.text} ${blockTime(clash, date)} ${day}.`;
  const later = blocks.find((b) => b.start > at);
  const yes = `Yes, ${you ? "you're" : `${subject} is`} free ${timeWords(at, near === 'around' ? 'around' : 'at')} ${day}.`;
  const next = later ? ` Next: ${later.text} at ${formatTime(later.start)}.` : '';
  return fitsSms(yes + next) ? yes + next : yes;
}

/** "Is anyone free at 3?": who is busy then (and with what), and who is free. */
function anyoneFreeAt(a: Answerer, date: string, at: string, near: TimeNear = 'at'): string {
  const busy: string[] = [];
  const free: string[] = [];
  const w = timeWindow(at, near === 'around' ? 'around' : 'at');
  for (const m of a.data.members) {
    const clash = busyBlocks(a, m.id, date).find((b) => b.start < w.to && w.from < b.end);
    if (clash) busy.push(`${firstName(a.data, m.id)} (${clash.text})`);
    else free.push(firstName(a.data, m.id));
  }
  const when = `${timeWords(at, near === 'around' ? 'around' : 'at')} ${rangePhrase(a, { from: date, to: date, kind: 'day' })}`;
  const head =
    free.length === 0
      ? `No, nobody is free ${when}.`
      : `Yes, ${joinNames(free)} ${free.length === 1 ? 'is' : 'are'} free ${when}.`;
  if (busy.length === 0) return head;
  return fitList(`${head} Busy:`, busy);
}

/**
 * "Is X free / busy …": yes or no first, then why. With a time: at that minute; without: the busy stretches of
 * the day(s). `asksBusy` turns the yes/no round ("is Maya busy Saturday" → "Yes, Maya is busy …").
 */
function answerFree(a: Answerer, intent: Extract<Intent, { kind: 'free' }>): string {
  const { memberId, range, time, asksBusy } = intent;
  if (intent.drive) return answerWhoCanDrive(a, intent.drive, range);
  const near = intent.near ?? 'at';
  const reply = freeReply(a, memberId, range, time, near, intent.group ?? null);
  return asksBusy && memberId !== null ? flipYesNo(reply) : reply;
}

/**
 * Issue 43, "is anyone free to take Zoe to soccer tomorrow": each matching drive on the asked day(s) (the
 * direction asked, an event matching the words, the rider when named), who has it now, and which members
 * who could drive (not children, when roles are known; not the riders) are free then (nothing of theirs
 * overlaps the drive's DUTY_BUSY_MINUTES).
 */
function answerWhoCanDrive(
  a: Answerer,
  drive: NonNullable<Extract<Intent, { kind: 'free' }>['drive']>,
  asked: DayRange,
): string {
  // No day named: the day of the next such drive still to come (of either direction when none of the asked one).
  const next = drive.anyDay
    ? (nextTransportDay(a, drive.direction, drive.words, drive.riderId, null) ??
      nextTransportDay(a, 'both', drive.words, drive.riderId, null))
    : null;
  const range: DayRange = next === null ? asked : { from: next, to: next, kind: 'day' };
  const legsFor = (direction: TransportDirection) =>
    daysOf(range).flatMap((date) =>
      occurrencesOn(a, date)
        .filter((o) => localDateOf(o.start) === date)
        .filter((o) => drive.words.length === 0 || eventRelevance(a, o, drive.words).matched > 0)
        .filter((o) => drive.riderId === null || involves(o, drive.riderId))
        .flatMap((o) =>
          (['dropoff', 'pickup'] as const)
            .filter((kind) => direction === 'both' || direction === kind)
            .flatMap((kind) => {
              const duty = kind === 'pickup' ? o.event.pickup : o.event.dropoff;
              if (!duty) return [];
              return [{ o, kind, duty, at: kind === 'pickup' ? pickupTime(o, duty) : dropoffTime(o, duty) }];
            }),
        ),
    );
  // "take Eli to tutoring" when tutoring has a pickup only: the drive it has, which names its direction.
  const askedLegs = legsFor(drive.direction);
  const legs = askedLegs.length > 0 ? askedLegs : legsFor('both');
  const what = drive.direction === 'pickup' ? 'pickup' : drive.direction === 'dropoff' ? 'drop-off' : 'drive';
  const rider = drive.riderId === null ? '' : ` for ${who(a, drive.riderId)}`;
  if (legs.length === 0) {
    const when = drive.anyDay && next === null ? 'coming up' : rangePhrase(a, range);
    return `No ${what}${rider} ${when} on the calendar.`;
  }
  const roles = a.data.members.some((m) => m.role !== undefined);
  const lines = legs.map(({ o, kind, duty, at }) => {
    const date = localDateOf(at);
    const end = addLocalMinutes(at, DUTY_BUSY_MINUTES);
    const drivers = a.data.members.filter(
      (m) => (!roles || m.role !== 'child') && !(o.event.memberIds.includes(m.id) && m.id !== duty.memberId),
    );
    const free = drivers
      .filter((m) => m.id !== duty.memberId)
      .filter(
        (m) =>
          !busyBlocks(a, m.id, date).some(
            (b) => b.start < end && at < b.end && !(b.third !== undefined && b.start === at),
          ),
      )
      .map((m) => (m.id === a.data.askerId ? 'you' : firstName(a.data, m.id)));
    const riders = dutyRiders(a, o, duty.memberId);
    const leg = `${kind === 'pickup' ? 'pickup' : 'drop-off'}${riders === '' ? '' : ` of ${riders}`} ${kind === 'pickup' ? 'from' : 'at'} ${o.event.title} at ${formatTime(at)} ${relativeDay(date, a.today)}`;
    const has =
      duty.memberId === null
        ? 'nobody has it yet'
        : `${duty.memberId === a.data.askerId ? "it's yours" : `${firstName(a.data, duty.memberId)} has it`}`;
    const others = free.length === 0 ? 'nobody else is free then' : `free then: ${joinNames(free)}`;
    return `${capitalize(leg)}: ${has}; ${others}`;
  });
  return `${lines.join('. ')}.`;
}

function freeReply(
  a: Answerer,
  memberId: number | null,
  range: DayRange,
  time: string | null,
  near: TimeNear,
  group: readonly number[] | null = null,
): string {
  // "free this morning?" asked in the evening: that part of today is over, and the reply says so.
  if (
    range.part &&
    range.to === a.today &&
    time === null &&
    dayWindow(a.today, range.part).to <= a.data.now
  ) {
    return `${rangeHeading(a, range)} is already over. Ask about another day, e.g. "tomorrow ${range.part.name}".`;
  }
  if (time !== null) {
    const at = `${range.from}T${time}:00`;
    return memberId === null
      ? anyoneFreeAt(a, range.from, at, near)
      : freeAt(a, memberId, range.from, at, near);
  }
  const people = memberId !== null ? [memberId] : (group ?? a.data.members.map((m) => m.id));
  // One line per busy stretch, naming everyone it takes ("5-7:30pm Dinner at Grandma's (everyone)").
  const blocksOn = (date: string) => {
    const grouped = new Map<string, { b: BusyBlock; date: string; ids: number[] }>();
    for (const id of people) {
      for (const b of busyBlocks(a, id, date, range.part)) {
        if (date === a.today && b.end <= a.data.now) continue;
        const key = `${b.start}|${b.end}|${b.text}`;
        const entry = grouped.get(key) ?? { b, date, ids: [] };
        entry.ids.push(id);
        grouped.set(key, entry);
      }
    }
    return [...grouped.values()].sort((x, y) => (x.b.start < y.b.start ? -1 : x.b.start > y.b.start ? 1 : 0));
  };
  const items = perDay(
    range,
    blocksOn,
    ({ b, date, ids }) => `${blockTime(b, date)} ${b.text}${memberId === null ? ` (${names(a, ids)})` : ''}`,
  );
  const phrase = rangePhrase(a, range);
  if (memberId === null && group !== null) {
    const them = joinNames(group.map((id) => firstName(a.data, id)));
    if (items.length === 0) return `Yes, ${them} ${group.length === 1 ? 'is' : 'are'} free ${phrase}.`;
    return fitList(`No, ${them} ${group.length === 1 ? 'is' : 'are'} busy ${phrase}:`, items);
  }
  if (memberId === null) {
    if (items.length === 0) return `Yes, everyone is free ${phrase}.`;
    return fitList(`No, not everyone is free ${phrase}:`, items);
  }
  const you = memberId === a.data.askerId;
  const subject = you ? 'you' : firstName(a.data, memberId);
  if (items.length === 0)
    return `Yes, ${subject} ${you ? 'are' : 'is'} free ${phrase}: nothing on the calendar.`;
  return fitList(`No, ${subject} ${you ? 'are' : 'is'} busy ${phrase}:`, items);
}

function answerWhatsNext(a: Answerer, memberId: number | null): string {
  const horizon = dayStart(addLocalDays(a.today, LOOKAHEAD_DAYS));
  const upcoming = occurrencesBetween(a.data.events, a.data.now, horizon, a.data.timeZone).filter(
    (o) => o.start >= a.data.now,
  );
  const head = memberId === null ? 'Next' : `Next for ${who(a, memberId)}`;
  if (memberId === null) {
    const first = upcoming[0];
    return first ? `${head}: ${describeOccurrence(a, first)}.` : 'Nothing coming up on the calendar.';
  }
  const theirs = upcoming.find((o) => involves(o, memberId));
  // A drive that comes before their next event is what is next for them.
  let duty: AgendaItem | undefined;
  for (
    let d = a.today;
    d <= localDateOf(theirs?.start ?? horizon) && d < localDateOf(horizon);
    d = addLocalDays(d, 1)
  ) {
    duty = dutiesOn(a, memberId, d).find((x) => x.at >= a.data.now);
    if (duty) break;
  }
  if (duty && (!theirs || duty.at < theirs.start)) {
    return `${head}: ${duty.text}, ${relativeDay(localDateOf(duty.at), a.today)} at ${formatTime(duty.at)}.`;
  }
  if (!theirs) return `Nothing coming up on ${possessive(a, memberId)} calendar.`;
  return `${head}: ${describeOccurrence(a, theirs)}.`;
}

function answerUnknownName(a: Answerer, name: string): string {
  const known = a.data.members.map((m) => firstName(a.data, m.id)).filter((n) => n !== '');
  return `I don't know anyone called ${capitalize(name)} in your family. Try a first name: ${joinNames(known.slice(0, 6))}.`;
}

/** The reply to a day expression the assistant could not read (issue 28): never another day's schedule. */
export const UNCLEAR_DAY_TEXT = "I didn't catch which day. Try 'Saturday' or 'Nov 28'.";

/**
 * Replies to instructions, which the assistant does not carry out by text: a plain no and where in FamilyHub
 * to do it (SPEC §2 screen names), never a listing that reads as if something happened.
 */
export const COMMAND_REPLIES: Record<CommandAction, string> = {
  add_event: "I can't add events by text. Add it in FamilyHub: Calendar, then Add Event.",
  change_event:
    "I can't change or cancel events by text. Open the event on FamilyHub's Calendar to edit or delete it.",
  add_task: "I can't add or assign tasks by text. Do it in FamilyHub: Tasks, then Add Task.",
  reminder:
    "I can't set reminders by text. Add a task with an SMS reminder in FamilyHub: Tasks, then Add Task.",
  complete_task: "I can't mark tasks done by text. Use Complete on the task in FamilyHub's Tasks list.",
  answer_request:
    "I can't answer activity requests by text. Accept or decline it in FamilyHub: Activity Requests.",
  sign_up:
    "I can't sign anyone up by text. Add it in FamilyHub: Activity Requests, then Add Activity Request.",
  message:
    "I can't send messages to other members. Text them yourself, or add a task for them in FamilyHub: Tasks.",
  notifications:
    "I can't change reminders by text. Turn SMS off in FamilyHub: Family Members, Global Notification Settings, or reply STOP to stop all texts.",
};

/**
 * "Is soccer still on Friday?": yes with the occurrence on that day, or no with the nearest one still to come
 * (before or after the asked day; the later on a tie). Without a day ("is the recital still on?"): yes with
 * the next one, or "I couldn't find …". An event titled "No …" on the day answers no ("is there school friday").
 */
function answerEventCheck(
  a: Answerer,
  words: string[],
  memberId: number | null,
  range: DayRange | null,
  time: string | null = null,
): string {
  if (range === null) {
    // "is maya's recital still on": is it still coming up? No such event: say so, never a day's listing.
    const horizon = dayStart(addLocalDays(a.today, LOOKAHEAD_DAYS));
    const next = bestOccurrences(
      a,
      occurrencesBetween(a.data.events, a.data.now, horizon, a.data.timeZone),
      words,
      memberId,
    ).find((o) => o.end > a.data.now);
    if (!next) {
      return `I couldn't find "${words.join(' ')}" on the calendar in the coming year.${didYouMean(a, words)}`;
    }
    if (time !== null) {
      const at = `${localDateOf(next.start)}T${time}:00`;
      if (!(next.start <= at && at < next.end)) {
        return `No, ${sayTitle(next.event.title)} is ${whenText(a, next)}, not ${formatTime(at)}.`;
      }
    }
    const negative = /^no\b/i.test(next.event.title) && !words.includes('no');
    return `${negative ? 'No' : 'Yes'}, ${describeOccurrence(a, next, ' is')}.`;
  }
  const w = { from: dayWindow(range.from, range.part).from, to: dayWindow(range.to, range.part).to };
  const onDay = bestOccurrences(
    a,
    occurrencesBetween(a.data.events, w.from, w.to, a.data.timeZone).filter((o) =>
      listedInPart(o, localDateOf(o.start) < range.from ? range.from : localDateOf(o.start), range.part),
    ),
    words,
    memberId,
  );
  const found = onDay[0];
  // "is there school friday" when Friday holds "No school": the event is the answer, and it is a no.
  if (found && /^no\b/i.test(found.event.title) && !words.includes('no')) {
    return `No, ${describeOccurrence(a, found, ' is')}.`;
  }
  if (found && time !== null) {
    // "is piano at 4 on wednesday": the time counts too.
    const at = `${localDateOf(found.start)}T${time}:00`;
    if (!(found.start <= at && at < found.end) && found.start !== at) {
      return `No, ${sayTitle(found.event.title)} is ${whenText(a, found)}, not ${formatTime(at)}.`;
    }
  }
  if (found) return `Yes, ${describeOccurrence(a, found, ' is')}.`;
  const horizon = dayStart(addLocalDays(a.today, LOOKAHEAD_DAYS));
  const coming = bestOccurrences(
    a,
    occurrencesBetween(a.data.events, a.data.now, horizon, a.data.timeZone),
    words,
    memberId,
  ).filter((o) => o.end > a.data.now);
  const asked = rangePhrase(a, range);
  const first = coming[0];
  if (!first) {
    const none = `No, there's no "${words.join(' ')}" on the calendar ${asked} or in the coming year.`;
    return `${none}${didYouMean(a, words)}`;
  }
  // Whole days between an occurrence and the asked day(s); the nearest wins, the later one on a tie.
  const gap = (o: Occurrence) => {
    const d = localDateOf(o.start);
    if (d < range.from) return localMinutesBetween(dayStart(d), dayStart(range.from));
    return d > range.to ? localMinutesBetween(dayStart(range.to), dayStart(d)) : 0;
  };
  let nearest = first;
  for (const o of coming) {
    if (gap(o) < gap(nearest) || (gap(o) === gap(nearest) && o.start > nearest.start)) nearest = o;
  }
  const where = nearest.event.location ? ` at ${nearest.event.location}` : '';
  const isSeries = coming.filter((o) => o.event.id === nearest.event.id).length > 1;
  const removed = removedFrom(a, words, memberId, range);
  const why = removed ? `: that one was taken off the calendar` : '';
  return `No, ${sayTitle(nearest.event.title)} isn't ${asked}${why}. ${isSeries ? 'Closest:' : "It's"} ${whenText(a, nearest)}${where}.`;
}

/**
 * A series matching `words` (and taking in `memberId`, when given) that has a day of `range` removed by an
 * EXDATE (RFC 5545 §3.8.5.1): the texter expects it then, and the answer says it was taken off. Null: none.
 */
function removedFrom(
  a: Answerer,
  words: readonly string[],
  memberId: number | null,
  range: DayRange,
): AssistantEvent | null {
  return (
    a.data.events.find(
      (e) =>
        e.rrule !== null &&
        (memberId === null || e.memberIds.includes(memberId)) &&
        e.exdates.some((x) => localDateOf(x) >= range.from && localDateOf(x) <= range.to) &&
        relevance(words, e.title, e.location, a.match).enough,
    ) ?? null
  );
}

/**
 * "Is soccer cancelled?" is answered the other way round: an event still on the calendar is a no ("No, it's
 * still on: …"); one that is not there is a yes only in that it is not on the calendar, said as such.
 */
function cancelledReply(reply: string): string {
  if (reply.startsWith('Yes, ')) return `No, it's still on: ${reply.slice(5)}`;
  if (reply.startsWith('No, ')) return `It's not on the calendar then: ${reply.slice(4)}`;
  return reply;
}

/** 'overdue since Fri Nov 27' / 'due Sat Dec 5 10am' / '' for a task without a due date. */
function taskDue(a: Answerer, t: AssistantTask): string {
  return t.due === null ? '' : dueText(a, t.due);
}

/** "Did Leo clean his room?": yes when the best-matching task is done, no (still open, when due) otherwise. */
function answerTaskCheck(a: Answerer, words: string[], memberId: number | null): string {
  const candidates = a.data.tasks.filter(
    (t) => t.transport === null && (memberId === null || t.assigneeIds.includes(memberId)),
  );
  const scored = candidates
    .map((t) => ({ t, r: relevance(words, t.title, null, a.match) }))
    .filter((s) => s.r.enough)
    .sort((x, y) => compareRelevance(x.r, y.r) || (x.t.due ?? '9').localeCompare(y.t.due ?? '9'));
  const task = scored[0]?.t;
  if (!task)
    return `I couldn't find a task like "${words.join(' ')}". Ask "what are my tasks?" for the list.`;
  const people = names(a, task.assigneeIds);
  const whose = people === '' ? '' : ` (${people})`;
  if (task.completed) return `Yes, ${task.title}${whose} is done.`;
  const due = taskDue(a, task);
  return `No, ${task.title}${whose} is still open${due === '' ? '' : `, ${due}`}.`;
}

/**
 * "What do I need to pack", "when is Lily's poster due": the tasks whose titles match best (the member's own
 * first, when they have any), each with its state: "Pack for camping (Linh): open, due Sun Dec 27 6pm."
 */
function answerTaskList(a: Answerer, words: string[], memberId: number | null): string {
  const all = a.data.tasks.filter((t) => t.transport === null);
  const theirs = memberId === null ? [] : all.filter((t) => t.assigneeIds.includes(memberId));
  const score = (tasks: AssistantTask[]) =>
    tasks
      .map((t) => ({ t, r: relevance(words, t.title, null, a.match) }))
      .filter((x) => x.r.enough)
      .sort((x, y) => compareRelevance(x.r, y.r) || (x.t.due ?? '9').localeCompare(y.t.due ?? '9'));
  const own = score(theirs);
  const scored = own.length > 0 ? own : score(all);
  const top = scored[0];
  if (!top) return `I couldn't find a task like "${words.join(' ')}". Ask "what are my tasks?" for the list.`;
  const best = scored.filter((x) => compareRelevance(x.r, top.r) === 0).map((x) => x.t);
  const items = best.map((t) => {
    const people = names(a, t.assigneeIds);
    const due = taskDue(a, t);
    const state = t.completed ? 'done' : `open${due === '' ? '' : `, ${due}`}`;
    return `${t.title}${people === '' ? '' : ` (${people})`}: ${state}`;
  });
  return `${items.slice(0, 3).join('; ')}${items.length > 3 ? ` (+${items.length - 3} more)` : ''}.`;
}

/** Events that mean no school that day ("No school", "INSET day", "Teacher training day", "Snow day"). */
const NO_SCHOOL =
  /^no school\b|\binset\b|\bteacher (?:training|planning|workday|work day)\b|\b(?:pd|staff|training|in-service|inservice|professional development|snow) days?\b|\bschool (?:closed|holidays?|vacation|break)\b|\bhalf[- ]?term\b/i;

/**
 * "Is there school Monday?" ('in') / "are the kids off school Monday?" ('off'), from the day's events: a
 * no-school event ("INSET day") answers no to 'in' and yes to 'off'; an event about school itself ("Last day of
 * school") the other way round; a weekend day has no school; otherwise nothing on the calendar says no school.
 */
function answerSchool(a: Answerer, asked: 'in' | 'off', memberId: number | null, range: DayRange): string {
  const day = range.from;
  const on = occurrencesOn(a, day).filter((o) => memberId === null || involves(o, memberId));
  const phrase = rangePhrase(a, { ...range, to: day, part: undefined });
  const yes = (inSchool: boolean) => ((asked === 'in') === inSchool ? 'Yes' : 'No');
  const closed = on.find((o) => NO_SCHOOL.test(o.event.title));
  if (closed) return `${yes(false)}, ${describeOccurrence(a, closed, ' is')}.`;
  const open = on.find((o) => /\bschool\b/i.test(o.event.title));
  if (open) return `${yes(true)}, ${describeOccurrence(a, open, ' is')}.`;
  // A school series with this day taken off (EXDATE): no school, whatever else the day holds.
  const removed = removedFrom(a, ['school'], memberId, { ...range, to: day });
  if (removed) {
    return `${yes(false)}, ${sayTitle(removed.title)} isn't on ${formatDate(day)}: that day was taken off the calendar.`;
  }
  const weekday = localWeekday(day);
  if (weekday === 0 || weekday === 6) {
    return `${yes(false)}, ${formatDate(day)} is a ${weekday === 0 ? 'Sunday' : 'Saturday'}.`;
  }
  return `${yes(true)}, as far as the calendar says: nothing marks no school ${phrase}.`;
}

/** Occurrences lasting past the end of the day they start on: trips ("Work trip to Manchester", "Camping trip"). */
function trips(a: Answerer, from: string, to: string, words: readonly string[], memberId: number | null) {
  return occurrencesBetween(a.data.events, from, to, a.data.timeZone).filter(
    (o) =>
      !o.event.allDay &&
      o.end > dayStart(addLocalDays(localDateOf(o.start), 1)) &&
      (memberId === null || involves(o, memberId)) &&
      // A trip is often named by its place alone ("back from jervis bay"): all words in the location will do.
      (words.length === 0 ||
        eventRelevance(a, o, words).enough ||
        eventRelevance(a, o, words).matched === words.length),
  );
}

/** 'Marco is' / 'You are' / 'Everyone is' / 'Maya and Leo are', for a trip's people. */
function whoIs(a: Answerer, memberId: number | null, o: Occurrence): string {
  if (memberId === a.data.askerId) return 'You are';
  if (memberId !== null) return `${firstName(a.data, memberId)} is`;
  const people = names(a, o.event.memberIds);
  return people === 'everyone' ? 'Everyone is' : `${people} ${o.event.memberIds.length > 1 ? 'are' : 'is'}`;
}

/** 'Wed Dec 9 at 8pm' / 'tomorrow (Wed Dec 9) at 8pm' / 'today at 8pm'. */
function momentText(a: Answerer, at: string): string {
  const date = localDateOf(at);
  const rel = relativeDay(date, a.today);
  return `${rel === 'tomorrow' ? `tomorrow (${formatDate(date)})` : rel} at ${formatTime(at)}`;
}

/** "When is Marco back?": the end of the trip under way or next (matching `words` when given). */
function answerTripEnd(a: Answerer, words: string[], memberId: number | null): string {
  const horizon = dayStart(addLocalDays(a.today, LOOKAHEAD_DAYS));
  const trip = trips(a, a.data.now, horizon, words, memberId).find((o) => o.end > a.data.now);
  const whom = memberId === null ? 'anyone' : who(a, memberId);
  // "what time is Tobi home (from school)": no trip, so the pickup that brings them home.
  if (!trip && memberId !== null && memberId !== a.data.askerId) {
    if (nextTransportDay(a, 'pickup', [], memberId, null) !== null) {
      return answerTransport(a, 'pickup', null, memberId, null, []);
    }
  }
  if (!trip) {
    const about = words.length > 0 ? ` like "${words.join(' ')}"` : '';
    return `I couldn't find a trip${about} for ${whom} on the calendar in the coming year.`;
  }
  const place = trip.event.location;
  const where = place && !trip.event.title.toLowerCase().includes(place.toLowerCase()) ? ` (${place})` : '';
  const away = trip.start <= a.data.now ? 'away now' : `away from ${momentText(a, trip.start)}`;
  return `${whoIs(a, memberId, trip)} back ${momentText(a, trip.end)}: ${sayTitle(trip.event.title)}${where} ends then (${away}).`;
}

/**
 * "Is Marco back tomorrow?" ('back'): yes when no trip of theirs fills the day (the trip ending that day
 * says when), no with the trip and its end otherwise. "Is Marco away this week?" ('away'): yes with the trip.
 * Without a day: now.
 */
function answerTrip(
  a: Answerer,
  asked: 'back' | 'away',
  words: string[],
  memberId: number | null,
  range: DayRange | null,
): string {
  const from = range ? dayStart(range.from) : a.data.now;
  const to = range ? dayStart(addLocalDays(range.to, 1)) : a.data.now;
  const phrase = range ? rangePhrase(a, range) : 'now';
  const found = trips(a, from, to === from ? addLocalMinutes(to, 1) : to, words, memberId);
  const person =
    memberId === null ? 'everyone' : memberId === a.data.askerId ? 'you' : firstName(a.data, memberId);
  const trip = found[0];
  if (!trip) {
    const none = `${person} ${memberId === a.data.askerId ? 'have' : 'has'} no trip on the calendar ${phrase}`;
    return `${asked === 'back' ? 'Yes' : 'No'}, ${none}.`;
  }
  const span = `${sayTitle(trip.event.title)}, ${formatDate(localDateOf(trip.start))} ${formatTime(trip.start)} until ${formatDate(localDateOf(trip.end))} ${formatTime(trip.end)}`;
  if (asked === 'away') return `Yes, ${whoIs(a, memberId, trip)} away ${phrase}: ${span}.`;
  if (range && trip.end < to) {
    return `Yes, ${whoIs(a, memberId, trip)} back ${momentText(a, trip.end)}: ${sayTitle(trip.event.title)} ends then.`;
  }
  return `No, ${whoIs(a, memberId, trip)} away ${phrase}: ${span}.`;
}

/** '(Maya asked Ana, Sat Dec 12 6pm)' for a request. */
function requestDetails(a: Answerer, r: AssistantActivity, withStatus: boolean): string {
  const by = r.assignedBy === null ? '' : firstName(a.data, r.assignedBy);
  const to = r.assignedTo === null ? '' : firstName(a.data, r.assignedTo);
  const asked =
    by !== '' && to !== ''
      ? `${by} asked ${to}`
      : by !== ''
        ? `asked by ${by}`
        : to !== ''
          ? `for ${to}`
          : '';
  const when = r.due === null ? '' : `${relativeDay(localDateOf(r.due), a.today)} ${formatTime(r.due)}`;
  const parts = [withStatus ? r.status : '', asked, when].filter((p) => p !== '');
  return parts.length === 0 ? '' : ` (${parts.join(', ')})`;
}

/** 'was accepted' / 'was declined' / 'is still pending'. */
function requestState(r: AssistantActivity, still: boolean): string {
  if (r.status === 'pending') return still ? 'is still pending' : 'is pending';
  return `was ${r.status}`;
}

/**
 * Activity requests (SPEC §3 Activity proposal): one request's answer (yes/no first for "did Marco approve
 * the sleepover"), or a list: pending ones, ones for a member to answer, ones a member asked for.
 */
function answerActivities(a: Answerer, intent: Extract<Intent, { kind: 'activities' }>): string {
  if (intent.words.length > 0) {
    const best = a.data.activities
      .map((r) => ({ r, rel: relevance(intent.words, r.title, r.location, a.match) }))
      .filter((s) => s.rel.enough)
      .sort((x, y) => compareRelevance(x.rel, y.rel))[0]?.r;
    if (!best) return `I couldn't find a request like "${intent.words.join(' ')}".`;
    const sentence = `${best.title} ${requestState(best, intent.yesNo)}${requestDetails(a, best, false)}.`;
    if (!intent.yesNo) return sentence;
    return `${best.status === 'accepted' ? 'Yes' : 'No'}, ${sentence}`;
  }
  let list = a.data.activities;
  if (intent.status) list = list.filter((r) => r.status === intent.status);
  if (intent.toId !== null) list = list.filter((r) => r.assignedTo === intent.toId);
  if (intent.fromId !== null) list = list.filter((r) => r.assignedBy === intent.fromId);
  // Pending first, then by date.
  const order = { pending: 0, accepted: 1, declined: 2 };
  list = [...list].sort(
    (x, y) => order[x.status] - order[y.status] || (x.due ?? '9').localeCompare(y.due ?? '9'),
  );
  const whose =
    intent.toId !== null
      ? ` for ${who(a, intent.toId)}`
      : intent.fromId !== null
        ? ` from ${who(a, intent.fromId)}`
        : '';
  const what = intent.status === 'pending' ? 'pending requests' : 'requests';
  if (list.length === 0) return `No ${what}${whose}.`;
  const items = list.map((r) => `${r.title}${requestDetails(a, r, intent.status === null)}`);
  return fitList(`${capitalize(what)}${whose} (${list.length}):`, items);
}

/** The stretch a clock question covers: "at 3" the minute itself, "around 3" half an hour either side. */
function timeWindow(at: string, near: TimeNear): { from: string; to: string } {
  if (near === 'around') return { from: addLocalMinutes(at, -30), to: addLocalMinutes(at, 30) };
  if (near === 'by') return { from: `${localDateOf(at)}T00:00:00`, to: at };
  return { from: at, to: addLocalMinutes(at, 1) };
}

/** 'at 6am', 'around 12pm', 'before 5pm'. */
function timeWords(at: string, near: TimeNear): string {
  return `${near === 'by' ? 'before' : near} ${formatTime(at)}`;
}

/** '4-5:30pm', 'until 6pm', 'from 9pm' for a stretch as seen on `date`. */
function spanOn(start: string, end: string, date: string): string {
  const nextDay = dayStart(addLocalDays(date, 1));
  if (start < dayStart(date)) return end >= nextDay ? 'all day' : `until ${formatTime(end)}`;
  if (end > nextDay) return `from ${formatTime(start)}`;
  return formatTimeRange(start, end);
}

/**
 * "Is there anything at 6am monday", "does Leo have anything at 4": yes or no about that clock time first
 * (events running then, not all-day ones; for a member, their drives too), then what is next that day.
 */
function answerAtTime(
  a: Answerer,
  date: string,
  time: string,
  near: TimeNear,
  memberId: number | null,
): string {
  const at = `${date}T${time}:00`;
  const w = timeWindow(at, near);
  const day = rangePhrase(a, { from: date, to: date, kind: 'day' });
  const when = `${timeWords(at, near)} ${day}`;
  if (memberId === null) {
    // All-day events, and longer ones that fill the day (a work trip), are not "at" a clock time.
    const timed = occurrencesOn(a, date).filter(
      (o) => !o.event.allDay && spanOn(o.start, o.end, date) !== 'all day',
    );
    const people = (o: Occurrence) => {
      const n = names(a, o.event.memberIds);
      return n === '' ? '' : ` (${n})`;
    };
    const hits = timed.filter((o) => o.start < w.to && w.from < o.end);
    if (hits.length > 0) {
      return fitList(
        `Yes, ${when}:`,
        hits.map((o) => `${o.event.title} ${spanOn(o.start, o.end, date)}${people(o)}`),
      );
    }
    const next = timed.find((o) => o.start >= w.to);
    const tail = next ? ` Next: ${formatTime(next.start)} ${next.event.title}${people(next)}.` : '';
    return `No, nothing ${when}.${tail}`;
  }
  const you = memberId === a.data.askerId;
  const subject = you ? 'you' : firstName(a.data, memberId);
  const has = you ? 'you have' : `${subject} has`;
  const blocks = busyBlocks(a, memberId, date).filter(
    (b) => !b.allDay && spanOn(b.start, b.end, date) !== 'all day',
  );
  const hits = blocks.filter((b) => b.start < w.to && w.from < b.end);
  const clash = hits.find((b) => b.third === undefined) ?? hits[0];
  if (clash?.third !== undefined) {
    return `Yes, ${subject} ${you ? clash.text : clash.third} at ${formatTime(clash.start)} ${day}.`;
  }
  if (clash) return `Yes, ${has} ${clash.text} ${spanOn(clash.start, clash.end, date)} ${day}.`;
  const next = blocks.find((b) => b.start >= w.to);
  const tail = next ? ` Next: ${formatTime(next.start)} ${next.text}.` : '';
  return `No, ${has} nothing ${when}.${tail}`;
}

/**
 * "Who's doing what tomorrow": each member's events and drives (one line per drive, the driver's own), person
 * by person in the family's order; a drive nobody has taken yet is said too.
 */
function answerByPerson(a: Answerer, range: DayRange): string {
  const multi = range.from !== range.to;
  const prefix = (date: string) => (multi ? `${formatDate(date).split(' ')[0]} ` : '');
  const items: string[] = [];
  for (const m of a.data.members) {
    const agenda = daysOf(range).flatMap((date) =>
      memberAgenda(a, m.id, date, range.part)
        .filter((item) => !item.text.includes(' task: '))
        .map((item) => `${prefix(date)}${item.text}`),
    );
    if (agenda.length > 0) items.push(`${firstName(a.data, m.id)}: ${agenda.join(', ')}`);
  }
  const unassigned = daysOf(range).flatMap((date) =>
    occurrencesOn(a, date, range.part)
      .filter((o) => localDateOf(o.start) === date)
      .flatMap((o) => transportLines(a, o, 'both', null, null))
      .filter((line) => line.text.startsWith('nobody'))
      .map((line) => `${prefix(date)}${line.text}`),
  );
  const all = [...items, ...unassigned];
  const heading = rangeHeading(a, range);
  if (all.length === 0) return `${heading}: nothing on the calendar.`;
  return fitList(`${heading}:`, all);
}

/** How far ahead a free-day search looks when the question names no days. */
const SEARCH_WEEKS = 8;

const WEEKDAY_LABELS = 'Sunday Monday Tuesday Wednesday Thursday Friday Saturday'.split(' ');

/**
 * "When's our next free Saturday", "first free evening", "do we have a free weekend in December": the first
 * day (a weekday, a part of each day, a whole weekend, or any day) from today on which the member (or
 * everyone) has nothing: no event they take part in, no drive. A whole day is looked for from tomorrow; a
 * part of a day from today when it has not begun. Within the asked range, else the next SEARCH_WEEKS weeks.
 */
function answerFreeSearch(a: Answerer, intent: Extract<Intent, { kind: 'free_search' }>): string {
  const people = intent.memberId === null ? a.data.members.map((m) => m.id) : [intent.memberId];
  const part = intent.part ?? undefined;
  const freeOn = (date: string) => people.every((id) => busyBlocks(a, id, date, part).length === 0);
  const last = addLocalDays(a.today, SEARCH_WEEKS * 7);
  const from = intent.range && intent.range.from > a.today ? intent.range.from : a.today;
  const to = intent.range ? intent.range.to : last;
  let found: string | null = null;
  for (let d = from; d <= to && found === null; d = addLocalDays(d, 1)) {
    if (d === a.today && (!part || `${d}T${part.from}:00` <= a.data.now)) continue;
    const wd = localWeekday(d);
    if (intent.weekend) {
      if (wd === 6 && freeOn(d) && freeOn(addLocalDays(d, 1))) found = d;
      continue;
    }
    if (intent.weekday !== null && wd !== intent.weekday) continue;
    if (freeOn(d)) found = d;
  }
  const label = intent.weekend
    ? 'weekend'
    : [intent.weekday === null ? '' : (WEEKDAY_LABELS[intent.weekday] ?? ''), intent.part?.name ?? '']
        .filter((w) => w !== '')
        .join(' ') || 'day';
  const whom =
    intent.memberId === null
      ? 'everyone'
      : intent.memberId === a.data.askerId
        ? 'you'
        : firstName(a.data, intent.memberId);
  const span = intent.range
    ? rangePhrase(a, intent.range)
    : `in the next ${SEARCH_WEEKS} weeks (to ${formatDate(last)})`;
  if (found === null) return `${intent.yesNo ? 'No, no' : 'No'} free ${label} for ${whom} ${span}.`;
  const heading = dayHeading(found, a.today);
  const dayText = intent.weekend
    ? `${formatDate(found)} and ${formatDate(addLocalDays(found, 1))}`
    : /^(Today|Tomorrow)\b/.test(heading)
      ? `${heading[0]?.toLowerCase() ?? ''}${heading.slice(1)}`
      : heading;
  return intent.yesNo
    ? `Yes, the first free ${label} for ${whom}: ${dayText}.`
    : `Next free ${label} for ${whom}: ${dayText}.`;
}

/**
 * The reply text for an intent, from the family's data only. Times are local to the family; every reply
 * fits in 3 SMS segments (lists end with "+N more" when cut).
 */
/** What the coverage rules read of an assistant event (src/core/driving/coverage.ts). */
function transportFacts(e: AssistantEvent): TransportFacts {
  return {
    title: e.title,
    hasPickup: e.pickup !== null,
    pickupDriverId: e.pickup?.memberId ?? null,
    pickupLeadMinutes: e.pickup?.minutesBefore ?? 0,
    hasDropoff: e.dropoff !== null,
    dropoffDriverId: e.dropoff?.memberId ?? null,
    dropoffLeadMinutes: e.dropoff?.minutesBefore ?? 0,
    attendeeIds: e.memberIds,
  };
}

/**
 * Issue 27 "any gaps this week?": the pickups and drop-offs still to come in `range` that no one can do, by the
 * same rules as the app (src/core/driving/coverage.ts): no driver yet; a driver with two overlapping drives; a
 * driver who is at another event then. E.g. "This week (Dec 7-12): 2 gaps: no one is picking up Ada from Piano
 * at 5pm Mon Dec 7; Marco picks up Tobi from Football at 6pm Tue Dec 8 but is at Parents evening (5:30-7pm)."
 */
function answerTransportGaps(a: Answerer, range: DayRange): string {
  const { data } = a;
  const from = `${range.from}T00:00:00`;
  const to = `${addLocalDays(range.to, 1)}T00:00:00`;
  const occurrences = expandEvents(
    data.events,
    { from: `${addLocalDays(range.from, -1)}T00:00:00`, to: `${addLocalDays(range.to, 2)}T00:00:00` },
    data.timeZone,
  ).occurrences;
  const legs = transportLegs(occurrences, transportFacts, data.timeZone).filter(
    (l) => l.at >= from && l.at < to && l.to > data.now,
  );
  const issues = coverageIssues(legs, occurrences, transportFacts);
  const name = (id: number | null) => (id === null ? '' : id === data.askerId ? 'you' : firstName(data, id));
  const items: string[] = [];
  const seen = new Set<string>();
  for (const issue of issues) {
    const leg = issue.leg;
    const key = `${String(leg.eventId)}|${leg.occurrenceId ?? ''}|${leg.kind}`;
    if (seen.has(key)) continue; // one line per drive: its first problem
    seen.add(key);
    const riders = joinNames(leg.attendeeIds.filter((id) => id !== leg.driverId).map((id) => name(id)));
    const whom = riders ? ` ${riders}` : '';
    const what = leg.kind === 'pickup' ? `up${whom} from ${leg.title}` : `off${whom} at ${leg.title}`;
    const when = `${formatTime(leg.at)} ${relativeDay(leg.at.slice(0, 10), a.today)}`;
    if (issue.type === 'no_driver') {
      items.push(`no one is ${leg.kind === 'pickup' ? 'picking' : 'dropping'} ${what} at ${when}`);
      continue;
    }
    const driver = name(leg.driverId);
    const verb =
      driver === 'you'
        ? leg.kind === 'pickup'
          ? 'pick'
          : 'drop'
        : leg.kind === 'pickup'
          ? 'picks'
          : 'drops';
    const clash =
      issue.type === 'double_booked'
        ? `also ${issue.other.kind === 'pickup' ? 'picking up from' : 'dropping off at'} ${issue.other.title} (${formatTime(issue.other.at)})`
        : `${driver === 'you' ? 'are' : 'is'} at ${issue.other.title} (${formatTimeRange(issue.other.start, issue.other.end)})`;
    items.push(`${driver} ${verb} ${what} at ${when} but ${clash}`);
  }
  const heading = rangeHeading(a, range);
  if (items.length === 0) {
    return legs.length === 0
      ? `${heading}: no pickups or drop-offs.`
      : `${heading}: no gaps. Every pickup and drop-off has a driver who is free.`;
  }
  return fitList(`${heading}: ${String(items.length)} ${items.length === 1 ? 'gap' : 'gaps'}:`, items);
}

export function composeAnswer(intent: Intent, data: FamilyData, match: WordMatcher): string {
  const a: Answerer = { data, today: localDateOf(data.now), match };
  const reply = replyTo(a, intent);
  const range = intentRange(intent);
  const weekday = weekdayNote(range);
  const past = pastNote(range);
  // A yes or no comes first ("Yes, Piano was on …"); the note that the day is past follows it.
  const said = past === '' ? reply : /^(Yes|No)\b/.test(reply) ? `${reply} ${past}` : `${past} ${reply}`;
  return weekday === '' ? said : `${weekday} ${said}`;
}

/** 'Nov 27 is already past.' for a date typed without a year that is this year's past day (issue 43), else ''. */
function pastNote(range: DayRange | null): string {
  if (range?.past !== true) return '';
  const [, month, dayOfMonth] = formatDate(range.from).split(' ');
  return `${month} ${dayOfMonth} is already past.`;
}

const WEEKDAY_NAMES = 'Sunday Monday Tuesday Wednesday Thursday Friday Saturday'.split(' ');

/** 'Dec 8 is a Tuesday, not a Monday.' when the texter's weekday and date disagree, else ''. */
function weekdayNote(range: DayRange | null): string {
  if (range?.typedWeekday === undefined) return '';
  const [, month, dayOfMonth] = formatDate(range.from).split(' ');
  const actual = WEEKDAY_NAMES[localWeekday(range.from)] ?? '';
  const typed = WEEKDAY_NAMES[range.typedWeekday] ?? '';
  return `${month} ${dayOfMonth} is a ${actual}, not a ${typed}.`;
}

function replyTo(a: Answerer, intent: Intent): string {
  switch (intent.kind) {
    case 'help':
      if (intent.about === 'thanks') return "You're welcome! Text me any time about the family calendar.";
      if (intent.about === 'outside')
        return `I only know your family's calendar, tasks and requests, so I can't help with that. ${HELP_TEXT.replace(/^FamilyHub here\. /, '')}`;
      return HELP_TEXT;
    case 'unknown_name':
      return answerUnknownName(a, intent.name);
    case 'schedule':
      return intent.byPerson
        ? answerByPerson(a, intent.range)
        : answerSchedule(a, intent.range, intent.memberId, intent.group ?? null);
    case 'at_time':
      return answerAtTime(a, intent.range.from, intent.time, intent.near, intent.memberId);
    case 'free_search':
      return answerFreeSearch(a, intent);
    case 'next_event':
      if (intent.tripEnd) return answerTripEnd(a, intent.words, intent.memberId);
      if (intent.last) return answerLastEvent(a, intent.words, intent.memberId);
      return answerNextEvent(a, intent.words, intent.memberId, intent.range, intent.strict, intent.leaving);
    case 'transport':
      return answerTransport(
        a,
        intent.direction,
        intent.range,
        intent.memberId,
        intent.driverId ?? null,
        intent.words,
      );
    case 'transport_gaps':
      return answerTransportGaps(a, intent.range);
    case 'tasks':
      return answerTasks(a, intent.memberId, intent.range, intent.group ?? null);
    case 'overdue':
      return answerOverdue(a, intent.memberId);
    case 'free':
      return answerFree(a, intent);
    case 'whats_next':
      return answerWhatsNext(a, intent.memberId);
    case 'unclear_day':
      return UNCLEAR_DAY_TEXT;
    case 'command':
      return COMMAND_REPLIES[intent.action];
    case 'event_check': {
      if (intent.school && intent.range) return answerSchool(a, intent.school, intent.memberId, intent.range);
      if (intent.trip) return answerTrip(a, intent.trip, intent.words, intent.memberId, intent.range);
      const reply = answerEventCheck(a, intent.words, intent.memberId, intent.range, intent.time ?? null);
      return intent.cancelled ? cancelledReply(reply) : reply;
    }
    case 'task_check':
      return intent.list
        ? answerTaskList(a, intent.words, intent.memberId)
        : answerTaskCheck(a, intent.words, intent.memberId);
    case 'activities':
      return answerActivities(a, intent);
  }
}
