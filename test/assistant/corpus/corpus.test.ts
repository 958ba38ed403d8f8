import { describe, expect, it } from 'vitest';
import { countSmsSegments, smsEncoding } from '../../../src/core/notifications/sms-segments.ts';
import { HELDOUT_43 } from './heldout-43.ts';
import { HELDOUT_43B } from './heldout-43b.ts';
import { CORPUS } from './cases.ts';
import { scoreCorpus } from './score.ts';

/**
 * Issue 28's acceptance, on the in-repo corpus (cases.ts): at least 95% of the messages get the exact intent,
 * the right day and the expected wording; no reply answers another day than asked without saying so; no
 * command is answered with a listing. `npm run bench:assistant` prints the same score and every miss.
 */
describe('the texted-message corpus (issue 28)', () => {
  const result = scoreCorpus(CORPUS);
  const misses = result.results
    .filter((r) => r.problems.length > 0)
    .map((r) => `${r.case.family} ${r.case.asker}: "${r.case.text}" → ${r.problems.join('; ')} | ${r.reply}`);

  it('has at least 300 messages over several families and zones', () => {
    expect(CORPUS.length).toBeGreaterThanOrEqual(300);
    expect(new Set(CORPUS.map((c) => c.family)).size).toBeGreaterThanOrEqual(4);
  });

  it('scores at least 95% exact-intent, right-day answers', () => {
    expect(result.score, misses.join('\n')).toBeGreaterThanOrEqual(0.95);
  });

  it('never answers a different day than asked without saying so', () => {
    const wrong = result.results.filter((r) => r.wrongDaySilently).map((r) => `${r.case.text} → ${r.reply}`);
    expect(wrong).toEqual([]);
  });

  it('never answers a command with a listing', () => {
    const listed = result.results.filter((r) => r.commandListed).map((r) => `${r.case.text} → ${r.reply}`);
    expect(listed).toEqual([]);
  });

  // Issue 43. An SMS segment (3GPP TS 23.040 §9.2.3.24.1, concatenation): 160 GSM-7 septets alone, 153 each
  // when concatenated (the user-data header takes 6 octets); UCS-2 70 / 67 characters. Every SMS of every reply
  // (the first, and each a "Reply MORE" brings) is at most 2 segments.
  it('sends every reply in SMS of at most 2 segments, the rest after "Reply MORE"', () => {
    const long = result.results
      .filter((r) => r.pages.some((p) => countSmsSegments(p).segments > 2))
      .map((r) => r.case.text);
    expect(long).toEqual([]);
    const cut = result.results.filter((r) => r.pages.length > 1);
    expect(cut.length).toBeGreaterThan(0);
    for (const r of cut) {
      for (const p of r.pages.slice(0, -1)) expect(p, r.case.text).toMatch(/Reply MORE/);
    }
  });

  // Issue 43, 3GPP TS 23.038 §6.2.1: one character outside the GSM-7 default alphabet and its extension table
  // turns the whole SMS into UCS-2. Titles with curly apostrophes, dashes and emoji are in the corpus.
  it('sends every SMS in GSM-7, since no corpus title needs more (emoji dropped with a note)', () => {
    const ucs2 = result.results
      .filter((r) => r.pages.some((p) => smsEncoding(p) !== 'GSM-7'))
      .map((r) => `${r.case.text} → ${r.reply}`);
    expect(ucs2).toEqual([]);
    const withEmoji = result.results.filter((r) => r.reply.includes('(emoji left out)'));
    expect(withEmoji.length).toBeGreaterThan(0);
  });

  // Issue 43's held-out parts, each on its own: round 6 (heldout-43.ts) and round 7 (heldout-43b.ts), written
  // before the code they measure changed and never read while tuning.
  it.each([
    ['round 6', HELDOUT_43, 0.8],
    ['round 7', HELDOUT_43B, 0.95],
  ] as const)('scores the held-out part of %s (issue 43) at least its bound on its own', (_, part, bound) => {
    const heldOut = new Set<unknown>(part);
    const rs = result.results.filter((r) => heldOut.has(r.case));
    expect(rs.length).toBe(part.length);
    expect(rs.filter((r) => r.problems.length === 0).length / rs.length).toBeGreaterThanOrEqual(bound);
  });
});
