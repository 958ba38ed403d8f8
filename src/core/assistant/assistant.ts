import { composeAnswer } from './answer.ts';
import type { FamilyData } from './family-data.ts';
import { type Intent, parseIntent } from './intent.ts';
import { wordsMatch } from './normalize.ts';
import { regionOf } from './region.ts';

/**
 * Answers one texted question from one family's data. This is the seam for another back end (issue 9: an
 * optional large-language-model answerer may sit behind the same interface later); the default is the
 * deterministic one below, which works offline.
 */
export interface ScheduleAssistant {
  /** The reply text (at most 3 SMS segments) to `question`, asked by `data.askerId`. */
  answer(question: string, data: FamilyData): string;
}

/**
 * What the built-in assistant reads `question` as, for `data` (its members, titles, "now" and region from the
 * family's time zone). Pure and deterministic.
 */
export function understand(question: string, data: FamilyData): Intent {
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
    wordsMatch,
  );
}

/**
 * The built-in assistant: intent and date parsing (chrono-node, date-holidays, edit distance) over the
 * question, then an answer composed from `data` only. Pure and deterministic.
 */
export const deterministicAssistant: ScheduleAssistant = {
  answer(question, data) {
    return composeAnswer(understand(question, data), data, wordsMatch);
  },
};
