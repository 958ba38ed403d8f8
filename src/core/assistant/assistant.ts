import { composeAnswer } from './answer.ts';
import type { FamilyData } from './family-data.ts';
import { parseIntent } from './intent.ts';
import { wordsMatch } from './normalize.ts';

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
 * The built-in assistant: intent and date parsing (chrono-node) over the question, then an answer composed
 * from `data` only. Pure and deterministic.
 */
export const deterministicAssistant: ScheduleAssistant = {
  answer(question, data) {
    const titles = [...new Set(data.events.map((e) => e.title))];
    const intent = parseIntent(
      question,
      { now: data.now, askerId: data.askerId, members: data.members, titles },
      wordsMatch,
    );
    return composeAnswer(intent, data, wordsMatch);
  },
};
