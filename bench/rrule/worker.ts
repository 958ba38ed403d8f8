import { loadLibraries, type RuleInput } from './libraries.ts';

/**
 * Child process of bench/rrule/run.ts: expands one rule with one library per IPC message and answers
 * `{ id, walls }` or `{ id, error }`. Run with a heap limit, so that a library that runs away (ical.js on DAILY
 * with a negative BYMONTHDAY) kills this process, not the bench; run.ts restarts it. (A worker thread's
 * `resourceLimits` do not contain that one: V8 aborts the whole process.)
 */
export interface WorkRequest {
  id: number;
  library: string;
  input: RuleInput;
  from: string;
  to: string;
}

export type WorkAnswer = { id: number; walls: string[] } | { id: number; error: string };

const { libraries } = await loadLibraries();
const byName = new Map(libraries.map((l) => [l.name, l]));

process.on('message', (request: WorkRequest) => {
  let answer: WorkAnswer;
  try {
    const library = byName.get(request.library);
    if (!library) throw new Error(`unknown library ${request.library}`);
    answer = { id: request.id, walls: library.expand(request.input, request.from, request.to) };
  } catch (error) {
    answer = { id: request.id, error: error instanceof Error ? error.message : String(error) };
  }
  process.send?.(answer);
});
process.send?.({ ready: true });
