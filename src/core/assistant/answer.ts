import { addLocalDays, addLocalMinutes, localDateOf } from '../time/local-time.ts';
import type { DayPart, DayRange } from './dates.ts';
import {
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
import type { Intent, TransportDirection } from './intent.ts';
import { normalizeQuestion } from './normalize.ts';

/** The reply to anything the assistant cannot read: what it does and three example questions (issue 9). */
export const HELP_TEXT =
  'FamilyHub here. Ask me about your family calendar and tasks, e.g. "What\'s on tomorrow?", ' +
  '"What are my tasks?" or "Who is picking up today?"';

/** How far ahead "when is X next" and "what's next" look. */
const LOOKAHEAD_DAYS = 366;

/** How long a driving duty keeps its driver busy, for "am I free" (the drive itself). */
const DUTY_BUSY_MINUTES = 30;

/** Matches a typed word against a title word (typo-tolerant in production). */
export type WordMatcher = (typed: string, titleWord: string) => boolean;

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
      if (rel === 'today')
        return `${name === 'evening' ? 'Tonight' : `This ${name}`} (${formatDate(range.from)})`;
      if (rel === 'tomorrow') return `Tomorrow ${name} (${formatDate(range.from)})`;
      return `${formatDate(range.from)} ${name}`;
    }
    case 'this_week':
      return `This week (${rangeText(range)})`;
    case 'next_week':
      return `Next week (${rangeText(range)})`;
    case 'weekend':
      return range.from === range.to ? dayHeading(range.from, a.today) : `This weekend (${rangeText(range)})`;
    case 'next_weekend':
      return `Next weekend (${rangeText(range)})`;
  }
}

/** The same heading inside a sentence: 'today (Mon Nov 30)', 'next week (Dec 6-12)', 'on Sat Dec 5'. */
function rangePhrase(a: Answerer, range: DayRange): string {
  const h = rangeHeading(a, range);
  const relative = /^(Today|Tomorrow|Tonight|This|Next)\b/.test(h);
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
  return daysOf(range).flatMap((date) =>
    items(date).map((item) =>
      multi ? `${formatDate(date).split(' ')[0]} ${line(item, date)}` : line(item, date),
    ),
  );
}

function occurrencesOn(a: Answerer, date: string, part?: DayPart): Occurrence[] {
  const w = dayWindow(date, part);
  return occurrencesBetween(a.data.events, w.from, w.to, a.data.timeZone);
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
  // A pickup can fall on the day after the event starts; look one day back.
  for (const o of occurrencesBetween(
    a.data.events,
    dayStart(addLocalDays(date, -1)),
    w.to,
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
  return a.data.tasks
    .filter((t) => !t.completed && (memberId === null || t.assigneeIds.includes(memberId)))
    .sort((x, y) => {
      if (x.due === y.due) return x.id - y.id;
      if (x.due === null) return 1;
      if (y.due === null) return -1;
      return x.due < y.due ? -1 : 1;
    });
}

function memberAgenda(a: Answerer, memberId: number, date: string, part?: DayPart): AgendaItem[] {
  const w = dayWindow(date, part);
  const events = occurrencesOn(a, date, part)
    .filter((o) => involves(o, memberId))
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

function answerSchedule(a: Answerer, range: DayRange, memberId: number | null): string {
  const heading = rangeHeading(a, range);
  if (memberId === null) {
    const items = perDay(
      range,
      (date) =>
        occurrencesOn(a, date, range.part).filter(
          (o) => localDateOf(o.start) === date || date === range.from,
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

/** How well an event title matches the typed words: the number of typed words found in it. */
function titleScore(a: Answerer, title: string, words: readonly string[]): number {
  const titleWords = normalizeQuestion(title).split(' ');
  return words.filter((w) => titleWords.some((tw) => a.match(w, tw))).length;
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

/** 'Soccer practice, tomorrow (Tue Dec 1) 4-5:30pm at Riverside Park (Maya)'; `separator` follows the title. */
function describeOccurrence(a: Answerer, o: Occurrence, separator = ','): string {
  const people = names(a, o.event.memberIds);
  const where = o.event.location ? ` at ${o.event.location}` : '';
  return `${o.event.title}${separator} ${whenText(a, o)}${where}${people === '' ? '' : ` (${people})`}`;
}

function answerNextEvent(
  a: Answerer,
  words: string[],
  memberId: number | null,
  range: DayRange | null,
): string {
  const from = range && dayStart(range.from) > a.data.now ? dayStart(range.from) : a.data.now;
  const horizon = dayStart(addLocalDays(a.today, LOOKAHEAD_DAYS));
  const all = occurrencesBetween(a.data.events, from, horizon, a.data.timeZone);
  const scored = all
    .map((o) => ({ o, score: titleScore(a, o.event.title, words) }))
    .filter((s) => s.score > 0);
  const best = Math.max(0, ...scored.map((s) => s.score));
  let matches = scored.filter((s) => s.score === best).map((s) => s.o);
  if (memberId !== null) {
    const theirs = matches.filter((o) => involves(o, memberId));
    if (theirs.length > 0) matches = theirs;
  }
  const first = matches[0];
  const asked = words.join(' ');
  if (!first) return `I couldn't find "${asked}" on the calendar in the coming year.`;
  const onNow = first.start < a.data.now;
  if (range && localDateOf(first.start) > range.to) {
    return `No "${asked}" ${rangePhrase(a, range)}. Next: ${describeOccurrence(a, first)}.`;
  }
  if (onNow)
    return `${first.event.title} is on now, until ${formatTime(first.end)}${first.event.location ? ` at ${first.event.location}` : ''}.`;
  return `Next ${describeOccurrence(a, first, ':')}.`;
}

/** Pickups and drop-offs of an occurrence that fit the question. */
function transportLines(
  a: Answerer,
  o: Occurrence,
  direction: TransportDirection,
  memberId: number | null,
): AgendaItem[] {
  const out: AgendaItem[] = [];
  const add = (duty: TransportDuty | null, kind: 'pickup' | 'dropoff') => {
    if (!duty || (direction !== 'both' && direction !== kind)) return;
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

/** The day of the next occurrence whose title matches `words` and that has the asked-for duty, if any. */
function nextTransportDay(
  a: Answerer,
  direction: TransportDirection,
  words: readonly string[],
): string | null {
  if (words.length === 0) return null;
  const horizon = dayStart(addLocalDays(a.today, LOOKAHEAD_DAYS));
  const found = occurrencesBetween(a.data.events, dayStart(a.today), horizon, a.data.timeZone).find(
    (o) =>
      titleScore(a, o.event.title, words) > 0 &&
      ((direction !== 'dropoff' && o.event.pickup !== null) ||
        (direction !== 'pickup' && o.event.dropoff !== null)),
  );
  return found ? localDateOf(found.start) : null;
}

function answerTransport(
  a: Answerer,
  direction: TransportDirection,
  asked: DayRange | null,
  memberId: number | null,
  words: string[],
): string {
  const date = asked === null ? (nextTransportDay(a, direction, words) ?? a.today) : null;
  const range: DayRange = asked ?? { from: date ?? a.today, to: date ?? a.today, kind: 'day' };
  const forDay = (date: string) => {
    let occurrences = occurrencesOn(a, date, range.part).filter((o) => localDateOf(o.start) === date);
    if (words.length > 0) {
      const matching = occurrences.filter((o) => titleScore(a, o.event.title, words) > 0);
      if (matching.length > 0) occurrences = matching;
    }
    return occurrences
      .flatMap((o) => transportLines(a, o, direction, memberId))
      .sort((x, y) => (x.at < y.at ? -1 : x.at > y.at ? 1 : 0));
  };
  const items = perDay(range, forDay, (item) => item.text);
  if (items.length === 0) {
    const what =
      direction === 'pickup' ? 'pickups' : direction === 'dropoff' ? 'drop-offs' : 'pickups or drop-offs';
    const forWhom = memberId === null ? '' : ` for ${who(a, memberId)}`;
    return `No ${what}${forWhom} ${rangePhrase(a, range)}.`;
  }
  return fitList(`${rangeHeading(a, range)}:`, items);
}

/** 'overdue since Fri Nov 27', 'due today 7pm', 'due tomorrow 8pm', 'due Sat Dec 5 10am'. */
function dueText(a: Answerer, due: string): string {
  if (due < a.data.now) return `overdue since ${relativeDay(localDateOf(due), a.today)}`;
  return `due ${relativeDay(localDateOf(due), a.today)} ${formatTime(due)}`;
}

function answerTasks(a: Answerer, memberId: number | null, range: DayRange | null): string {
  const inRange = (t: AssistantTask) =>
    range === null || (t.due !== null && localDateOf(t.due) >= range.from && localDateOf(t.due) <= range.to);
  const tasks = openTasks(a, memberId).filter(inRange);
  const due = range === null ? '' : ` due ${rangePhrase(a, range)}`;
  if (tasks.length === 0) {
    if (memberId === null) return `No open tasks${due}.`;
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
        ? `Open family tasks (${tasks.length}):`
        : `Family tasks${due}:`
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
}

function busyBlocks(a: Answerer, memberId: number, date: string, part?: DayPart): BusyBlock[] {
  const events = occurrencesOn(a, date, part)
    .filter((o) => involves(o, memberId) && !o.event.allDay)
    .map((o) => ({ start: o.start, end: o.end, text: o.event.title }));
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
  if (b.start < dayStart(date) && b.end >= nextDay) return 'all day';
  if (b.end > nextDay) return `from ${formatTime(start)}`;
  if (b.start < dayStart(date)) return `until ${formatTime(b.end)}`;
  return formatTimeRange(start, b.end);
}

/** "Is X free at 3?": yes, with what comes next that day, or no, with what X has then. */
function freeAt(a: Answerer, memberId: number, date: string, at: string): string {
  const you = memberId === a.data.askerId;
  const subject = you ? 'you' : firstName(a.data, memberId);
  const day = rangePhrase(a, { from: date, to: date, kind: 'day' });
  const blocks = busyBlocks(a, memberId, date);
  const clashes = blocks.filter((b) => b.start <= at && at < b.end);
  // An event says more than the drive to it: name the event when both overlap the time.
  const clash = clashes.find((b) => b.third === undefined) ?? clashes[0];
  if (clash?.third !== undefined) {
    return `No, ${subject} ${you ? clash.text : clash.third} at ${formatTime(clash.start)} ${day}.`;
  }
  if (clash)
    return `No, ${you ? 'you have' : `${subject} has`} ${clash.text} ${blockTime(clash, date)} ${day}.`;
  const later = blocks.find((b) => b.start > at);
  const yes = `Yes, ${you ? "you're" : `${subject} is`} free at ${formatTime(at)} ${day}.`;
  const next = later ? ` Next: ${later.text} at ${formatTime(later.start)}.` : '';
  return fitsSms(yes + next) ? yes + next : yes;
}

/** "Is anyone free at 3?": who is busy then (and with what), and who is free. */
function anyoneFreeAt(a: Answerer, date: string, at: string): string {
  const busy: string[] = [];
  const free: string[] = [];
  for (const m of a.data.members) {
    const clash = busyBlocks(a, m.id, date).find((b) => b.start <= at && at < b.end);
    if (clash) busy.push(`${firstName(a.data, m.id)} (${clash.text})`);
    else free.push(firstName(a.data, m.id));
  }
  const head = `At ${formatTime(at)} ${rangePhrase(a, { from: date, to: date, kind: 'day' })}:`;
  const freeText = free.length === 0 ? 'nobody is free' : `free: ${joinNames(free)}`;
  return fitList(`${head} ${freeText}.${busy.length === 0 ? '' : ' Busy:'}`, busy).replace(/\.\.$/, '.');
}

function answerFree(a: Answerer, memberId: number | null, range: DayRange, time: string | null): string {
  if (time !== null) {
    const at = `${range.from}T${time}:00`;
    return memberId === null ? anyoneFreeAt(a, range.from, at) : freeAt(a, memberId, range.from, at);
  }
  const people = memberId === null ? a.data.members.map((m) => m.id) : [memberId];
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
  if (memberId === null) {
    if (items.length === 0) return `Everyone is free ${phrase}.`;
    return fitList(`Busy ${phrase}:`, items);
  }
  const you = memberId === a.data.askerId;
  const subject = you ? 'you' : firstName(a.data, memberId);
  if (items.length === 0)
    return `Yes, ${subject} ${you ? 'are' : 'is'} free ${phrase}: nothing on the calendar.`;
  return fitList(`${capitalize(subject)} ${you ? 'are' : 'is'} busy ${phrase}:`, items);
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

/**
 * The reply text for an intent, from the family's data only. Times are local to the family; every reply
 * fits in 3 SMS segments (lists end with "+N more" when cut).
 */
export function composeAnswer(intent: Intent, data: FamilyData, match: WordMatcher): string {
  const a: Answerer = { data, today: localDateOf(data.now), match };
  switch (intent.kind) {
    case 'help':
      return HELP_TEXT;
    case 'unknown_name':
      return answerUnknownName(a, intent.name);
    case 'schedule':
      return answerSchedule(a, intent.range, intent.memberId);
    case 'next_event':
      return answerNextEvent(a, intent.words, intent.memberId, intent.range);
    case 'transport':
      return answerTransport(a, intent.direction, intent.range, intent.memberId, intent.words);
    case 'tasks':
      return answerTasks(a, intent.memberId, intent.range);
    case 'overdue':
      return answerOverdue(a, intent.memberId);
    case 'free':
      return answerFree(a, intent.memberId, intent.range, intent.time);
    case 'whats_next':
      return answerWhatsNext(a, intent.memberId);
  }
}
