/**
 * Scores the assistant on the in-repo message corpus (test/assistant/corpus/cases.ts) and prints the
 * score, the zero-tolerance counts (wrong day, commands listed, replies over 2 SMS segments or not GSM-7 where
 * the content allows), each miss, the held-out parts on their own, and how long answering took (median per
 * message: issue 43 asks for at most 50 ms). Misses of the held-out parts are counted, not shown, unless
 * `-- --show-held-out`. Then the command corpus (issue 43 item 2): texts that change the calendar read into the
 * right confirmation, its tuning and held-out parts.
 * Run: npm run bench:assistant
 */
import { performance } from 'node:perf_hooks';
import { CORPUS, ROUND_7, ROUND_8 } from '../../test/assistant/corpus/cases.ts';
import { scoreCommands } from '../../test/assistant/corpus/command-case.ts';
import { COMMAND_CASES } from '../../test/assistant/corpus/command-cases.ts';
import { COMMAND_HELDOUT } from '../../test/assistant/corpus/command-heldout.ts';
import { HELDOUT } from '../../test/assistant/corpus/heldout.ts';
import { HELDOUT_43 } from '../../test/assistant/corpus/heldout-43.ts';
import { HELDOUT_43B } from '../../test/assistant/corpus/heldout-43b.ts';
import { HELDOUT_43C } from '../../test/assistant/corpus/heldout-43c.ts';
import { type CaseResult, runCase, scoreCorpus } from '../../test/assistant/corpus/score.ts';
import { UNDERSTANDING } from '../../test/assistant/corpus/understanding.ts';

const result = scoreCorpus(CORPUS);

const byIntent = new Map<string, { total: number; passed: number }>();
for (const r of result.results) {
  const entry = byIntent.get(r.case.intent) ?? { total: 0, passed: 0 };
  entry.total += 1;
  if (r.problems.length === 0) entry.passed += 1;
  byIntent.set(r.case.intent, entry);
}

// The held-out parts are scored, not read: their misses are counted below, and shown only when asked
// (`npm run bench:assistant -- --show-held-out`), so that tuning works from the other rounds.
const showHeldOut = process.argv.includes('--show-held-out');
const heldOutCases = new Set<unknown>([...HELDOUT, ...HELDOUT_43, ...HELDOUT_43B, ...HELDOUT_43C]);
for (const r of result.results.filter(
  (x) => x.problems.length > 0 && (showHeldOut || !heldOutCases.has(x.case)),
)) {
  console.log(`MISS [${r.case.family}/${r.case.asker} @ ${r.case.at}] "${r.case.text}"`);
  console.log(`     ${r.problems.join('; ')}`);
  console.log(`     reply: ${r.reply}`);
}
console.log('');
for (const [intent, { total, passed }] of [...byIntent].sort()) {
  console.log(`${intent.padEnd(14)} ${passed}/${total}`);
}

const part = (cases: readonly unknown[]) => {
  const set = new Set(cases);
  const rs = result.results.filter((r) => set.has(r.case));
  return `${rs.filter((r) => r.problems.length === 0).length}/${rs.length}`;
};
const count = (test: (r: CaseResult) => boolean) => result.results.filter(test).length;

// Latency: each message timed on its own (parse + answer + segment check), the median reported.
const times = CORPUS.map((c) => {
  const started = performance.now();
  runCase(c);
  return performance.now() - started;
}).sort((x, y) => x - y);
const median = times[Math.floor(times.length / 2)] ?? 0;

console.log('');
console.log(`corpus messages:               ${result.total}`);
console.log(
  `exact intent + right day:      ${result.passed}/${result.total} (${(result.score * 100).toFixed(1)}%)`,
);
console.log(`  round 5 (held-out):          ${part(HELDOUT)}`);
console.log(`  round 6 (issue 43, tuning):  ${part(UNDERSTANDING)}`);
console.log(`  round 6 (held-out):          ${part(HELDOUT_43)}`);
console.log(`  round 7 (issue 43, tuning):  ${part(ROUND_7)}`);
console.log(`  round 7 (held-out):          ${part(HELDOUT_43B)}`);
console.log(`  round 8 (issue 43, tuning):  ${part(ROUND_8)}`);
console.log(`  round 8 (held-out, tuned on): ${part(HELDOUT_43C)}`);
console.log(`wrong day without saying so:   ${result.wrongDaySilently}`);
console.log(`commands answered as listing:  ${result.commandsListed}`);
console.log(`replies over 2 segments:       ${count((r) => r.segments > 2)}`);
console.log(`replies UCS-2 needlessly:      ${count((r) => r.needlessUcs2)}`);
console.log(
  `time (parse + answer):         median ${median.toFixed(2)} ms, slowest ${(times[times.length - 1] ?? 0).toFixed(1)} ms per message`,
);

// Issue 43 item 2: commands read into the right confirmation (held-out misses counted, not shown).
const commandsTuning = scoreCommands(COMMAND_CASES);
const commandsHeldOut = scoreCommands(COMMAND_HELDOUT);
const commandsPassed = commandsTuning.passed + commandsHeldOut.passed;
const commandsTotal = COMMAND_CASES.length + COMMAND_HELDOUT.length;
for (const miss of [...commandsTuning.misses, ...(showHeldOut ? commandsHeldOut.misses : [])]) {
  console.log(`COMMAND MISS ${miss}`);
}
console.log(
  `commands, right confirmation:  ${commandsPassed}/${commandsTotal} (${((commandsPassed / commandsTotal) * 100).toFixed(1)}%)`,
);
console.log(`  tuning:                      ${commandsTuning.passed}/${COMMAND_CASES.length}`);
console.log(`  held-out:                    ${commandsHeldOut.passed}/${COMMAND_HELDOUT.length}`);
