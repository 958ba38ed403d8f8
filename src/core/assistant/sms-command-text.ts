import type { RecurrencePattern } from '../recurrence/patterns.ts';
import { localDateOf, localWeekday } from '../time/local-time.ts';
import type { EventCommandNote } from './event-command.ts';
import type { FamilyData } from './family-data.ts';
import { toGsm7 } from './format.ts';
import { type CommandTarget, type SmsCommand, clockText, dayText } from './sms-command.ts';

/**
 * The texts of issue 43 item 2's commands (ADR 058): the confirmation that restates exactly what will happen
 * and asks for YES, and the replies to YES, NO and UNDO. GSM-7 (`toGsm7`), and short enough for 2 segments
 * (titles are cut to `TITLE_IN_SMS` characters). Pure.
 */

/** How long a command waits for YES, and how long UNDO works after it, in minutes (issue 43). */
export const COMMAND_WAIT_MINUTES = 10;
/** Longest title said in a confirmation (a 200-character title would not fit 2 segments). */
const TITLE_IN_SMS = 60;

const WEEKDAYS = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'] as const;
const ORDINALS = ['first', 'second', 'third', 'fourth', 'fifth'] as const;

function quoted(title: string): string {
  const t = title.length > TITLE_IN_SMS ? `${title.slice(0, TITLE_IN_SMS - 3).trimEnd()}...` : title;
  return `"${t}"`;
}

function firstName(data: FamilyData, id: number): string {
  const name = data.members.find((m) => m.id === id)?.name ?? '';
  return name.trim().split(/\s+/)[0] ?? name;
}

function namesOf(data: FamilyData, ids: readonly number[]): string {
  const names = ids.map((id) => (id === data.askerId ? 'you' : firstName(data, id))).filter((n) => n !== '');
  if (names.length <= 1) return names[0] ?? '';
  return `${names.slice(0, -1).join(', ')} and ${names[names.length - 1]}`;
}

function hours(minutes: number): string {
  if (minutes % 60 === 0) return minutes === 60 ? '1 hour' : `${minutes / 60} hours`;
  return minutes < 60 ? `${minutes} min` : `${Math.floor(minutes / 60)} h ${minutes % 60} min`;
}

/** "every Saturday", "every weekday", "on the 15th of every month", "the first Monday of every month". */
function repeatText(pattern: RecurrencePattern, start: string): string {
  const date = localDateOf(start);
  const weekday = WEEKDAYS[localWeekday(date)] ?? '';
  const day = Number(date.slice(8, 10));
  switch (pattern) {
    case 'daily':
      return 'every day';
    case 'workday':
      return 'every weekday (Mon-Fri)';
    case 'weekly':
      return `every ${weekday}`;
    case 'monthly_date':
      return `on day ${day} of every month`;
    case 'monthly_day':
      return `the ${ORDINALS[Math.floor((day - 1) / 7)] ?? 'last'} ${weekday} of every month`;
  }
}

/** "on Tue, Dec 1", or "tomorrow, Tue, Dec 1" (no "on" before today and tomorrow). */
function onDay(date: string, today: string): string {
  const day = dayText(date, today);
  return /^(?:today|tomorrow)/.test(day) ? day : `on ${day}`;
}

/** "on Tue, Dec 1 at 4:00 PM" (or "on Tue, Dec 1 (all day)"). */
function when(start: string, allDay: boolean, today: string): string {
  const day = onDay(localDateOf(start), today);
  return allDay ? `${day} (all day)` : `${day} at ${clockText(start)}`;
}

/** '"Soccer practice" (Maya)': an event as a confirmation names it. */
function eventName(target: CommandTarget, data: FamilyData): string {
  const who = namesOf(data, target.memberIds);
  return who ? `${quoted(target.title)} (${who})` : quoted(target.title);
}

function notesText(notes: readonly EventCommandNote[]): string {
  return notes.length === 0 ? '' : ` Note: ${notes.map((n) => n.text).join('; ')}.`;
}

/** What the command does, as one clause: 'add "Dentist" for Maya on Tue, Dec 1 at 3:00 PM (1 hour, one time)'. */
export function commandSummary(command: SmsCommand, data: FamilyData): string {
  const today = localDateOf(data.now);
  switch (command.kind) {
    case 'add_event': {
      const e = command.event;
      const who = e.attendeeIds.length > 0 ? ` for ${namesOf(data, e.attendeeIds)}` : '';
      if (e.recurrence) {
        const at = e.allDay ? 'all day' : `at ${clockText(e.start)}`;
        const until = e.recurrenceEndDate ? ` until ${dayText(e.recurrenceEndDate, today)}` : '';
        return `add ${quoted(e.title)}${who} ${repeatText(e.recurrence, e.start)} ${at}, starting ${dayText(localDateOf(e.start), today)}${until} (a repeating series)`;
      }
      if (e.allDay) {
        const last =
          e.lastDay && e.lastDay !== localDateOf(e.start) ? ` to ${dayText(e.lastDay, today)}` : '';
        return `add ${quoted(e.title)}${who} ${onDay(localDateOf(e.start), today)}${last} (all day, one time)`;
      }
      return `add ${quoted(e.title)}${who} ${when(e.start, false, today)} (${hours(e.durationMinutes)}, one time)`;
    }
    case 'add_task':
      return `add the task ${quoted(command.title)} for ${namesOf(data, command.assigneeIds)}, due ${when(command.due, false, today)}`;
    case 'move': {
      const t = command.target;
      const sameDay = localDateOf(t.start) === localDateOf(command.start);
      if (command.scope === 'all') {
        return `move every ${eventName(t, data)} from ${clockText(t.start)} to ${clockText(command.start)}: the whole series, not just ${dayText(localDateOf(t.start), today)}`;
      }
      const to = sameDay && !t.allDay ? clockText(command.start) : when(command.start, t.allDay, today);
      const from =
        sameDay && !t.allDay
          ? `${onDay(localDateOf(t.start), today)} from ${clockText(t.start)}`
          : `from ${when(t.start, t.allDay, today)}`;
      return `move ${eventName(t, data)} ${from} to ${to}${t.series ? ', this one only (the rest of the series stays)' : ''}`;
    }
    case 'cancel': {
      const t = command.target;
      if (command.scope === 'all') {
        return `cancel every ${eventName(t, data)}: the whole series, from the start (next one ${when(t.start, t.allDay, today)})`;
      }
      return `cancel ${eventName(t, data)} ${when(t.start, t.allDay, today)}${t.series ? ', this one only (the rest of the series stays)' : ' (one-time event)'}`;
    }
    case 'drive': {
      const t = command.target;
      const passengers = namesOf(
        data,
        command.passengerIds.filter((id) => id !== data.askerId),
      );
      const verb = command.leg === 'pickup' ? 'pick up' : 'drop off';
      const where = command.leg === 'pickup' ? 'from' : 'at';
      const leg = `${verb}${passengers ? ` ${passengers}` : ''} ${where} ${quoted(t.title)} ${when(command.at, false, today)}`;
      const once = t.series ? ', this one only' : '';
      if (!command.take) return `you no longer ${leg}${once}; nobody will have it`;
      const now =
        command.driverId === null ? 'nobody has it yet' : `${firstName(data, command.driverId)} has it now`;
      return `you ${leg}${once} (${now})`;
    }
  }
}

function gsm(text: string): string {
  return toGsm7(text).text;
}

/** The confirmation: what will happen, what was guessed, and "Reply YES … or NO". */
export function confirmationText(command: SmsCommand, data: FamilyData): string {
  const notes =
    command.kind === 'add_event'
      ? command.event.unsure
      : command.kind === 'add_task' || command.kind === 'move'
        ? command.notes
        : [];
  return gsm(
    `FamilyHub: ${commandSummary(command, data)}?${notesText(notes)} Reply YES to do it or NO to cancel.`,
  );
}

/** The reply to YES once the change is made. */
export function commandDoneText(command: SmsCommand, data: FamilyData): string {
  return gsm(
    `FamilyHub: done (${commandSummary(command, data)}). Reply UNDO within ${COMMAND_WAIT_MINUTES} min to reverse it.`,
  );
}

/** The reply to UNDO once the change is reversed. */
export function commandUndoneText(command: SmsCommand, data: FamilyData): string {
  return gsm(`FamilyHub: undone. This is reversed: ${commandSummary(command, data)}.`);
}

/** NO to a waiting command. */
export const COMMAND_CANCELLED_REPLY = 'FamilyHub: OK, cancelled. Nothing was changed.';
/** YES to a command that waited more than COMMAND_WAIT_MINUTES. */
export const COMMAND_EXPIRED_REPLY = `FamilyHub: that change waited more than ${COMMAND_WAIT_MINUTES} min for a YES, so nothing was changed. Text it again.`;
/** UNDO with nothing to reverse. */
export const NOTHING_TO_UNDO_REPLY = `FamilyHub: there's nothing to undo. UNDO reverses a change you texted, for ${COMMAND_WAIT_MINUTES} min after it.`;
/** UNDO of a change that was changed again since (in the app, or by someone else). */
export const UNDO_REFUSED_REPLY =
  'FamilyHub: I could not undo that: it was changed again since. Open FamilyHub to fix it.';
/** A command from a member who may not change the calendar by text. */
export const COMMANDS_PARENTS_ONLY_REPLY =
  'FamilyHub: only parents can change the calendar by text. A parent can allow everyone on the Family Members screen.';

/** A whole text that answers a waiting command: NO, or UNDO. YES is the reply word of replies.ts. */
export function commandReplyWord(body: string): 'no' | 'undo' | null {
  const words = body
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();
  if (
    /^(?:no|n|nope|nah|no thanks?|no thank you|cancel|cancel that|cancel it|don ?t|dont|never ?mind|nvm|stop that)$/.test(
      words,
    )
  )
    return 'no';
  if (/^(?:undo|undo that|undo it|undo please|reverse|reverse that|revert|put it back)$/.test(words))
    return 'undo';
  return null;
}
