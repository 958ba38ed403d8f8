import { formatDay, formatTime } from '../reminders/summary.ts';
import { addLocalDays } from '../time/local-time.ts';

/**
 * Answers to an SMS FamilyHub sent (issue 27 part 3): a whole message that says DONE (to a task reminder),
 * I'LL DRIVE (to the evening pickup alert, optionally with the number of the pickup it listed) or YES (to the
 * "Reply YES to pick up …" question). Anything else is a question for the assistant. Pure.
 */
export type ReplyWord =
  | { kind: 'done' }
  | { kind: 'drive'; item: number | null }
  | { kind: 'yes' }
  /** Issue 43: the next SMS of an answer that ended "+N more. Reply MORE". */
  | { kind: 'more' };

const DONE =
  /^(?:(?:it s |its |all |i m |im |i am )?(?:done|finished|complete|completed)|(?:i )?did it)(?: now)?(?: thanks?| thank you| thx)?$/;
const DRIVE =
  /^(?:me|(?:i ll|ill|i will|i can|i could|yes i ll|yes i will|yes i can) (?:drive|do it|go|take(?: her| him| them| it| that| that one| this one)?|pick (?:her|him|them) up|get (?:her|him|them)))$/;
const YES = /^(?:yes|y|yeah|yep|yup|ok|okay|sure|confirm|yes please|yes thanks?)$/;
const MORE = /^(?:more|mor|moar|more please|more pls|more plz|send more|show more|the rest|more thanks?)\??$/;

/**
 * Reads a whole text as a reply word, or null. Case, punctuation, emoji and apostrophes (straight or curly) do not
 * matter: "Done!", "did it", "finished" are DONE; "I'LL DRIVE", "ill drive", "i will drive", "I can take her",
 * "me" are I'LL DRIVE, with an optional pickup number before or after ("I'll drive 2", "#2 me"); "yes", "yep",
 * "ok" are YES; "MORE", "more?", "more pls", "the rest" are MORE. A question ("done with soccer?", "who will
 * drive?") is not a reply word.
 */
export function replyWord(body: string): ReplyWord | null {
  const words = body
    .toLowerCase()
    .replace(/[\u2018\u2019\u02bc`]/g, "'")
    .replace(/'/g, ' ')
    .replace(/[^\p{L}\p{N}?]+/gu, ' ')
    .trim();
  if (MORE.test(words)) return { kind: 'more' };
  if (words.includes('?')) return null;
  if (DONE.test(words)) return { kind: 'done' };
  if (YES.test(words)) return { kind: 'yes' };
  const numbered = /^(?:(?:no |number )?(\d{1,2}) )?(.*?)(?: (?:no |number )?(\d{1,2}))?$/.exec(words);
  const rest = numbered?.[2] ?? '';
  if (!DRIVE.test(rest)) return null;
  const item = numbered?.[1] ?? numbered?.[3];
  return { kind: 'drive', item: item === undefined ? null : Number(item) };
}

/** A pickup or drop-off a reply is about, as the question and the answers name it. */
export interface ReplyLeg {
  kind: 'pickup' | 'dropoff';
  /** Passenger first names joined ("Maya", "Maya and Leo"); may be empty. */
  who: string;
  title: string;
  /** Family wall-clock `YYYY-MM-DDTHH:mm:ss` of the moment that matters (pickup: the end; drop-off: the start). */
  at: string;
}

/** "today" / "tomorrow" / "on Tue, Nov 24" for the local date of `at`, seen from the local date `today`. */
function dayWord(at: string, today: string): string {
  const date = at.slice(0, 10);
  if (date === today) return 'today';
  return date === addLocalDays(today, 1) ? 'tomorrow' : `on ${formatDay(date)}`;
}

/** "pick up Maya from Soccer at 4:30 PM tomorrow" / "drop off Maya at Soccer at 3:30 PM today". */
export function legAction(leg: ReplyLeg, today: string): string {
  const who = leg.who ? ` ${leg.who}` : '';
  const where = leg.kind === 'pickup' ? `from ${leg.title}` : `at ${leg.title}`;
  const verb = leg.kind === 'pickup' ? 'pick up' : 'drop off';
  return `${verb}${who} ${where} at ${formatTime(leg.at)} ${dayWord(leg.at, today)}`;
}

/** The question an I'LL DRIVE gets: "FamilyHub: reply YES to pick up Maya from Soccer at 4:30 PM tomorrow." */
export function confirmDriveQuestion(leg: ReplyLeg, today: string): string {
  return `FamilyHub: reply YES to ${legAction(leg, today)}.`;
}

/** The answer to the YES that made the sender the driver. */
export function droveReply(leg: ReplyLeg, today: string): string {
  return `FamilyHub: thanks, you ${legAction(leg, today)}. It's on the calendar.`;
}

/** A leg someone else took first: "FamilyHub: that pickup is already covered by Ana." */
export function alreadyCoveredReply(kind: ReplyLeg['kind'], driverName: string): string {
  return `FamilyHub: that ${kind === 'pickup' ? 'pickup' : 'drop-off'} is already covered by ${driverName}.`;
}

/** The sender is its driver already. */
export function alreadyYoursReply(leg: ReplyLeg, today: string): string {
  return `FamilyHub: you already ${legAction(leg, today)}.`;
}

/** The leg is gone (the event was moved, cancelled, or no longer has that pickup). */
export function legGoneReply(kind: ReplyLeg['kind']): string {
  return `FamilyHub: that ${kind === 'pickup' ? 'pickup' : 'drop-off'} is no longer on the calendar.`;
}

/** An I'LL DRIVE without a number to an alert that listed several: which one, by number. */
export function whichLegReply(legs: readonly { item: number; leg: ReplyLeg }[], today: string): string {
  const options = legs.map((l) => `I'LL DRIVE ${l.item} to ${legAction(l.leg, today)}`).join('; ');
  return `FamilyHub: which one? Reply ${options}.`;
}

/** The task was completed by the reply. */
export function taskDoneReply(title: string): string {
  return `FamilyHub: done. "${title}" is marked complete.`;
}

/** The task was already completed (by someone else, in the app, or by an earlier reply). */
export function taskAlreadyDoneReply(title: string): string {
  return `FamilyHub: "${title}" is already done.`;
}

/** DONE with no task reminder waiting for it. */
export const NOTHING_TO_COMPLETE_REPLY =
  "FamilyHub: there's nothing waiting for a reply from you. Reply DONE to a task reminder to mark that task done.";
/** I'LL DRIVE with no pickup alert waiting for it. */
export const NOTHING_TO_DRIVE_REPLY =
  "FamilyHub: there's nothing waiting for a reply from you. Reply I'LL DRIVE to a pickup alert to take that pickup.";
/** YES with no "Reply YES" question waiting for it. */
export const NOTHING_TO_CONFIRM_REPLY =
  "FamilyHub: there's nothing waiting for a YES from you. Reply I'LL DRIVE to a pickup alert first.";

/** MORE with no answer waiting to be continued. */
export const NOTHING_MORE_REPLY =
  'FamilyHub: there is nothing more to send. Text me a question about your family calendar.';

/** An action the reply asked for that the app refused (a plan limit, a validation rule): why, and where to fix it. */
export function refusedReply(message: string, link: string): string {
  return `FamilyHub: I couldn't do that: ${message.replace(/\.$/, '')}. Open FamilyHub: ${link}`;
}
