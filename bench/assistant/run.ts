/**
 * Scores the assistant on the in-repo message corpus (test/assistant/corpus/cases.ts) and prints the
 * score, the two zero-tolerance counts, each miss, and how long answering took.
 * Run: npm run bench:assistant
 */
import { performance } from 'node:perf_hooks';
import { CORPUS } from '../../test/assistant/corpus/cases.ts';
import { HELDOUT } from '../../test/assistant/corpus/heldout.ts';
import { scoreCorpus } from '../../test/assistant/corpus/score.ts';

const started = performance.now();
const result = scoreCorpus(CORPUS);
const ms = performance.now() - started;

const byIntent = new Map<string, { total: number; passed: number }>();
for (const r of result.results) {
  const entry = byIntent.get(r.case.intent) ?? { total: 0, passed: 0 };
  entry.total += 1;
  if (r.problems.length === 0) entry.passed += 1;
  byIntent.set(r.case.intent, entry);
}

for (const r of result.results.filter((x) => x.problems.length > 0)) {
  console.log(`MISS [${r.case.family}/${r.case.asker} @ ${r.case.at}] "${r.case.text}"`);
  console.log(`     ${r.problems.join('; ')}`);
  console.log(`     reply: ${r.reply}`);
}
console.log('');
for (const [intent, { total, passed }] of [...byIntent].sort()) {
  console.log(`${intent.padEnd(14)} ${passed}/${total}`);
}
console.log('');
console.log(`corpus messages:               ${result.total}`);
console.log(
  `exact intent + right day:      ${result.passed}/${result.total} (${(result.score * 100).toFixed(1)}%)`,
);
const heldOut = new Set<unknown>(HELDOUT);
const round5 = result.results.filter((r) => heldOut.has(r.case));
console.log(
  `  of them round 5 (held-out):  ${round5.filter((r) => r.problems.length === 0).length}/${round5.length}`,
);
console.log(`wrong day without saying so:   ${result.wrongDaySilently}`);
console.log(`commands answered as listing:  ${result.commandsListed}`);
console.log(
  `time (parse + answer, twice):  ${ms.toFixed(0)} ms total, ${(ms / result.total).toFixed(2)} ms per message`,
);
