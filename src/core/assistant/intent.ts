import { localDateOf } from '../time/local-time.ts';
import { type DayPart, type DayRange, dayPartIn, parseWhen } from './dates.ts';
import type { AssistantMember } from './family-data.ts';
import { firstNameKey, normalizeQuestion } from './normalize.ts';
import type { Region } from './date-order.ts';
import { findHoliday } from './region.ts';
import { type WordMatcher, queryWords, relevance } from './relevance.ts';

/** Which way a driving duty goes. */
export type TransportDirection = 'pickup' | 'dropoff' | 'both';

/** What a question asks, with its member (null = the whole family) and days resolved. */
export type Intent =
  /** Help: example questions; `about` 'thanks' for a thank-you, 'outside' for a topic FamilyHub does not hold. */
  | { kind: 'help'; about?: 'thanks' | 'outside' }
  /** A question about someone who is not in the family ("is Olivia free?"). */
  | { kind: 'unknown_name'; name: string }
  /** `byPerson`: "who's doing what": each member's events and drives, person by person. */
  | {
      kind: 'schedule';
      range: DayRange;
      memberId: number | null;
      byPerson?: boolean;
      /** Issue 43: a group word ("the kids") resolved to members; `memberId` is then null. */
      group?: number[];
    }
  /**
   * "Is there anything at 6am monday", "does Leo have anything at 4": yes or no about that clock time
   * (`HH:mm`, local) on `range.from`, then what is next that day.
   */
  | { kind: 'at_time'; range: DayRange; time: string; near: TimeNear; memberId: number | null }
  /**
   * "When's our next free Saturday", "first free evening", "do we have a free weekend in December": the first
   * day (or part, or weekend) from today on which `memberId` (null: everyone) has nothing, within `range` or
   * the next SEARCH_WEEKS weeks.
   */
  | {
      kind: 'free_search';
      memberId: number | null;
      /** 0 = Sunday; null: any day. */
      weekday: number | null;
      part: DayPart | null;
      weekend: boolean;
      range: DayRange | null;
      /** Asked as yes/no ("do we have a free weekend…"). */
      yesNo: boolean;
    }
  /** `strict`: only the asked day counts ("what's for dinner" tonight, not next week's birthday dinner). */
  | {
      kind: 'next_event';
      words: string[];
      memberId: number | null;
      range: DayRange | null;
      strict?: boolean;
      /** "when is Marco back", "when do we get back from camping": the end of the trip under way or next. */
      tripEnd?: boolean;
      /** "when do I need to leave for Maya's game": the asker's own drive to it is said too. */
      leaving?: boolean;
      /** "when was the dentist": the latest one that has begun, within PAST_DATE_DAYS. */
      last?: boolean;
    }
  /**
   * `range` null: today's drives still to come, else the next day with one (for `memberId`, by `driverId`,
   * to an event matching `words`, when given).
   */
  | {
      kind: 'transport';
      direction: TransportDirection;
      range: DayRange | null;
      /** The member driven (or, when no one else is named, the driver asked about). */
      memberId: number | null;
      /** "what time do I need to get Leo": the asker drives; their drives come first. */
      driverId?: number | null;
      words: string[];
    }
  /**
   * Issue 27 "any gaps this week?": the pickups and drop-offs in `range` that no one can do (no driver, or a
   * driver in two places).
   */
  | { kind: 'transport_gaps'; range: DayRange }
  /** `range` set: only tasks due in it. */
  | { kind: 'tasks'; memberId: number | null; range: DayRange | null; group?: number[] }
  | { kind: 'overdue'; memberId: number | null }
  /** `memberId` null: "is anyone free", answered for every member. */
  /** `asksBusy`: "is Maya busy" (yes means busy), else "is Maya free". */
  | {
      kind: 'free';
      memberId: number | null;
      range: DayRange;
      time: string | null;
      asksBusy: boolean;
      /** How the time was asked: "at 3", "around noon" (within half an hour), "by 5" (at 5). */
      near?: TimeNear;
      /** Issue 43: "are the kids free": these members instead of everyone; `memberId` is then null. */
      group?: number[];
      /**
       * Issue 43: "is anyone free to take Zoe to soccer": the drive asked about (its direction, the event's
       * words, the rider); the answer says when it is, who has it, and who is free then.
       */
      drive?: {
        direction: TransportDirection;
        words: string[];
        riderId: number | null;
        /** No day was named ("is anyone free to pick Eli up from piano"): the next such drive is meant. */
        anyDay?: boolean;
      };
    }
  | { kind: 'whats_next'; memberId: number | null }
  /** A day expression that could not be read ("blursday", "the 45th"): say so, never guess a day. */
  | { kind: 'unclear_day' }
  /** An instruction to change something: refused, with where to do it instead. */
  | { kind: 'command'; action: CommandAction }
  /** "is soccer still on friday": yes or no for the event on that day (`range` null: is it still coming up). */
  | {
      kind: 'event_check';
      words: string[];
      memberId: number | null;
      range: DayRange | null;
      /** Asked the other way round: "is soccer cancelled" (yes means it is not on). */
      cancelled?: boolean;
      /** "is piano at 4 on wednesday": the clock time asked about (`HH:mm`, local). */
      time?: string | null;
      /**
       * "is there school monday" ('in') / "are the kids off school monday" ('off'): answered from the day's
       * no-school events ("No school", "INSET day", "Teacher training day") and school-day ones ("Last day of school").
       */
      school?: 'in' | 'off';
      /** "is Marco back tomorrow" ('back') / "is Marco away this week" ('away'): about a trip over several days. */
      trip?: 'back' | 'away';
    }
  /** "did Leo clean his room": yes or no for a task. */
  | {
      kind: 'task_check';
      words: string[];
      memberId: number | null;
      /** "what do I need to pack", "when is the poster due": the matching tasks and their state, not yes/no. */
      list?: boolean;
    }
  /** Activity requests: a list (pending, for or from someone) or one request's answer. */
  | {
      kind: 'activities';
      words: string[];
      status: 'pending' | null;
      /** Requests assigned to this member (who answers them). */
      toId: number | null;
      /** Requests this member asked for. */
      fromId: number | null;
      /** A yes/no question ("did Marco approve the sleepover"). */
      yesNo: boolean;
    };

/** How a clock time was asked: "at 3", "around noon" (half an hour either side), "by 5". */
export type TimeNear = 'at' | 'around' | 'by';

/** What a refused command wanted to do (the reply says where to do it in FamilyHub). */
export type CommandAction =
  | 'add_event'
  | 'change_event'
  | 'add_task'
  | 'reminder'
  | 'complete_task'
  | 'answer_request'
  | 'sign_up'
  | 'message'
  | 'notifications';

/** The days an intent is about, or null when it names none. */
export function intentRange(intent: Intent): DayRange | null {
  switch (intent.kind) {
    case 'schedule':
    case 'free':
    case 'at_time':
      return intent.range;
    case 'free_search':
      return intent.range;
    case 'event_check':
    case 'next_event':
    case 'transport':
    case 'tasks':
      return intent.range ?? null;
    case 'transport_gaps':
      return intent.range;
    default:
      return null;
  }
}

/** The first day an intent is about (`YYYY-MM-DD`), or null when it names none. */
export function intentDay(intent: Intent): string | null {
  return intentRange(intent)?.from ?? null;
}

/** What the parser needs besides the text: who asks, who is in the family, and the local "now". */
export interface IntentContext {
  now: string;
  askerId: number;
  members: readonly AssistantMember[];
  /** Every event title of the family, to tell a title word ("soccer?") from noise. */
  titles: readonly string[];
  /** Every task title (open and done). */
  taskTitles?: readonly string[];
  /** Every activity request title. */
  activityTitles?: readonly string[];
  /** The family's region (numeric date order, holidays). */
  region?: Region;
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
    'soon x need needs around left appt status anywhere somewhere everything think check confirm ' +
    'remind wondering wonder forgot remember sorry again wait actually figure trying'
  ).split(' '),
]);

/** Words that are never somebody's name in "is X free" style patterns. */
const NOT_NAMES = new Set([
  ...STOP_WORDS,
  ...'kids children parents he she they someone somebody nobody free busy'.split(' '),
  // "new year's day", "mother's day", "valentine's day": holidays, not people.
  ...'year years mother mothers father fathers valentine valentines patrick patricks boxing'.split(' '),
]);

const TRANSPORT_PICKUP =
  /\b(pick(s|ing|ed)? up|pickups?|pick ?up|pickup|get(s|ting)?|collect(s|ing)?|grab(s|bing)?|fetch(es|ing)?)\b/;
const TRANSPORT_DROPOFF = /\b(drop(s|ping|ped)?( off)?|dropoffs?|drop ?off|tak(e|es|ing)|bring(s|ing)?)\b/;
const TRANSPORT_BOTH =
  /\b(driv(e|es|ing)|drivers?|rides?|lifts?|carpool(ing)?|transport(ation)?|school runs?|(?:doing|do|does|did) the (?:\w+ )?runs?)\b/;
/** Issue 27: a question about pickups and drop-offs nobody can do. */
const TRANSPORT_GAPS =
  /\b(gaps?|uncovered|not covered|no drivers?|(no ?one|nobody|no body) (is |s )?(driving|picking|dropping|taking|getting|covering)|without (a )?drivers?|needs? (a )?drivers?|(driving|transport|pickup|pick up|drop off|dropoff|carpool) (clash|clashes|conflicts?|problems?))\b/;
const TRANSPORT_NOUNS =
  /\b(pick ?ups?|drop ?offs?|carpool|rides?|lifts?|drivers?|transport(ation)?|needs? (?:picking up|collecting|dropping off|taking|a ride|a lift))\b/;

/** A member mention: which member, or the asker via a pronoun. */
interface Mention {
  memberId: number;
  /** Where it was found in the word list. */
  index: number;
  /** Found as I / me / my rather than a name. */
  pronoun: boolean;
}

/** Finds the members a question names: first names (any case, possessive "maya's"/"mayas"), and I/me/my. */
/**
 * What follows an "I" that tells rather than asks about the texter ("I'm trying to figure out …", "I was
 * wondering …", "I think Eli has piano", "I might have to work late"): that "I" is not who the question is about.
 */
const TELLING =
  /^(?:am \w+ing|was \w+ing|think|thought|wonder|wondered|guess|forgot|know|want to know|need to know|might|may)\b/;

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
    else if (PRONOUNS_ASKER.has(bare) && !(bare === 'i' && TELLING.test(words.slice(index + 1).join(' '))))
      mentions.push({ memberId: ctx.askerId, index, pronoun: true });
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

/** True when some title has enough words like `words` (see relevance). */
function anyTitleMatches(words: readonly string[], titles: readonly string[], match: WordMatcher): boolean {
  return words.length > 0 && titles.some((t) => relevance(words, t, null, match).enough);
}

/** The best relevance any of `titles` reaches for `words` (0 matched when none is enough). */
function bestMatched(words: readonly string[], titles: readonly string[], match: WordMatcher): number {
  let best = 0;
  for (const t of titles) {
    const r = relevance(words, t, null, match);
    if (r.enough && r.matched > best) best = r.matched;
  }
  return best;
}

/** Polite openings before an instruction: "can you", "could u", "i want you to", "go ahead and". */
const POLITE = /^(?:(?:can|could|would|will) (?:you|u) |i (?:want|need) (?:you )?to |go ahead and |just )*/;

/** Instructions the assistant does not carry out, by their first verb. */
const COMMANDS: Array<[RegExp, CommandAction]> = [
  [/^(mark|tick|check off|complete|finish)\b/, 'complete_task'],
  [
    /^(?:stop|quit|turn off|switch off|mute|pause|unsubscribe|no more)\b.*\b(reminders?|texts?|texting|messages?|notifications?|alerts?|summar(?:y|ies))\b/,
    'notifications',
  ],
  [/^(?:say|said) (?:yes|no|ok|okay) to\b/, 'answer_request'],
  [/^(approve|accept|decline|reject|deny|rsvp)\b/, 'answer_request'],
  [/^(sign \w+ up|sign up|enrol|enroll|register)\b/, 'sign_up'],
  [/^remind (?!(?:me|us) (?:what|when|who|where|which|if)\b)/, 'reminder'],
  [/^set (?:a |an |up a )?(?:reminder|alarm)\b/, 'reminder'],
  [/^(text|message|msg|tell|notify|ping|let \w+ know)\b(?! (?:me|us)\b)/, 'message'],
  [/^(send)\b(?! (?:me|us)\b)/, 'message'],
  [/^(assign|reassign)\b/, 'add_task'],
  [/^(cancel|delete|remove|move|reschedule|change|update|edit|push|postpone|shift|swap)\b/, 'change_event'],
  [/^(add|put|create|make|book|enter|set up)\b/, 'add_event'],
  [/^(schedule|plan) (?:a|an|another|the|some|in)\b/, 'add_event'],
];

/** Reads an instruction ("add dentist for maya dec 10", "cancel soccer tomorrow"), or null for a question. */
function commandOf(text: string, titlePhrases: readonly string[]): CommandAction | null {
  const body = text.replace(POLITE, '');
  // "book club tonight?" starts with an event's title, not with the verb "book".
  if (titlePhrases.some((t) => body === t || body.startsWith(`${t} `))) return null;
  for (const [re, action] of COMMANDS) {
    if (!re.test(body)) continue;
    if (action === 'add_event' && /\b(tasks?|to ?dos?|chores?)\b/.test(body)) return 'add_task';
    if (action === 'change_event' && /\b(tasks?|chores?)\b/.test(body)) return 'add_task';
    return action;
  }
  return null;
}

/** The range with no `part` key (an absent part, not an undefined one). */
function withoutPart(range: DayRange): DayRange {
  const { part: _part, ...rest } = range;
  return rest;
}

/** A clock time after "around"/"about"/"by" ("around noon", "by 5"), or "4ish". */
const TIME_AHEAD = String.raw`(?=(?:\d{1,2}(?::\d{2})?(?:am|pm)?|noon|midday|midnight)\b(?!/))`;
const AROUND_TIME = new RegExp(
  String.raw`\b(?:around|about|roughly|approx|approximately|circa) ${TIME_AHEAD}`,
  'g',
);
const BY_TIME = new RegExp(String.raw`\b(?:by|before) ${TIME_AHEAD}`, 'g');
const ISH_TIME = /\b(\d{1,2}(?::\d{2})?(?:am|pm)?)ish\b/g;

/** How `text` asks for a clock time ("around noon", "4ish", "by 5", else "at"). */
function timeNear(text: string): TimeNear {
  if (new RegExp(AROUND_TIME.source).test(text) || new RegExp(ISH_TIME.source).test(text)) return 'around';
  return new RegExp(BY_TIME.source).test(text) ? 'by' : 'at';
}

/** "who's doing what", "what's everyone doing", "who's where": each member's events and drives. */
const BY_PERSON =
  /\bwho (?:is )?(?:doing|does|got|has|have|needs to do) what\b|\bwhat (?:is|are) (?:everyone|everybody|every one|we all|all of us|each of us) (?:doing|up to)\b|\beveryone'?s? (?:schedule|plans|day)\b|\bwho (?:is|needs to be) where\b/;

/**
 * "next free saturday", "when are we free", "first free evening", "a free weekend in december": a search for
 * the first day that qualifies, not a yes/no about one day.
 */
const FREE_SEARCH =
  /\b(?:next|first|earliest|soonest) (?:free|open|available)\b|\bwhen (?:is|are|am|will|r|can) (?:\w+ )?(?:all |both |next |ever )*(?:be )?(?:free|available)\b|\b(?:a|any|another) (?:free|open) (?:day|evening|night|morning|afternoon|weekend|sunday|monday|tuesday|wednesday|thursday|friday|saturday)s?\b/;
const WEEKDAY_WORDS = 'sunday monday tuesday wednesday thursday friday saturday'.split(' ');
/** Words a free search takes as its target, not as the dates to search (plurals too: "saturdays"). */
const SEARCH_TARGET =
  /\b(?:on )?(?:a |an )?(?:(?:sunday|monday|tuesday|wednesday|thursday|friday|saturday|weekend|day|evening|night|morning|afternoon|arvo)s?|(?:next|first|earliest|soonest)(?= (?:free|open|available)\b)|next$|free|open|available)\b/g;

/** Holiday words followed by one of these are a date ("christmas plans"), not part of a title. */
const DATE_NOUNS = new Set(
  'plans plan day eve weekend week break holidays holiday morning afternoon evening night stuff schedule time'.split(
    ' ',
  ),
);
/** Before a holiday word these make it a date ("on christmas", "for thanksgiving"). */
const DATE_PREPOSITIONS = new Set(
  'on for at over during before after until till by this next last since'.split(' '),
);

/** "leave for / going to / heading to X" is a trip to X. */
function travelWords(text: string): string {
  return text.replace(
    /\b(leave|leaving|go|going|head|heading|drive|driving|set off|setting off) (for|to)\b/g,
    'trip $2',
  );
}

const APPROVAL =
  /\b(approv\w*|accept\w*|declin\w*|reject\w*|ok|okay|okd|okayed|say yes|said yes|say no|said no|(?:say|said|says) (?:i|we|he|she|they) (?:can|could)|let (?:me|us|him|her|them) go|allow\w*|agree\w*|permission|turn(?:ed)? down|ask(?:ed)? (?:about|for|if)|asking (?:about|for|if))\b/;
const REQUESTS = /\b(requests?|proposals?|sign ?ups?)\b/;
const YES_NO = /^(did|does|do|has|have|is|was|are|were|will|can)\b/;
/** "is soccer cancelled?": a yes/no asked the other way round. */
const CANCELLED = /\b(cancell?ed|canceled|called off|postponed)\b/;
/** A thank-you or sign-off on its own ("thx!", "thanks so much", "ok great", "cheers"). */
const THANKS =
  /^(?:(?:ok(?:ay)?|great|perfect|cool|awesome|got it|ty|thx|thanks?|thank you|cheers|ta|tysm|thnx|thanx)(?: (?:so much|a lot|very much|heaps|you|u|again|mate|guys|hun|babe|love|x+|!))*[ !.]*)+$/;
/** Things people ask a phone that are not a family's calendar: weather, traffic, news, scores, recipes. */
const OUTSIDE =
  /\b(weather|forecast|rain(?:ing|y)?|snow(?:ing)?|temperature|traffic|news(?! (?:on|about|re|with|from)\b)|headlines|score|stock|recipe)\b/;
/**
 * "how's my week looking", "how does tomorrow look", "how are things looking for friday": a schedule question.
 * Groups: whose (my / our / the), the span or day.
 */
const LOOKING =
  /\bhow(?:s| is| are| does| do)? (?:things |it )?(?:looking |look )?(?:for |on )?(?:(my|our|the|next|this) )?(day|week|weekend|today|tomorrow|tonight|(?:mon|tues|wednes|thurs|fri|satur|sun)day)(?: (?:looking|look|looks|shaping up))\b/;

const LOOKING_FOR =
  /\bhow(?:s| is| are)? (?:things|it|stuff) looking (?:for|on) (?:(my|our|the) )?(day|week|weekend|today|tomorrow|tonight|(?:mon|tues|wednes|thurs|fri|satur|sun)day)\b/;

/** The question LOOKING and LOOKING_FOR stand for: "my week" is the asker's this week, "the day" is today. */
function lookingAsSchedule(whose: string | undefined, span: string): string {
  const when = span === 'day' ? 'today' : span === 'week' || span === 'weekend' ? `this ${span}` : span;
  if (whose === 'next' || whose === 'this') return `what is on ${whose} ${span}`;
  return `what is on ${whose === 'my' ? 'for me ' : ''}${when}`;
}

/** "what do I need to pack", "what does Tom have to buy": group 1 is the verb, a word of a task's title. */
const TASK_VERB =
  /\bwhat (?:do|does|did|should|must|is|are|am) (?:\w+ )?(?:need|needs|have|has|got|gotta|supposed|meant|going) to (\w+)\b/;

/** Family roles texted before a first name ("grandma rosa", "grandpa joe", "aunt mia"): the name says who. */
const ROLES =
  'grandma grandpa granny gran grandad granddad grandmother grandfather nana nanna nan papa pop auntie aunty aunt uncle mum mom mommy mummy dad daddy mr mrs ms miss';

/** A pattern for a role word right before one of `names` (the role is dropped, the name kept). */
function roleBeforeName(names: ReadonlySet<string>): RegExp {
  const escaped = [...names].map((n) => n.replace(/[^\p{L}\p{N}]/gu, '\\$&'));
  if (escaped.length === 0) return /$^/;
  return new RegExp(`\\b(?:${ROLES.split(' ').join('|')}) (?=(?:${escaped.join('|')})(?:'s)?\\b)`, 'g');
}

/**
 * "is there school monday" ('in'), "are the kids off school", "is it a day off school" ('off'): answered from
 * the day's no-school events rather than by a title match on "school".
 */
const SCHOOL_IN =
  /\b(?:is there|any|have|has|got|in|at|going to|go to) school\b|\bschool ?days?\b|^(?:is|will) school (?:be )?(?:open|on)\b/;
const SCHOOL_OFF =
  /\b(?:off|no|out of) school\b|\bschool (?:closed|shut|off|holiday|out)\b|\b(?:kids|children|boys|girls) off\b(?! (?:to|for|from|at)\b)/;

/** "when is Marco back", "when do we get back from camping", "is Sam home tomorrow", "is Marco away": a trip. */
const TRIP_BACK =
  /\b(?:get(?:s|ting)? back|come(?:s)? back|coming back|be back|back|home|return(?:s|ing)?)\b/;
const TRIP_AWAY = /\b(?:away|out of town|gone|travell?ing)\b/;
const TRIP_WORDS =
  /\b(get|gets|getting|come|comes|coming|be|back|home|return|returns|returning|away|out|town|gone|travell?ing|from)\b/;

/** Words after "on / for / over" that are not days: "what's on for the kids", "anything on at work". */
const NOT_DAY_TAILS = new Set(
  'kids children family everyone everybody both them school work home lunch dinner breakfast supper tea fun real sure'.split(
    ' ',
  ),
);

/** A question about whether a task is done. */
const DONE_SIGNAL = /^(did|has|have)\b|\b(done|finished|completed|yet)\b/;

/**
 * Reads what a texted question asks. Pure and deterministic: the same text, members and "now" always give
 * the same intent. In order: instructions (refused), unreadable days, overdue, task yes/no, task lists,
 * activity requests, pickups and drop-offs, free/busy, when/where and yes/no about events, then the schedule.
 * Anything it cannot read is `help` (the reply then lists example questions).
 *
 * @param raw the SMS body as received (any case, emoji, shorthand such as "2moro", typos)
 * @param match the title-word matcher (typo-tolerant `wordsMatch` in production)
 */
export function parseIntent(raw: string, ctx: IntentContext, match: WordMatcher): Intent {
  const typed = withoutAside(normalizeQuestion(raw));
  const intent = readIntent(typed, ctx, match);
  // "is anyone free to take Zoe to soccer", "can anybody get Jack from football": who could do that drive.
  if (intent.kind === 'transport' && ANYONE_DRIVE.test(typed)) {
    const today = localDateOf(ctx.now);
    return {
      kind: 'free',
      memberId: null,
      range: intent.range ?? { from: today, to: today, kind: 'day' },
      time: null,
      asksBusy: false,
      drive: {
        direction: intent.direction,
        words: intent.words.filter((w) => !/^(free|able|available|anyone|anybody|someone|somebody)$/.test(w)),
        riderId: intent.memberId,
        ...(intent.range === null ? { anyDay: true } : {}),
      },
    };
  }
  // "when was the dentist", "when did we last have book club": the latest one, not the next.
  if (
    intent.kind === 'next_event' &&
    intent.range === null &&
    !intent.tripEnd &&
    /\b(?:when|how) (?:was|were|did)\b|\blast time\b/.test(typed)
  ) {
    return {
      ...intent,
      words: intent.words.filter((w) => !/^(last|had|have|has|time)$/.test(w)),
      last: true,
    };
  }
  const group = groupOf(typed, ctx);
  if (group === null) return intent;
  // "what do the kids have tomorrow", "kids tasks?", "are the kids free saturday": the group, never the sender
  // (nor a stray "I": "do the kids have anything I need to know about").
  switch (intent.kind) {
    case 'schedule':
      return intent.byPerson ? intent : { ...intent, memberId: null, group };
    case 'tasks':
      return { ...intent, memberId: null, group };
    case 'free':
      return intent.drive ? intent : { ...intent, memberId: null, group };
    default:
      return intent;
  }
}

/**
 * A run-on's aside after the question ("whats on today i forgot", "is chris free thursday night i want to go
 * to book club", "when is zoes party i need to get favors", "… bc i have a meeting"): an "I" that starts a
 * statement of its own (not "do I", "when can I") or a "because" ends the question, so the aside names neither
 * the subject nor a title. Kept whole when the question before it would be a single word.
 */
const ASIDE =
  / (?:(?:i (?:am|forgot|know|think|want|wanna|need|have an?|just|dont|cant|didnt|was|will|guess|hope|wonder|mean|said|heard|saw|read|gotta|really|totally|forget))|bc|because|cause|cos|coz)\b/;
const INVERTING =
  /\b(?:do|did|does|am|can|could|should|will|would|have|has|shall|must|may|where|when|what|who|why|how|if|that|and|so|then|anything|something|everything|anyone|nothing|anywhere|time|things?)$/;

const QUESTION_CUE =
  /\b(?:what|when|where|who|which|how|is|are|am|do|does|did|can|could|will|any|anything|anyone|whats|free|busy)\b/;

function withoutAside(text: string): string {
  const m = ASIDE.exec(text);
  if (!m) return text;
  const before = text.slice(0, m.index);
  if (before.split(' ').length < 2 || INVERTING.test(before) || !QUESTION_CUE.test(before)) return text;
  return before;
}

/**
 * "is anyone free to take …", "can anybody pick up …", "is someone able to drive …", "who can collect …",
 * "who's free to do the drop off …": who could do a drive.
 */
const DRIVE_VERB = '(?:take|drop|pick|get|collect|grab|fetch|drive|bring|do)';
const ANYONE_DRIVE = new RegExp(
  `\\b(?:anyone|anybody|any one|someone|somebody)\\b(?: (?:free|available|able|around))?(?: (?:to|who can|that can))? ${DRIVE_VERB}\\b` +
    `|\\b(?:can|could) (?:anyone|anybody|someone|somebody) ${DRIVE_VERB}\\b` +
    `|\\bwho (?:is |s )?(?:free|available|able|around) to ${DRIVE_VERB}\\b|\\bwho (?:can|could) ${DRIVE_VERB}\\b`,
);

/** Group words and the role they name (SPEC §3 member roles). */
const GROUPS: Array<[RegExp, 'child' | 'parent']> = [
  [/\b(?:kids|kiddos|children|boys|girls|little ones|the twins)\b/, 'child'],
  [/\b(?:parents|grown ?ups|adults)\b/, 'parent'],
];

/**
 * Issue 43: the members a group word names ("the kids" → the members whose role is child, "the parents" →
 * parents), or null when the text names none, names a member by first name too (the name says who), or the
 * family's roles are unknown.
 */
function groupOf(text: string, ctx: IntentContext): number[] | null {
  const words = text.split(' ');
  if (findMentions(words, ctx).some((m) => !m.pronoun)) return null;
  const role = GROUPS.find(([re]) => re.test(text))?.[1];
  if (role === undefined) return null;
  const ids = ctx.members.filter((m) => m.role === role).map((m) => m.id);
  return ids.length > 0 ? ids : null;
}

function readIntent(raw: string, ctx: IntentContext, match: WordMatcher): Intent {
  const names = new Set(ctx.members.map((m) => firstNameKey(m.name)).filter((n) => n !== ''));
  // "what date is the concert" asks when; "date" is otherwise a word of titles such as "Date night".
  if (
    THANKS.test(
      raw
        .toLowerCase()
        .replace(/[^\p{L}\p{N} !.]/gu, ' ')
        .replace(/\s+/g, ' ')
        .trim(),
    )
  )
    return { kind: 'help', about: 'thanks' };
  // "thanks, and what's on tomorrow": the thanks is not part of the question.
  const typed = normalizeQuestion(raw, names)
    .replace(roleBeforeName(names), '')
    // "help! what time is soccer", "can you help me figure out whats on sat": the question is what follows.
    .replace(/^(?:help|sos|quick q|quick question|question)(?: me)? (?=\w+ \w)/, '')
    .replace(
      /^(?:(?:can|could) you |pls |please )?help me (?:to )?(?:figure out |find out |work out |check |with |know )?(?=\w+ \w)/,
      '',
    )
    // "free for lunch", "at lunchtime": 12-1pm, asked as around 12:30.
    .replace(/\b(?:at|for|over|during|around) lunch(?:time)?\b/g, 'around 12:30')
    .replace(/\bwhat date\b/g, 'when')
    // "how many events this week": the listing says.
    .replace(
      /^how many (?:events|things|appointments|activities|plans)(?: (?:are there|do we have|have we got|is there|are on))?\b/,
      'what is on',
    )
    .replace(
      /^(?:(?:ok|okay|great|cool|perfect|thanks|thank you|ty|cheers) )+(?:and |also |but |so )?(?=\w)/,
      '',
    )
    .replace(LOOKING, (_m, whose: string | undefined, span: string) => lookingAsSchedule(whose, span))
    .replace(LOOKING_FOR, (_m, whose: string | undefined, span: string) => lookingAsSchedule(whose, span));
  // "around noon", "by 5", "4ish" are clock times to the date reader; how they were asked is kept in `near`.
  const near = timeNear(typed);
  const text = typed
    .replace(AROUND_TIME, 'at ')
    .replace(BY_TIME, 'at ')
    .replace(ISH_TIME, 'at $1')
    .replace(/\bat at\b/g, 'at');
  if (
    text === '' ||
    /^(help|info|menu|commands|\?)$/.test(text) ||
    /\bwhat can (you|i) (do|ask)\b/.test(text)
  ) {
    return { kind: 'help' };
  }
  if (OUTSIDE.test(text)) return { kind: 'help', about: 'outside' };
  const taskTitles = ctx.taskTitles ?? [];
  const activityTitles = ctx.activityTitles ?? [];
  const allTitles = [...ctx.titles, ...taskTitles, ...activityTitles];
  const titlePhrases = [...new Set(allTitles.map((t) => normalizeQuestion(t)))].filter((t) =>
    t.includes(' '),
  );

  const command = commandOf(text, titlePhrases);
  if (command) return { kind: 'command', action: command };

  const words = text.split(' ');
  const mentions = findMentions(words, ctx);
  // A name wins over a pronoun: in "tell me what maya has" the question is about Maya.
  const subject = (mentions.find((m) => !m.pronoun) ?? mentions[0])?.memberId ?? null;
  const named = mentions.find((m) => !m.pronoun)?.memberId ?? null;
  const mentionWords = new Set(mentions.map((m) => (words[m.index] ?? '').replace(/'s$/, '')));
  for (const n of names) mentionWords.add(n);

  // Names and whole event titles ("date night", "parents evening") are blanked before date parsing so that a
  // member called May is not the month and "date night" is not tonight.
  const isName = (w: string) => {
    const bare = w.replace(/'s$/, '');
    return names.has(bare) || (bare.endsWith('s') && names.has(bare.slice(0, -1)));
  };
  // Title words become placeholders `w{index}` (no date reader touches a word with a digit) and come back after.
  const masked = words.map((w) => (isName(w) ? 'x' : w));
  // Apostrophes aside: "nans 70th" is the title "Nan's 70th".
  const bare = (t: string) => t.replace(/'/g, '');
  const joined = ` ${bare(words.join(' '))} `;
  for (const phrase of [...new Set(titlePhrases.map(bare))].sort((x, y) => y.length - x.length)) {
    let at = joined.indexOf(` ${phrase} `);
    while (at >= 0) {
      const first = joined
        .slice(0, at + 1)
        .trim()
        .split(' ')
        .filter((w) => w !== '').length;
      const count = phrase.split(' ').length;
      for (let i = first; i < first + count; i += 1) masked[i] = `w${i}`;
      at = joined.indexOf(` ${phrase} `, at + 1);
    }
  }
  const keep = new Set<string>(names);
  for (const t of allTitles) for (const w of normalizeQuestion(t).split(' ')) keep.add(w);
  // A holiday word inside a title question ("is the christmas fair still on") is part of the title, not a date.
  titleHoliday(masked, ctx, match);
  const when = parseWhen(masked.join(' '), ctx.now, { region: ctx.region, keep });
  const byPerson = BY_PERSON.test(text);

  if (FREE_SEARCH.test(text) && !byPerson) {
    const search = freeSearch(text, masked, mentions, ctx);
    if (search) return search;
  }
  // "after school" / "before work" say when, not which event ("No school" is not meant).
  const rest = when.rest
    .replace(/\bw(\d+)\b/g, (_m, i: string) => words[Number(i)] ?? '')
    .replace(/\b(after|before) (school|work|class|dinner|supper|tea)\b/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
  const today = localDateOf(ctx.now);
  const todayRange: DayRange = { from: today, to: today, kind: 'day' };

  if (when.unclear) return { kind: 'unclear_day' };

  // Issue 27: "any gaps this week?", "is anything not covered friday", "who still needs a driver".
  if (TRANSPORT_GAPS.test(text)) {
    return {
      kind: 'transport_gaps',
      range: when.range ?? parseWhen('this week', ctx.now, { region: ctx.region }).range ?? todayRange,
    };
  }

  const stranger = unknownName(text, names);
  const content = (source: string, intentWords: RegExp | null) =>
    queryWords(titleWords(travelWords(source), mentionWords, intentWords));

  // "running late", "I'm late", "work late" say how the texter is, not what is overdue.
  if (
    /\b(overdue|past due|late|behind)\b/.test(
      text.replace(
        /\b(?:running|am|be|being|so|bit|work|working|stay|staying|home|finish|finishing) late\b/g,
        '',
      ),
    )
  )
    return { kind: 'overdue', memberId: subject };

  // Activity requests: "any pending requests", "did marco approve the sleepover", "what happened with the
  // paintball party" (a request's title that is no event's).
  // Not read as travel: "can I go to the sleepover" names the request, not a trip.
  const requestWords = queryWords(
    titleWords(
      rest,
      mentionWords,
      new RegExp(`${APPROVAL.source}|${REQUESTS.source}|\\b(pending|waiting|status|happened|go|going)\\b`),
    ),
  );
  const requestScore = bestMatched(requestWords, activityTitles, match);
  const eventScore = bestMatched(requestWords, ctx.titles, match);
  if (
    REQUESTS.test(text) ||
    (APPROVAL.test(text) && requestScore > 0) ||
    (requestScore > 0 &&
      requestScore > eventScore &&
      bestMatched(requestWords, taskTitles, match) < requestScore)
  ) {
    const from = /\b(from|by) (\w+)/.exec(text)?.[2];
    const fromId =
      from === undefined
        ? null
        : (mentions.find((m) => words[m.index]?.replace(/'s$/, '') === from)?.memberId ?? null);
    const forSomeone =
      /\b(for|to) (me|you|us|\w+)\b/.test(text) && /\b(for|waiting for|to) (me|\w+)\b/.test(text);
    const toId = fromId === null && forSomeone && requestScore === 0 ? subject : null;
    return {
      kind: 'activities',
      words: requestScore > 0 ? requestWords : [],
      // A bare "any requests?" means the ones still to answer; "requests from Ada" means all of hers.
      status:
        /\b(pending|waiting|open|unanswered|outstanding)\b/.test(text) ||
        (toId === null && fromId === null && requestScore === 0)
          ? 'pending'
          : null,
      toId,
      fromId,
      yesNo: YES_NO.test(text) || /\b(approved|accepted|declined)\b/.test(text),
    };
  }

  // "did Leo clean his room?", "is the science poster done": a task, yes or no.
  if (DONE_SIGNAL.test(text)) {
    // "has Mia taken the library books back": "back" says returned, not which task.
    const taskWords = content(text, null).filter((w) => !/^(do|did|does|has|have|is|was|it|back)$/.test(w));
    if (
      anyTitleMatches(taskWords, taskTitles, match) &&
      bestMatched(taskWords, taskTitles, match) >= bestMatched(taskWords, ctx.titles, match)
    ) {
      return { kind: 'task_check', words: taskWords, memberId: named };
    }
  }

  // "what do I need to pack", "what does Tom need to buy", "when is Lily's poster due": tasks by a word of their
  // title, listed with their state.
  const taskVerb = TASK_VERB.exec(text)?.[1];
  // ("any homework due today" names a day: the day's task list below.)
  if ((taskVerb !== undefined && taskVerb !== 'do') || (/\bdue\b/.test(text) && !when.range)) {
    const taskWords = content(rest, /\b(due|when|by)\b/);
    if (
      taskWords.length > 0 &&
      anyTitleMatches(taskWords, taskTitles, match) &&
      bestMatched(taskWords, taskTitles, match) >= bestMatched(taskWords, ctx.titles, match)
    ) {
      return { kind: 'task_check', words: taskWords, memberId: subject, list: true };
    }
  }

  if (
    /\b(tasks?|chores?|to ?dos?|todo list|jobs?|errands?|homework|assignments?)\b|\bdue\b|\b(need|needs|have|has|got|supposed) to do\b|\b(what(?: is)?|anything|something|whats) (?:\w+ )?due\b/.test(
      text,
    )
  ) {
    if (stranger) return { kind: 'unknown_name', name: stranger };
    // "what's due tomorrow" with nobody named asks about the whole family.
    const family =
      (words.some((w) => PRONOUNS_FAMILY.has(w)) || (/\bdue\b/.test(text) && mentions.length === 0)) &&
      !mentions.some((m) => !m.pronoun);
    return { kind: 'tasks', memberId: family ? null : (subject ?? ctx.askerId), range: when.range };
  }

  // A member as the object of a driving verb ("get leo", "grab maya from swim", "pick ada up", "take tobi to
  // football") or of "who's got" ("who's got maya after school"): a pickup or drop-off question, with or
  // without "who".
  const riderWords = [
    ...[...names].map((n) => n.replace(/[^\p{L}\p{N}]/gu, '\\$&')),
    'the kids',
    'kids',
    'them',
    'anyone',
    'anybody',
  ];
  const riders = `(?:${[...riderWords, 'the children', 'both'].join('|')})(?:'s)?`;
  const ridden = new RegExp(
    `\\b(?:(?:pick(?:s|ing|ed)? up|get(?:s|ting)?|grab(?:s|bing)?|collect(?:s|ing)?|fetch(?:es|ing)?) ${riders}|pick(?:s|ing)? ${riders} up)\\b`,
  ).test(text);
  const takenTo = new RegExp(
    `\\b(?:(?:drop(?:s|ping)?(?: off)?|tak(?:e|es|ing)|bring(?:s|ing)?) ${riders}|drop(?:s|ping)? ${riders} off)\\b`,
  ).test(text);
  const whoHas = new RegExp(`\\bwho (?:is )?(?:got|has|have|having) ${riders}`).test(text);
  // "what time do I get picked up", "who's dropping me off": the asker rides.
  const selfPickup =
    /\b(?:i|me) (?:get|getting|gets|being|be) (?:picked up|collected|fetched)\b|\bpick(?:s|ing)? me up\b/.test(
      text,
    );
  const selfDropoff =
    /\b(?:i|me) (?:get|getting|gets|being|be) (?:dropped off|taken|driven)\b|\bdrop(?:s|ping)? me off\b/.test(
      text,
    );
  // "is it my turn to drive", "do I drive today": the asker's own drives.
  const myTurn =
    /\bmy turn\b|\b(?:do|am|should|will|must) i (?:next )?(?:have to |need to )?(?:next )?driv(?:e|ing)\b/.test(
      text,
    );
  const pickup = TRANSPORT_PICKUP.test(text) || ridden || selfPickup;
  const dropoff = TRANSPORT_DROPOFF.test(text) || takenTo || selfDropoff;
  const both = TRANSPORT_BOTH.test(text);
  if (
    ((pickup || dropoff || both) &&
      (/\bwho\b/.test(text) ||
        TRANSPORT_NOUNS.test(text) ||
        ridden ||
        takenTo ||
        selfPickup ||
        selfDropoff ||
        myTurn)) ||
    whoHas
  ) {
    // "after school" is when a child is picked up; "take them home" is a pickup too.
    const home = /\b(after school|home)\b/.test(text);
    const direction: TransportDirection =
      selfPickup !== selfDropoff
        ? selfPickup
          ? 'pickup'
          : 'dropoff'
        : home
          ? 'pickup'
          : both || (pickup && dropoff) || (whoHas && !pickup && !dropoff)
            ? 'both'
            : pickup
              ? 'pickup'
              : 'dropoff';
    const intentWords = new RegExp(
      `${TRANSPORT_PICKUP.source}|${TRANSPORT_DROPOFF.source}|${TRANSPORT_BOTH.source}|${TRANSPORT_NOUNS.source}|\\b(home|kids|children|both|them|turn|should|must|gotta|duty|duties|rota)\\b`,
    );
    // "what time do I need to get Leo": the asker drives, Leo rides.
    // "do I need to collect anyone tonight": the asker drives whoever it is.
    const askerDrives =
      (myTurn && named === null) ||
      ((named !== null || /\b(?:anyone|anybody)\b/.test(text)) &&
        /\b(?:(?:do|did|should|must|will|can|am) i|i (?:need|have|got|gotta|must|should|am|will))\b/.test(
          text,
        ));
    // "who's got Maya after school" is about the pickup, whenever it is: the part does not narrow the drives.
    const range = when.range?.part?.name === 'after school' ? { ...when.range, part: undefined } : when.range;
    return {
      kind: 'transport',
      direction,
      range: range && (range.part === undefined ? withoutPart(range) : range),
      memberId: subject,
      driverId: askerDrives ? ctx.askerId : null,
      words: titleWords(rest, mentionWords, intentWords),
    };
  }

  if (/\b(free|available|busy|around)\b/.test(text)) {
    if (stranger) return { kind: 'unknown_name', name: stranger };
    const anyone = subject === null && words.some((w) => PRONOUNS_FAMILY.has(w));
    return {
      kind: 'free',
      memberId: anyone ? null : (subject ?? ctx.askerId),
      range: when.range ?? todayRange,
      time: when.time,
      asksBusy: /\bbusy\b/.test(text) && !/\b(free|available)\b/.test(text),
      near,
    };
  }

  if (stranger) return { kind: 'unknown_name', name: stranger };

  // "is there school monday", "are the kids off school friday": the day's no-school events answer it.
  const school = SCHOOL_OFF.test(text) ? 'off' : SCHOOL_IN.test(text) ? 'in' : null;
  // A yes/no, or a bare "kids off school fri?" with no question word of another kind.
  if (school !== null && (YES_NO.test(text) || !/\b(what|when|where|who|why|how)\b/.test(text))) {
    return {
      kind: 'event_check',
      words: ['school'],
      memberId: named,
      range: when.range ?? todayRange,
      school,
    };
  }

  // "when is Marco back", "is Sam home tomorrow", "is Marco away this week": about a trip over several days.
  const aboutSomeone = subject !== null || words.some((w) => PRONOUNS_FAMILY.has(w));
  if (aboutSomeone && (TRIP_BACK.test(text) || TRIP_AWAY.test(text))) {
    const tripWords = content(rest, TRIP_WORDS);
    if (/\bwhen\b|\bwhat time\b/.test(text) && TRIP_BACK.test(text)) {
      return { kind: 'next_event', words: tripWords, memberId: subject, range: null, tripEnd: true };
    }
    if (YES_NO.test(text)) {
      return {
        kind: 'event_check',
        words: tripWords,
        memberId: subject,
        range: when.range,
        trip: TRIP_AWAY.test(text) ? 'away' : 'back',
      };
    }
  }

  // "what's for dinner": tonight's meal on the calendar, never a birthday dinner next week.
  const meal = /\bwhat(?: is)? for (dinner|lunch|breakfast|supper|tea)\b/.exec(text)?.[1];
  if (meal !== undefined) {
    const evening: DayPart = { name: 'evening', from: '17:00', to: '24:00' };
    const range: DayRange =
      when.range ??
      (meal === 'dinner' || meal === 'supper' || meal === 'tea'
        ? { ...todayRange, part: evening }
        : todayRange);
    return { kind: 'next_event', words: [meal], memberId: subject, range, strict: true };
  }

  // "anything coming up for me", "what's coming up for Leo": what is next for them (their drives too).
  if (
    !when.range &&
    /^(?:is there |are there |have i got |do i have )?(?:anything|what is|something) coming up\b/.test(text)
  ) {
    return { kind: 'whats_next', memberId: subject };
  }
  const asksWhen = /\bwhen\b|\bwhat time\b|\bwhere\b|\bhow long (until|till)\b/.test(text);
  // "next" inside the date ("next wednesday") is not "what's next".
  const asksNext = /\bnext\b/.test(rest);
  const asked = content(
    rest,
    /\b(when|next|what time|where|how long|until|till|til|cancell?ed|canceled|called off|postponed|should|shall|must|come|arrive|show up|turn up|be there|get there|back)\b/,
  );
  // "going to the gym" reads as a trip; when no trip is on the calendar the place alone is the event.
  const withoutTrip = asked.filter((w) => w !== 'trip');
  const eventWords =
    withoutTrip.length < asked.length &&
    withoutTrip.length > 0 &&
    !anyTitleMatches(asked, ctx.titles, match) &&
    anyTitleMatches(withoutTrip, ctx.titles, match)
      ? withoutTrip
      : asked;
  const cancelled = CANCELLED.test(text);
  const namesEvent = anyTitleMatches(eventWords, ctx.titles, match);
  if (asksWhen || asksNext) {
    if (namesEvent) {
      const leaving = /\b(leave|leaving|head out|set off|setting off|get there|be there)\b/.test(text);
      return leaving
        ? { kind: 'next_event', words: eventWords, memberId: subject, range: when.range, leaving }
        : { kind: 'next_event', words: eventWords, memberId: subject, range: when.range };
    }
    // "what time should I come on thursday": no event named, a day named: that day's schedule.
    if (eventWords.length === 0 && when.range && !asksNext) {
      return { kind: 'schedule', range: when.range, memberId: subject };
    }
    // "when is my next ortho" names something: say it is not there rather than answer with another event.
    if (eventWords.length === 0 || (asksNext && !asksWhen)) return { kind: 'whats_next', memberId: subject };
    // "when is ortho?" with no such event: say so rather than list examples.
    if (asksWhen) return { kind: 'next_event', words: eventWords, memberId: subject, range: when.range };
  }

  // "is maya's recital still on", "does leo have piano", "is soccer cancelled": yes or no about an event with
  // no day; one that is not on the calendar gets "I couldn't find …", never a day's listing.
  const checkWords = eventWords.filter((w) => !/^(off|ahead|happen)$/.test(w));
  if (!when.range && YES_NO.test(text) && checkWords.length > 0) {
    return { kind: 'event_check', words: checkWords, memberId: named, range: null, cancelled };
  }

  // "is the christmas eve dinner at 6": a time but no day of its own is about the event's next one.
  if (when.range && namesEvent && when.timeOnly) {
    return {
      kind: 'event_check',
      words: eventWords,
      memberId: named,
      range: null,
      cancelled,
      time: when.time,
    };
  }
  // "is soccer still on friday", "book club tonight?": an event and a day, yes or no.
  if (when.range && namesEvent) {
    return {
      kind: 'event_check',
      words: eventWords,
      memberId: named,
      range: when.range,
      cancelled,
      time: when.time,
    };
  }

  // "hockey tomorrow?" or "is my recital on friday" with no such event on the calendar: say there is none, not
  // that day's whole schedule.
  if (when.range && eventWords.length > 0 && YES_NO.test(text)) {
    return {
      kind: 'event_check',
      words: eventWords,
      memberId: named,
      range: when.range,
      cancelled,
      time: when.time,
    };
  }
  if (
    when.range &&
    eventWords.length > 0 &&
    !/\b(what|anything|schedule|calendar|agenda|plans?|happening|going on|doing|have|got|on|up)\b/.test(text)
  ) {
    return {
      kind: 'event_check',
      words: eventWords,
      memberId: named,
      range: when.range,
      cancelled,
      time: when.time,
    };
  }
  if (byPerson) return { kind: 'schedule', range: when.range ?? todayRange, memberId: null, byPerson };
  if (when.range && when.time !== null) {
    return { kind: 'at_time', range: when.range, time: when.time, near, memberId: subject };
  }
  if (when.range) return { kind: 'schedule', range: when.range, memberId: subject };
  if (/\b(schedule|calendar|agenda|plans?|happening|going on|doing|have|got|on)\b/.test(text)) {
    // "what are we doing for tgiving", "whats on over hanukah": a word after "on/for/over" that no reader
    // took and no title, name or common word explains is an unread day, never today's listing.
    const tail = /\b(?:on|for|over|during)(?: the)? ([a-z]+)$/.exec(rest)?.[1];
    if (
      tail !== undefined &&
      tail.length >= 3 &&
      !keep.has(tail) &&
      !STOP_WORDS.has(tail) &&
      !NOT_DAY_TAILS.has(tail) &&
      !ROLES.split(' ').includes(tail)
    ) {
      return { kind: 'unclear_day' };
    }
    return { kind: 'schedule', range: todayRange, memberId: subject };
  }
  const leftover = queryWords(titleWords(text, mentionWords, null));
  if (anyTitleMatches(leftover, ctx.titles, match)) {
    return { kind: 'next_event', words: leftover, memberId: subject, range: null };
  }
  return { kind: 'help' };
}

/**
 * Masks (as `w{index}` placeholders the date readers skip) a holiday name that is part of a title question:
 * "christmas fair", "the xmas party", "christmas service". The holiday stays a date when a date word follows
 * it ("christmas plans", "thanksgiving day"), a preposition comes before it ("on christmas", "for
 * thanksgiving"), or nothing follows it; words that match an event's title ("christmas lunch" for "Christmas
 * lunch at Nana's") are a title in any case.
 */
function titleHoliday(masked: string[], ctx: IntentContext, match: WordMatcher): void {
  const country = ctx.region?.country ?? null;
  if (country === null) return;
  const found = findHoliday(masked, localDateOf(ctx.now), country);
  if (found === null || found === 'unknown') return;
  const phrase = found.phrase.split(' ');
  const start = masked.findIndex((_w, i) => phrase.every((p, j) => masked[i + j] === p));
  if (start < 0) return;
  const end = start + phrase.length;
  const next = masked[end];
  const before = masked[start - 1];
  const asTitle = [...phrase, next ?? ''].filter((w) => w !== '');
  const titleMatch = next !== undefined && anyTitleMatches(queryWords(asTitle), ctx.titles, match);
  const noun =
    next !== undefined &&
    !STOP_WORDS.has(next) &&
    !DATE_NOUNS.has(next) &&
    !/^(w?\d|x$)/.test(next) &&
    !WEEKDAY_WORDS.includes(next);
  const datePreposition = before !== undefined && DATE_PREPOSITIONS.has(before);
  if (noun && (titleMatch || !datePreposition)) {
    for (let i = start; i < end; i += 1) masked[i] = `w${i}`;
  }
}

/** Reads a free-day search ("when's our next free saturday"), or null when the words left name no search. */
function freeSearch(
  text: string,
  masked: readonly string[],
  mentions: readonly Mention[],
  ctx: IntentContext,
): Intent | null {
  const words = text.split(' ');
  const weekdays = new Set(
    words.map((w) => WEEKDAY_WORDS.indexOf(w.replace(/s$/, ''))).filter((i) => i >= 0),
  );
  if (weekdays.size > 1) return null;
  const weekday = weekdays.size === 1 ? ([...weekdays][0] ?? null) : null;
  const part = dayPartIn(text.replace(/\b(evening|night|morning|afternoon)s\b/g, '$1'));
  const weekend = /\bweekends?\b/.test(text) && !/\b(this|next|last|coming) weekend\b/.test(text);
  // What is left once the target is out names the days to search ("in december", "next week").
  const rest = masked.join(' ').replace(SEARCH_TARGET, ' ').replace(/\s+/g, ' ').trim();
  const when = parseWhen(rest, ctx.now, { region: ctx.region });
  if (when.unclear) return { kind: 'unclear_day' };
  // "when is Sam free tomorrow" asks about one day: the free/busy answer, not a search.
  if (when.range && when.range.from === when.range.to && weekday === null && !weekend) return null;
  const named = mentions.find((m) => !m.pronoun)?.memberId ?? null;
  const family = words.some((w) => PRONOUNS_FAMILY.has(w));
  const asker = mentions.some((m) => m.pronoun);
  const memberId = named ?? (asker && !family ? ctx.askerId : null);
  return {
    kind: 'free_search',
    memberId,
    weekday,
    part,
    weekend,
    range: when.range,
    yesNo: /^(do|does|is|are|have|has|any|can)\b/.test(text),
  };
}
