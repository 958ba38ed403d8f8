import { addLocalDays, addLocalMinutes, localDateOf } from '../time/local-time.ts';
import { type EventCommandNote, type ProposedEvent, parseEventCommand } from './event-command.ts';
import {
  type AssistantEvent,
  type FamilyData,
  type Occurrence,
  dropoffTime,
  occurrencesBetween,
  pickupTime,
} from './family-data.ts';
import { regionOf } from './date-order.ts';
import { firstNameKey, normalizeQuestion, wordsMatch } from './normalize.ts';

/**
 * Issue 43 item 2: what a parent texts to change the family calendar ("add dentist for maya tue 3pm", "move
 * soccer to 5", "cancel piano tonight", "remind leo to pack PE kit fri", "I'll get maya"), read into one
 * command that the server restates (`confirmationText`) and carries out only after YES (ADR 058). Pure: the
 * family's events, members and "now" come in `FamilyData`; events are added by `parseEventCommand` (ADR 052).
 */

/** One occurrence a command is about, with how the events service names it (SPEC §7 `scope`/`occurrence`). */
export interface CommandTarget {
  /** The stored row to write: a one-off's or an edited occurrence's id, or the series' id. */
  eventId: number;
  /** For an occurrence of a series not edited on its own: its start in the series' terms (RECURRENCE-ID). */
  occurrence: string | null;
  title: string;
  /** Local start of the occurrence, in the family's zone. */
  start: string;
  allDay: boolean;
  /** True when the event repeats (the confirmation says "this one only" or "every one"). */
  series: boolean;
  memberIds: number[];
}

/** A change of an event: one occurrence (`this`) or the whole series (`all`). */
export type CommandScope = 'this' | 'all';

/** A command read from a text; `notes` are what was guessed, said in the confirmation. */
export type SmsCommand =
  | { kind: 'add_event'; event: ProposedEvent }
  | {
      kind: 'add_task';
      title: string;
      assigneeIds: number[];
      /** Local due date-time `YYYY-MM-DDTHH:mm:00`. */
      due: string;
      notes: EventCommandNote[];
    }
  | {
      kind: 'move';
      target: CommandTarget;
      scope: CommandScope;
      /** The occurrence's new local start (for `all`: the first occurrence's new time is this time of day). */
      start: string;
      notes: EventCommandNote[];
    }
  | { kind: 'cancel'; target: CommandTarget; scope: CommandScope }
  | {
      kind: 'drive';
      /** True: the sender becomes the driver; false: the sender gives the drive up (no driver). */
      take: boolean;
      leg: 'pickup' | 'dropoff';
      target: CommandTarget;
      /** When the drive is due (pickup: before the end; drop-off: before the start), local. */
      at: string;
      /** The driver now (null: nobody yet). */
      driverId: number | null;
      passengerIds: number[];
    };

/** The reading of a text: a command, a command that cannot be carried out (`message` says why), or null. */
export type SmsCommandReading = { ok: true; command: SmsCommand } | { ok: false; message: string } | null;

/** How far ahead a move, a cancel or a drive looks for the occurrence meant, in days. */
const LOOKAHEAD_DAYS = 60;
/** How far ahead "I'll get maya" looks for a pickup or drop-off, in days. */
const DRIVE_LOOKAHEAD_DAYS = 8;
/** A task with a day and no time is due at 8 AM that day (the reminder then comes before school)… */
const TASK_DEFAULT_TIME = '08:00';
/** …or at 6 PM today when 8 AM has passed. */
const TASK_EVENING_TIME = '18:00';

const POLITE =
  /^(?:(?:hey|hi|hello|ok|okay|so|um|pls|plz|please|can you|could you|can u|could u|would you|i need you to|i want you to|go ahead and|just|fh|familyhub)[,:!]? )+/;
const CANCEL = /^(?:cancel|cancell?ed|delete|remove|scrap|call off|skip|drop) /;
const MOVE = /^(?:move|moved|reschedule|resched|push|pushed|shift|change|postpone|bump) /;
const TAKE =
  /^(?:i ?ll|ill|i will|i can|ican|i m|im|i am|me|i got|i ve got|ive got) (?:get|pick up|pickup|pick|collect|grab|take|drive|do|doing|taking|getting|picking up|driving)\b/;
const GIVE_UP =
  /^(?:i can ?t|i cant|i cannot|cant|can ?t|i won ?t|i wont|unable to|i m unable to|i m not able to) (?:do |make )?(?:the )?(?:get|pick up|pickup|pick|collect|grab|take|drive|do|make)\b/;
const REMIND = /^remind (\w+) (?:to|about) /;
const TASK_WORDS =
  /^(?:(?:add|create|make|new) (?:a )?(?:new )?(?:task|todo|to do|to-do|chore)|(?:task|todo|to do|to-do|chore))\b:? ?/;
const TASK_LIST = / (?:to|on) (?:the |my |our )?(?:task|todo|to do|to-do|chore)s? ?(?:list)?$/;
/** "schedule for friday" asks what is on; "schedule a playdate" is an instruction. */
const ADD =
  /^(?:add|put|create|book|new event|schedule(?! (?:for|on|this|next|today|tonight|tomorrow|tmrw|\d)))\b:? /;
const CALENDAR_WORDS = / (?:on|in|to|into) (?:the |our |my )?(?:family )?(?:calendar|cal|diary|schedule)\b/;
/** A repeat with a clock time and no verb ("soccer practice every sat 9am") is an event to add. */
const VERBLESS_REPEAT = /\b(?:every|each|daily|weekly|monthly|weekdays)\b/;
const QUESTION_START =
  /^(?:who|what|whats|when|whens|where|wheres|which|why|how|is|are|was|were|do|does|did|will|can|could|should|has|have|any|anything)\b/;
const ALL_WORDS =
  /\b(?:every week|all|every|each|series|for good|from now on|permanently|altogether|the whole thing|always|entirely|going forward|weekly|every week)\b/g;
const PLACEHOLDER = 'qqx';
const FILLER = new Set(
  'the a an my our his her their this that next s thing one class lesson appt appointment session today tonight tomorrow tmrw on at for from of with and is'.split(
    ' ',
  ),
);

/**
 * Reads a text as a calendar command of issue 43 item 2, for `data.askerId` in `data`'s family.
 *
 * - add an event: "add …", "put … on the calendar", "schedule …", or a line with a repeat and no verb
 *   ("soccer practice every sat 9am"): `parseEventCommand` (ADR 052);
 * - add a task: "remind leo to pack PE kit fri", "add task: call plumber tmrw", "… to the todo list"; assignees
 *   are the members named ("me"/none: the sender); due on the day named (8 AM without a time, today without a day);
 * - move: "move soccer to 5", "push piano to thu 4pm", "move swim back an hour"; cancel: "cancel piano
 *   tonight", "skip football thursday": the next occurrence of the event whose title the words name (on the
 *   day named, of the members named), one occurrence unless the text says "all", "every", "for good" …;
 * - a drive: "I'll get maya", "I can take tobi to football" (drop-off), "I can't do the pickup for leo".
 * @returns null when the text is not such a command (a question: the assistant answers it); `ok: false` with a
 *   message to send when it is one that cannot be carried out as read (no such event, no day or time to move to).
 */
export function readSmsCommand(text: string, data: FamilyData): SmsCommandReading {
  const typed = clean(text);
  // Matched in lowercase; the words after the verb keep their case for titles ("PE kit").
  // "can you move soccer to 5?" asks for the change; other questions are for the assistant.
  const asked = /^\s*(?:pls |please )?(?:can|could|would|will) (?:you|u)\b/i.test(text);
  const line = (asked ? typed.replace(/\?+/g, ' ').trim() : typed).toLowerCase();
  if (line === '' || line.includes('?')) return null;
  const after = (re: RegExp) => typed.slice(re.exec(line)?.[0].length ?? 0);
  if (TAKE.test(line)) return readDrive(line.replace(TAKE, ''), true, data);
  if (GIVE_UP.test(line)) return readDrive(line.replace(GIVE_UP, ''), false, data);
  if (CANCEL.test(line)) return readCancel(line.replace(CANCEL, ''), data);
  if (MOVE.test(line)) return readMove(line.replace(MOVE, ''), data);
  const remind = REMIND.exec(line);
  if (remind) return readTask(`${remind[1] === 'me' ? '' : remind[1]} ${after(REMIND)}`, data);
  if (TASK_WORDS.test(line)) return readTask(after(TASK_WORDS), data);
  if (ADD.test(line) && TASK_LIST.test(line))
    return readTask(after(ADD).replace(new RegExp(TASK_LIST, 'i'), ''), data);
  if (ADD.test(line)) return readAdd(after(ADD).replace(new RegExp(CALENDAR_WORDS, 'i'), ''), data);
  if (!QUESTION_START.test(line) && VERBLESS_REPEAT.test(line) && /\d/.test(line))
    return readAdd(typed, data);
  return null;
}

/** Plain quotes, one space, polite openings and trailing punctuation off; '?' kept; case kept. */
function clean(text: string): string {
  const plain = text
    .normalize('NFKC')
    .replace(/[\u2018\u2019\u02bc`´]/g, "'")
    .replace(/(\p{L})'(ll|m|t|ve|re|d)\b/giu, '$1 $2')
    .replace(/\p{Extended_Pictographic}|\u200d|\ufe0f/gu, ' ')
    .replace(/[!.,;]+(\s|$)/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
  const polite = POLITE.exec(plain.toLowerCase());
  return plain.slice(polite?.[0].length ?? 0).trim();
}

function eventContext(data: FamilyData) {
  return {
    now: data.now,
    members: data.members.map((m) => ({ id: m.id, name: m.name, role: m.role ?? 'other' })),
    region: regionOf(data.timeZone),
  };
}

function readAdd(rest: string, data: FamilyData): SmsCommandReading {
  const parsed = parseEventCommand(rest, eventContext(data));
  if (!parsed.ok) return { ok: false, message: `FamilyHub: ${parsed.message}` };
  return { ok: true, command: { kind: 'add_event', event: parsed.event } };
}

function readTask(rest: string, data: FamilyData): SmsCommandReading {
  const words = rest.replace(/\b(?:me|myself)\b/g, ' ').replace(/^\s*(?:to|about)\b/, ' ');
  const parsed = parseEventCommand(words, eventContext(data));
  if (!parsed.ok)
    return { ok: false, message: 'FamilyHub: what is the task? E.g. "remind Leo to pack PE kit Fri".' };
  const e = parsed.event;
  const notes = e.unsure.filter((n) => n.kind !== 'no_time' && n.kind !== 'repeat');
  let due = e.start.slice(0, 16);
  if (e.allDay) {
    // 8 AM on the day; on a today already past 8 AM (or 6 PM), the next of 6 PM today and 8 AM tomorrow.
    const day = e.start.slice(0, 10);
    const choices = [
      `${day}T${TASK_DEFAULT_TIME}`,
      `${day}T${TASK_EVENING_TIME}`,
      `${addLocalDays(day, 1)}T${TASK_DEFAULT_TIME}`,
    ];
    due = choices.find((c) => `${c}:00` > data.now) ?? `${day}T${TASK_DEFAULT_TIME}`;
    notes.push({ kind: 'no_time', text: `No time given: due ${clockText(`${due}:00`)}` });
  }
  const title = e.title.replace(/^(?:to|about) /i, '');
  return {
    ok: true,
    command: {
      kind: 'add_task',
      title: title.charAt(0).toUpperCase() + title.slice(1),
      assigneeIds: e.attendeeIds.length > 0 ? e.attendeeIds : [data.askerId],
      due: `${due}:00`,
      notes,
    },
  };
}

/** The words and day of "piano tonight", "maya's soccer on tue", "the 4pm swim": what names an occurrence. */
interface TargetWords {
  words: string[];
  memberIds: number[];
  /** The day named, or null. */
  day: string | null;
  /** A clock time named (`HH:mm`), or null. */
  time: string | null;
}

function targetWords(phrase: string, data: FamilyData): TargetWords {
  // A leading placeholder word keeps a line of names and days alone ("maya tmrw") from having no title.
  const parsed = parseEventCommand(
    `${PLACEHOLDER} ${phrase.replace(/\btonight\b/, 'today')}`,
    eventContext(data),
  );
  if (!parsed.ok) return { words: [], memberIds: [], day: null, time: null };
  const e = parsed.event;
  const named = !e.unsure.some((n) => n.kind === 'no_day');
  const names = new Set(data.members.map((m) => firstNameKey(m.name)));
  const words = normalizeQuestion(e.title)
    .split(' ')
    .map((w) => w.replace(/'s$/, ''))
    .filter((w) => w !== '' && w !== PLACEHOLDER && !FILLER.has(w) && !names.has(w));
  return {
    words,
    memberIds: e.attendeeIds,
    day: named ? localDateOf(e.start) : null,
    time: e.allDay ? null : e.start.slice(11, 16),
  };
}

/** True when every typed word means a word of the title (whole words, typos as `wordsMatch` allows). */
function titleMatches(words: readonly string[], title: string): boolean {
  const titleWords = normalizeQuestion(title)
    .split(' ')
    .map((w) => w.replace(/'s$/, ''));
  return words.length > 0 && words.every((w) => titleWords.some((t) => wordsMatch(w, t)));
}

function targetOf(o: Occurrence): CommandTarget {
  const e: AssistantEvent = o.event;
  const series = e.rrule !== null || e.rdates.length > 0 || e.parentId !== null;
  const plainOccurrence = e.parentId === null && series;
  return {
    eventId: e.id,
    occurrence: plainOccurrence ? o.start : null,
    title: e.title,
    start: o.start,
    allDay: e.allDay,
    series,
    memberIds: e.memberIds,
  };
}

/**
 * The occurrence a move or cancel means: of the events whose title the words name, the first one on the day
 * named (or from now on), of the members named, at the time named.
 */
function findOccurrence(
  t: TargetWords,
  data: FamilyData,
  scope: CommandScope,
): Occurrence | { message: string } {
  const named = data.events.filter((e) => titleMatches(t.words, e.title));
  // "cancel soccer every week" means the series, not a one-off game that shares a word with it.
  const series = named.filter((e) => e.rrule !== null || e.parentId !== null);
  const matching = scope === 'all' && series.length > 0 ? series : named;
  if (matching.length === 0) {
    const what = t.words.join(' ');
    return {
      message: what
        ? `FamilyHub: I couldn't find "${what}" on the calendar. Check the name and text again.`
        : 'FamilyHub: which event? E.g. "cancel piano tonight".',
    };
  }
  const from = t.day ?? localDateOf(data.now);
  const to = t.day ? addLocalDays(t.day, 1) : addLocalDays(from, LOOKAHEAD_DAYS);
  const found = occurrencesBetween(matching, `${from}T00:00:00`, `${to}T00:00:00`, data.timeZone).filter(
    (o) =>
      (t.day !== null || o.end > data.now) &&
      (t.day === null || localDateOf(o.start) === t.day) &&
      t.memberIds.every((id) => o.event.memberIds.includes(id)) &&
      (t.time === null || o.start.slice(11, 16) === t.time),
  );
  const first = found[0];
  if (!first) {
    const title = matching[0]?.title ?? '';
    return {
      message: t.day
        ? `FamilyHub: "${title}" is not on the calendar on ${dayText(t.day, localDateOf(data.now))}.`
        : `FamilyHub: "${title}" has nothing coming up to change.`,
    };
  }
  return first;
}

function scopeOf(phrase: string): { scope: CommandScope; rest: string } {
  const all = new RegExp(ALL_WORDS.source).test(phrase);
  return { scope: all ? 'all' : 'this', rest: phrase.replace(ALL_WORDS, ' ').replace(/\s+/g, ' ').trim() };
}

function readCancel(phrase: string, data: FamilyData): SmsCommandReading {
  const { scope, rest } = scopeOf(phrase);
  const found = findOccurrence(targetWords(rest, data), data, scope);
  if ('message' in found) return { ok: false, message: found.message };
  const target = targetOf(found);
  return { ok: true, command: { kind: 'cancel', target, scope: target.series ? scope : 'this' } };
}

/** "back an hour", "30 min later", "an hour earlier": a shift in minutes, or null. */
function shiftOf(phrase: string): { minutes: number; rest: string } | null {
  const m =
    /\b(?:(back|forward|later|earlier) )?(?:by )?(an?|half an|\d+(?:\.\d+)?) ?(hours?|hrs?|h|minutes?|mins?|m)\b(?: (later|earlier|back|forward))?/.exec(
      phrase,
    );
  if (!m) return null;
  const direction = m[1] ?? m[4];
  if (!direction) return null;
  const amount = m[2] === 'half an' ? 0.5 : m[2] === 'a' || m[2] === 'an' ? 1 : Number(m[2]);
  const unit = /^h/.test(m[3] ?? '') ? 60 : 1;
  const sign = direction === 'earlier' || direction === 'forward' ? -1 : 1;
  return { minutes: Math.round(sign * amount * unit), rest: phrase.replace(m[0], ' ').trim() };
}

function readMove(phrase: string, data: FamilyData): SmsCommandReading {
  const { scope: asked, rest } = scopeOf(phrase);
  const shift = shiftOf(rest);
  const split = shift
    ? null
    : (/^(.*) (?:to|till|til|until|->) (.+)$/.exec(rest) ?? /^(.*?) (?:for|at) (.+)$/.exec(rest));
  const targetPhrase = shift ? shift.rest : (split?.[1] ?? rest).replace(/^(.*?) from /, '$1 ');
  const found = findOccurrence(targetWords(targetPhrase, data), data, asked);
  if ('message' in found) return { ok: false, message: found.message };
  const target = targetOf(found);
  const scope = target.series ? asked : 'this';
  if (shift) {
    if (target.allDay)
      return { ok: false, message: `FamilyHub: "${target.title}" is all day; say the new day.` };
    return {
      ok: true,
      command: {
        kind: 'move',
        target,
        scope,
        start: addLocalMinutes(target.start, shift.minutes),
        notes: [],
      },
    };
  }
  const when = split?.[2];
  if (!when) {
    return {
      ok: false,
      message: `FamilyHub: move "${target.title}" to when? E.g. "move ${target.title.toLowerCase()} to 5:30".`,
    };
  }
  // A bare clock ("to 5", "to 4:30") is a time, not a day of the month.
  const clock = /^\d{1,2}(?::\d{2})?(?: ?[ap]\.?m\.?)?$/.test(when) ? `at ${when}` : when;
  const parsed = parseEventCommand(`x ${clock}`, eventContext(data));
  const newDay =
    parsed.ok && !parsed.event.unsure.some((n) => n.kind === 'no_day')
      ? parsed.event.start.slice(0, 10)
      : null;
  const newTime = parsed.ok && !parsed.event.allDay ? parsed.event.start.slice(11, 16) : null;
  if (!parsed.ok || (newDay === null && newTime === null)) {
    return {
      ok: false,
      message: `FamilyHub: I couldn't read "${when}" as a day or time. E.g. "move ${target.title.toLowerCase()} to 5:30".`,
    };
  }
  if (scope === 'all' && newDay !== null) {
    return {
      ok: false,
      message: `FamilyHub: by text I can move a whole series to another time, not another day. Change "${target.title}" in the app.`,
    };
  }
  const start = `${newDay ?? target.start.slice(0, 10)}T${target.allDay ? '00:00' : (newTime ?? target.start.slice(11, 16))}:00`;
  const notes = parsed.event.unsure.filter((n) => n.kind === 'meridiem');
  return { ok: true, command: { kind: 'move', target, scope, start, notes } };
}

function readDrive(phrase: string, take: boolean, data: FamilyData): SmsCommandReading {
  const dropoff =
    /\b(?:drop ?off|dropoff|drop)\b/.test(phrase) ||
    /^(?:take|drive|taking|driving)?\s*\w+ to\b/.test(phrase) ||
    / to (?!get\b|pick\b)/.test(phrase);
  const leg: 'pickup' | 'dropoff' =
    /\b(?:pick ?up|pickup|collect|get|grab)\b/.test(phrase) && !/\bdrop/.test(phrase)
      ? 'pickup'
      : dropoff
        ? 'dropoff'
        : 'pickup';
  const words = phrase
    .replace(
      /\b(?:pick ?ups?|pickup|drop ?offs?|dropoff|drop|up|off|from|to|for|get|grab|collect|take|drive|do|doing|today)\b/g,
      ' ',
    )
    .replace(/\s+/g, ' ')
    .trim();
  const t = targetWords(words, data);
  const today = localDateOf(data.now);
  const from = t.day ?? today;
  const to = t.day ? addLocalDays(t.day, 1) : addLocalDays(today, DRIVE_LOOKAHEAD_DAYS);
  const candidates = occurrencesBetween(
    data.events,
    `${addLocalDays(from, -1)}T00:00:00`,
    `${to}T00:00:00`,
    data.timeZone,
  )
    .map((o) => {
      const duty = leg === 'pickup' ? o.event.pickup : o.event.dropoff;
      if (!duty) return null;
      const at = leg === 'pickup' ? pickupTime(o, duty) : dropoffTime(o, duty);
      return { o, duty, at };
    })
    .filter((c): c is NonNullable<typeof c> => c !== null)
    .filter(
      (c) =>
        c.at > data.now &&
        (t.day === null || localDateOf(c.at) === t.day) &&
        t.memberIds.every((id) => c.o.event.memberIds.includes(id)) &&
        (t.words.length === 0 || titleMatches(t.words, c.o.event.title)) &&
        (take ? true : c.duty.memberId === data.askerId),
    )
    .sort((a, b) => (a.at < b.at ? -1 : a.at > b.at ? 1 : 0));
  const first = candidates[0];
  const names = t.memberIds.map((id) => firstNameOf(data, id)).join(' and ');
  const legWord = leg === 'pickup' ? 'pickup' : 'drop-off';
  if (!first) {
    const whose = names ? ` for ${names}` : '';
    return {
      ok: false,
      message: take
        ? `FamilyHub: I couldn't find a ${legWord}${whose} coming up${t.day ? ` on ${dayText(t.day, today)}` : ''}.`
        : `FamilyHub: you have no ${legWord}${whose} coming up${t.day ? ` on ${dayText(t.day, today)}` : ''}.`,
    };
  }
  if (take && first.duty.memberId === data.askerId) {
    return {
      ok: false,
      message: `FamilyHub: that ${legWord} is already yours (${first.o.event.title}, ${dayText(localDateOf(first.at), today)} at ${clockText(first.at)}).`,
    };
  }
  return {
    ok: true,
    command: {
      kind: 'drive',
      take,
      leg,
      target: targetOf(first.o),
      at: first.at,
      driverId: first.duty.memberId,
      passengerIds:
        t.memberIds.length > 0 ? t.memberIds : first.o.event.memberIds.filter((id) => id !== data.askerId),
    },
  };
}

function firstNameOf(data: FamilyData, id: number): string {
  const name = data.members.find((m) => m.id === id)?.name ?? '';
  return name.trim().split(/\s+/)[0] ?? name;
}

const WEEKDAY_NAMES = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'] as const;
const MONTH_NAMES = [
  'Jan',
  'Feb',
  'Mar',
  'Apr',
  'May',
  'Jun',
  'Jul',
  'Aug',
  'Sep',
  'Oct',
  'Nov',
  'Dec',
] as const;

/** 'Tue, Dec 1', with 'today, ' or 'tomorrow, ' before it when it is. */
export function dayText(date: string, today: string): string {
  const d = new Date(`${date}T00:00:00Z`);
  const plain = `${WEEKDAY_NAMES[d.getUTCDay()]}, ${MONTH_NAMES[d.getUTCMonth()]} ${d.getUTCDate()}`;
  if (date === today) return `today, ${plain}`;
  return date === addLocalDays(today, 1) ? `tomorrow, ${plain}` : plain;
}

/** '4:30 PM' for a local date-time. */
export function clockText(local: string): string {
  const hour = Number(local.slice(11, 13));
  const h12 = hour % 12 === 0 ? 12 : hour % 12;
  return `${h12}:${local.slice(14, 16)} ${hour < 12 ? 'AM' : 'PM'}`;
}
