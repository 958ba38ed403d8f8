import type { CorpusFamilyName } from './families.ts';

/**
 * The message corpus of issue 28: texts written the way parents text (typos, slang, numeric dates in the
 * family's order, holidays, yes/no questions, tasks, requests, commands), each with its expected answer,
 * written before the code that answers them. Families and their calendars are in families.ts.
 *
 * A case is right when the intent is the expected one, the day asked about is the expected one (when given),
 * and the reply's first SMS starts with `starts`, and the reply (every SMS of it: the first, then what each "Reply
 * MORE" brings) contains every `says` and none of `not`.
 */
export interface CorpusCase {
  family: CorpusFamilyName;
  /** Local "now" in the family's zone. */
  at: string;
  /** First name (lowercase) of the member who texts. */
  asker: string;
  text: string;
  /** The expected intent kind (see intent.ts). */
  intent: string;
  /**
   * The first day the question asks about (`YYYY-MM-DD`); null: the question names no day; undefined: not
   * scored.
   */
  day?: string | null;
  starts?: string;
  says?: string[];
  not?: string[];
}

/** What a case expects, beside who asks what and when. */
export type CaseExpectation = Omit<CorpusCase, 'family' | 'at' | 'asker' | 'text'>;

/**
 * A writer of cases into `into`: one expected answer for several ways of texting the same question.
 * @returns `ask(family, at, asker, texts, expect)`.
 */
export function caseWriter(into: CorpusCase[]) {
  return (family: CorpusFamilyName, at: string, asker: string, texts: string[], expect: CaseExpectation) => {
    for (const text of texts) into.push({ family, at, asker, text, ...expect });
  };
}
