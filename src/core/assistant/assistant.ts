import { composeAnswer } from './answer.ts';
import type { FamilyData } from './family-data.ts';
import { toGsm7 } from './format.ts';
import { type Intent, intentRange, parseIntent } from './intent.ts';
import { familyMatcher, normalizeQuestion } from './normalize.ts';
import type { WordMatcher } from './relevance.ts';
import { regionOf } from './date-order.ts';

/**
 * Answers one texted question from one family's data. This is the seam for another back end (issue 9: an
 * optional large-language-model answerer may sit behind the same interface later); the default is the
 * deterministic one below, which works offline.
 */
export interface ScheduleAssistant {
  /**
   * The whole reply to `question`, asked by `data.askerId`, in GSM-7 wherever its content allows (`toGsm7`).
   * It may be longer than one SMS: the sender splits it with `smsPages` and keeps the rest for "Reply MORE".
   */
  answer(question: string, data: FamilyData): string;
}

/**
 * What the built-in assistant reads `question` as, for `data` (its members, titles, "now" and region from the
 * family's time zone). Pure and deterministic.
 */
export function understand(question: string, data: FamilyData): Intent {
  return understandEach(question, data, matcherFor(data))[0];
}

/**
 * Where a text asks a second question ("whats on tmrw and who's driving", "is soccer on friday? who's taking
 * her"): before a question word that follows "and", "also", "?", "," or ";".
 */
const SECOND_QUESTION =
  /(?:\s+(?:and|also|plus)\s+|\s*[?,;]+\s*(?:and\s+|also\s+)?)(?=(?:who|who's|whos|what|what's|whats|wat|wats|when|when's|whens|where|where's|wheres|is|are|does|do|did|has|any)\b)/i;

/**
 * The intents of a text: one, or two when it asks two questions that each read as something other than help.
 * The second borrows the first one's days when it names none ("… tomorrow, and who's driving").
 */
function understandEach(question: string, data: FamilyData, match: WordMatcher): [Intent] | [Intent, Intent] {
  const whole = parseOne(question, data, match);
  const cut = SECOND_QUESTION.exec(question);
  if (!cut || cut.index === 0) return [whole];
  const first = parseOne(question.slice(0, cut.index), data, match);
  const second = parseOne(question.slice(cut.index + cut[0].length), data, match);
  // "when is date night and where", "who picks up max and what time": one question with a follow-up word.
  const unnamed = second.kind === 'help' || second.kind === 'whats_next';
  if (first.kind === 'help' || first.kind === 'command' || unnamed) return [whole];
  const days = intentRange(first);
  if (days && (second.kind === 'transport' || second.kind === 'event_check') && second.range === null) {
    return [first, { ...second, range: days }];
  }
  return [first, second];
}

/** The family's own vocabulary: every word of its titles, places and first names. */
function matcherFor(data: FamilyData): WordMatcher {
  const texts = [
    ...data.events.flatMap((e) => [e.title, e.location ?? '']),
    ...data.tasks.map((t) => t.title),
    ...data.activities.flatMap((a) => [a.title, a.location ?? '']),
    ...data.members.map((m) => m.name),
  ];
  return familyMatcher(
    new Set(texts.flatMap((t) => normalizeQuestion(t).split(' ')).filter((w) => w !== '')),
  );
}

function parseOne(question: string, data: FamilyData, match: WordMatcher): Intent {
  return parseIntent(
    question,
    {
      now: data.now,
      askerId: data.askerId,
      members: data.members,
      titles: [...new Set(data.events.map((e) => e.title))],
      taskTitles: [...new Set(data.tasks.filter((t) => t.transport === null).map((t) => t.title))],
      activityTitles: [...new Set(data.activities.map((a) => a.title))],
      region: regionOf(data.timeZone),
    },
    match,
  );
}

/** Said after a reply whose titles had emoji, which SMS in GSM-7 cannot carry. */
export const EMOJI_NOTE = '(emoji left out)';

/**
 * The built-in assistant: intent and date parsing (chrono-node, date-holidays, edit distance) over the
 * question, then an answer composed from `data` only (both answers when the text asks two questions), made
 * GSM-7 (curly quotes and dashes plain, emoji dropped with EMOJI_NOTE). Pure and deterministic.
 */
export const deterministicAssistant: ScheduleAssistant = {
  answer(question, data) {
    const match = matcherFor(data);
    const replies = understandEach(question, data, match).map((intent) => composeAnswer(intent, data, match));
    const plain = toGsm7(replies.join(' '));
    return plain.dropped ? `${plain.text} ${EMOJI_NOTE}` : plain.text;
  },
};
