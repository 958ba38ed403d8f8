import { localDateOf } from '../time/local-time.ts';
import { type DayRange, parseWhen } from './dates.ts';
import type { AssistantMember } from './family-data.ts';
import { firstNameKey, normalizeQuestion } from './normalize.ts';

/** Which way a driving duty goes. */
export type TransportDirection = 'pickup' | 'dropoff' | 'both';

/** What a question asks, with its member (null = the whole family) and days resolved. */
export type Intent =
  | { kind: 'help' }
  /** A question about someone who is not in the family ("is Olivia free?"). */
  | { kind: 'unknown_name'; name: string }
  | { kind: 'schedule'; range: DayRange; memberId: number | null }
  | { kind: 'next_event'; words: string[]; memberId: number | null; range: DayRange | null }
  /** `range` null: today, or the next day with a matching event when `words` name one. */
  | {
      kind: 'transport';
      direction: TransportDirection;
      range: DayRange | null;
      memberId: number | null;
      words: string[];
    }
  /** `range` set: only tasks due in it. */
  | { kind: 'tasks'; memberId: number | null; range: DayRange | null }
  | { kind: 'overdue'; memberId: number | null }
  /** `memberId` null: "is anyone free", answered for every member. */
  | { kind: 'free'; memberId: number | null; range: DayRange; time: string | null }
  | { kind: 'whats_next'; memberId: number | null };

/** What the parser needs besides the text: who asks, who is in the family, and the local "now". */
export interface IntentContext {
  now: string;
  askerId: number;
  members: readonly AssistantMember[];
  /** Every event title of the family, to tell a title word ("soccer?") from noise. */
  titles: readonly string[];
}

const PRONOUNS_ASKER = new Set(['i', 'me', 'my', 'mine', 'myself']);
const PRONOUNS_FAMILY = new Set([
  ...'we us our ours family everyone everybody anyone anybody all'.split(' '),
]);

/** Words that carry no title meaning (`x` is what names are blanked to before date parsing). */
const STOP_WORDS = new Set([
  ...PRONOUNS_ASKER,
  ...PRONOUNS_FAMILY,
  ...(
    'a about again am an and any anything are at be can coming could day did do does doing event ' +
    'events for from going got happening has have having how in is it its know let me next of on or ' +
    'planned plans please quick question schedule scheduled calendar so something start starts tell ' +
    'that the their there thing things this time to today tomorrow tonight up upcoming want was we ' +
    'what whats when where which who whom will with would you your yet agenda else still oclock o ' +
    'clock pm hey ok okay lol um uh btw he she they them his her exactly right now later after before ' +
    'soon date x'
  ).split(' '),
]);

/** Words that are never somebody's name in "is X free" style patterns. */
const NOT_NAMES = new Set([
  ...STOP_WORDS,
  ...'kids children parents he she they someone somebody nobody free busy'.split(' '),
]);

const TRANSPORT_PICKUP =
  /\b(pick(s|ing|ed)? up|pickups?|pick ?up|pickup|get(s|ting)?|collect(s|ing)?|grab(s|bing)?|fetch(es|ing)?)\b/;
const TRANSPORT_DROPOFF = /\b(drop(s|ping|ped)? off|dropoffs?|drop ?off|tak(e|es|ing)|bring(s|ing)?)\b/;
const TRANSPORT_BOTH = /\b(driv(e|es|ing)|drivers?|rides?|carpool(ing)?|transport(ation)?)\b/;
const TRANSPORT_NOUNS = /\b(pick ?ups?|drop ?offs?|carpool|rides?|drivers?|transport(ation)?)\b/;

/** A member mention: which member, or the asker via a pronoun. */
interface Mention {
  memberId: number;
  /** Where it was found in the word list. */
  index: number;
  /** Found as I / me / my rather than a name. */
  pronoun: boolean;
}

/** Finds the members a question names: first names (any case, possessive "maya's"/"mayas"), and I/me/my. */
function findMentions(words: readonly string[], ctx: IntentContext): Mention[] {
  const byName = new Map<string, number>();
  for (const m of ctx.members) {
    const key = firstNameKey(m.name);
    // Two members sharing a first name: the first one stored wins; a texter cannot tell them apart either.
    if (key !== '' && !byName.has(key)) byName.set(key, m.id);
  }
  const mentions: Mention[] = [];
  words.forEach((word, index) => {
    const bare = word.replace(/'s$/, '');
    const id =
      byName.get(bare) ??
      (bare.endsWith('s') && !byName.has(bare) ? byName.get(bare.slice(0, -1)) : undefined);
    if (id !== undefined) mentions.push({ memberId: id, index, pronoun: false });
    else if (PRONOUNS_ASKER.has(bare)) mentions.push({ memberId: ctx.askerId, index, pronoun: true });
  });
  return mentions;
}

/** Names the question asks about that are nobody in the family ("is olivia free"), if any. */
function unknownName(text: string, known: ReadonlySet<string>): string | null {
  const patterns = [
    /\b(?:is|are) (\w+)(?:'s)? (?:free|available|busy)\b/,
    /\bwhat (?:does|do|is) (\w+) (?:have|got|doing)\b/,
    /\b(\w+)'s (?:tasks?|chores?|schedule|calendar|day|plans?)\b/,
  ];
  for (const re of patterns) {
    const word = re.exec(text)?.[1];
    if (word === undefined) continue;
    const bare = word.replace(/'s$/, '');
    if (known.has(bare) || known.has(bare.replace(/s$/, '')) || NOT_NAMES.has(bare) || /\d/.test(bare))
      continue;
    return bare;
  }
  return null;
}

/** The words of the question that may name an event (not names, dates, pronouns or question words). */
function titleWords(
  rest: string,
  mentionsRemoved: ReadonlySet<string>,
  intentWords: RegExp | null,
): string[] {
  const cleaned = intentWords ? rest.replace(new RegExp(intentWords.source, 'g'), ' ') : rest;
  return cleaned
    .split(' ')
    .map((w) => w.replace(/'s$/, ''))
    .filter((w) => w !== '' && !STOP_WORDS.has(w) && !mentionsRemoved.has(w) && !/^\d/.test(w));
}

/** True when some event title has a word like one of `words` (typo-tolerant). */
function anyTitleMatches(
  words: readonly string[],
  titles: readonly string[],
  match: (a: string, b: string) => boolean,
) {
  return titles.some((t) =>
    normalizeQuestion(t)
      .split(' ')
      .some((tw) => words.some((w) => match(w, tw))),
  );
}

/**
 * Reads what a texted question asks. Pure and deterministic: the same text, members and "now" always give
 * the same intent. Anything it cannot read is `help` (the reply then lists example questions).
 *
 * @param raw the SMS body as received (any case, emoji, shorthand such as "2moro", typos)
 * @param match the title-word matcher (typo-tolerant `wordsMatch` in production)
 */
export function parseIntent(
  raw: string,
  ctx: IntentContext,
  match: (a: string, b: string) => boolean,
): Intent {
  const names = new Set(ctx.members.map((m) => firstNameKey(m.name)).filter((n) => n !== ''));
  const text = normalizeQuestion(raw, names);
  if (
    text === '' ||
    /^(help|info|menu|commands|\?)$/.test(text) ||
    /\bwhat can (you|i) (do|ask)\b/.test(text)
  ) {
    return { kind: 'help' };
  }
  const words = text.split(' ');
  const mentions = findMentions(words, ctx);
  // A name wins over a pronoun: in "tell me what maya has" the question is about Maya.
  const subject = (mentions.find((m) => !m.pronoun) ?? mentions[0])?.memberId ?? null;
  const mentionWords = new Set(mentions.map((m) => (words[m.index] ?? '').replace(/'s$/, '')));
  for (const n of names) mentionWords.add(n);

  // Names are blanked before date parsing so that a member called May or June is not read as a month.
  const isName = (w: string) => {
    const bare = w.replace(/'s$/, '');
    return names.has(bare) || (bare.endsWith('s') && names.has(bare.slice(0, -1)));
  };
  const forDates = words.map((w) => (isName(w) ? 'x' : w)).join(' ');
  const when = parseWhen(forDates, ctx.now);
  const today = localDateOf(ctx.now);
  const todayRange: DayRange = { from: today, to: today, kind: 'day' };

  const stranger = unknownName(text, names);

  if (/\b(overdue|past due|late|behind)\b/.test(text)) return { kind: 'overdue', memberId: subject };

  if (
    /\b(tasks?|chores?|to ?dos?|todo list|jobs?|errands?)\b|\b(need|needs|have|has|got|supposed) to do\b/.test(
      text,
    )
  ) {
    if (stranger) return { kind: 'unknown_name', name: stranger };
    const family = words.some((w) => PRONOUNS_FAMILY.has(w)) && !mentions.some((m) => !m.pronoun);
    return { kind: 'tasks', memberId: family ? null : (subject ?? ctx.askerId), range: when.range };
  }

  const pickup = TRANSPORT_PICKUP.test(text);
  const dropoff = TRANSPORT_DROPOFF.test(text);
  const both = TRANSPORT_BOTH.test(text);
  if ((pickup || dropoff || both) && (/\bwho\b/.test(text) || TRANSPORT_NOUNS.test(text))) {
    const direction: TransportDirection =
      both || (pickup && dropoff) ? 'both' : pickup ? 'pickup' : 'dropoff';
    const intentWords = new RegExp(
      `${TRANSPORT_PICKUP.source}|${TRANSPORT_DROPOFF.source}|${TRANSPORT_BOTH.source}|${TRANSPORT_NOUNS.source}`,
    );
    return {
      kind: 'transport',
      direction,
      range: when.range,
      memberId: subject,
      words: titleWords(when.rest, mentionWords, intentWords),
    };
  }

  if (/\b(free|available|busy)\b/.test(text)) {
    if (stranger) return { kind: 'unknown_name', name: stranger };
    const anyone = subject === null && words.some((w) => PRONOUNS_FAMILY.has(w));
    return {
      kind: 'free',
      memberId: anyone ? null : (subject ?? ctx.askerId),
      range: when.range ?? todayRange,
      time: when.time,
    };
  }

  const asksWhen = /\bwhen\b|\bwhat time\b|\bhow long (until|till)\b/.test(text);
  // "next" inside the date ("next wednesday") is not "what's next".
  const asksNext = /\bnext\b/.test(when.rest);
  if (asksWhen || asksNext) {
    const wordsLeft = titleWords(when.rest, mentionWords, /\b(when|next|what time|how long|until|till)\b/);
    if (wordsLeft.length > 0 && anyTitleMatches(wordsLeft, ctx.titles, match)) {
      return { kind: 'next_event', words: wordsLeft, memberId: subject, range: when.range };
    }
    if (asksNext || wordsLeft.length === 0) return { kind: 'whats_next', memberId: subject };
    // "when is ortho?" with no such event: say so rather than list examples.
    if (asksWhen) return { kind: 'next_event', words: wordsLeft, memberId: subject, range: when.range };
  }

  if (stranger) return { kind: 'unknown_name', name: stranger };
  if (when.range) return { kind: 'schedule', range: when.range, memberId: subject };
  if (/\b(schedule|calendar|agenda|plans?|happening|going on|doing|have|got|on)\b/.test(text)) {
    return { kind: 'schedule', range: todayRange, memberId: subject };
  }
  const leftover = titleWords(text, mentionWords, null);
  if (leftover.length > 0 && anyTitleMatches(leftover, ctx.titles, match)) {
    return { kind: 'next_event', words: leftover, memberId: subject, range: null };
  }
  return { kind: 'help' };
}
