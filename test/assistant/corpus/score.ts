import { understand, deterministicAssistant } from '../../../src/core/assistant/assistant.ts';
import { smsPages, toGsm7 } from '../../../src/core/assistant/format.ts';
import { countSmsSegments, smsEncoding } from '../../../src/core/notifications/sms-segments.ts';
import { formatDate, relativeDay } from '../../../src/core/assistant/format.ts';
import { intentDay } from '../../../src/core/assistant/intent.ts';
import { localDateOf } from '../../../src/core/time/local-time.ts';
import type { CorpusCase } from './cases.ts';
import { corpusFamilyData } from './families.ts';

/** How one corpus case went. */
export interface CaseResult {
  case: CorpusCase;
  /** The first SMS of the reply (what the texter gets before any "Reply MORE"). */
  reply: string;
  /** Every SMS of the reply: the first, then what each MORE brings. */
  pages: string[];
  /** The most segments any of those SMS takes (3GPP TS 23.040 concatenation; at most 2 allowed). */
  segments: number;
  /** Some SMS of the reply is UCS-2 although its content fits GSM-7 (3GPP TS 23.038) once made plain. */
  needlessUcs2: boolean;
  /** The intent kind the assistant read. */
  intent: string;
  /** The first day it read the question as asking about, or null. */
  day: string | null;
  /** Empty when the case is right. */
  problems: string[];
  /** The reply is about another day than the one asked, and does not say so. */
  wrongDaySilently: boolean;
  /** A command was answered with something other than a refusal (a listing that reads as success). */
  commandListed: boolean;
}

/** The corpus' score: exact intent, right day, and the expected reply wording. */
export interface CorpusScore {
  results: CaseResult[];
  total: number;
  passed: number;
  /** passed / total, 0..1. */
  score: number;
  wrongDaySilently: number;
  commandsListed: number;
}

/** True when `reply` names `date` (its 'Tue Dec 1' form, or 'today' / 'tonight' / 'tomorrow' relative to `now`). */
function mentionsDay(reply: string, date: string, now: string): boolean {
  if (reply.includes(formatDate(date))) return true;
  const rel = relativeDay(date, localDateOf(now));
  if (rel === 'today') return /\b(today|tonight|this (morning|afternoon|evening))\b/i.test(reply);
  if (rel === 'tomorrow') return /\btomorrow\b/i.test(reply);
  return false;
}

/** Asks one case's question of its family and checks the answer (see CorpusCase for what "right" means). */
export function runCase(c: CorpusCase): CaseResult {
  const data = corpusFamilyData(c.family, c.asker, c.at);
  const intent = understand(c.text, data);
  const pages = smsPages(deterministicAssistant.answer(c.text, data));
  const reply = pages[0] ?? '';
  const segments = Math.max(...pages.map((p) => countSmsSegments(p).segments));
  const needlessUcs2 = pages.some(
    (p) => smsEncoding(p) === 'UCS-2' && smsEncoding(toGsm7(p).text) === 'GSM-7',
  );
  const day = intentDay(intent);
  const problems: string[] = [];
  if (intent.kind !== c.intent) problems.push(`intent ${intent.kind}, expected ${c.intent}`);
  if (c.day !== undefined && day !== c.day) problems.push(`day ${day}, expected ${c.day}`);
  if (c.starts !== undefined && !reply.startsWith(c.starts))
    problems.push(`does not start with "${c.starts}"`);
  // What the texter reads: the first SMS, then what each MORE brings.
  const whole = pages.join(' ');
  for (const s of c.says ?? []) if (!whole.includes(s)) problems.push(`does not say "${s}"`);
  for (const s of c.not ?? []) if (whole.includes(s)) problems.push(`says "${s}"`);
  const expectedDay = c.day ?? null;
  const wrongDaySilently =
    (expectedDay !== null && day !== null && day !== expectedDay && !mentionsDay(reply, expectedDay, c.at)) ||
    (c.intent === 'unclear_day' && intent.kind !== 'unclear_day' && day !== null);
  const commandListed = c.intent === 'command' && intent.kind !== 'command';
  return {
    case: c,
    reply,
    pages,
    segments,
    needlessUcs2,
    intent: intent.kind,
    day,
    problems,
    wrongDaySilently,
    commandListed,
  };
}

/** Runs every case and totals the score. */
export function scoreCorpus(cases: readonly CorpusCase[]): CorpusScore {
  const results = cases.map(runCase);
  const passed = results.filter((r) => r.problems.length === 0).length;
  return {
    results,
    total: results.length,
    passed,
    score: results.length === 0 ? 0 : passed / results.length,
    wrongDaySilently: results.filter((r) => r.wrongDaySilently).length,
    commandsListed: results.filter((r) => r.commandListed).length,
  };
}
