import { setImmediate, setTimeout } from 'node:timers/promises';
import { type ParsedIcs, readIcs } from '../../core/ics/import.ts';
import type { IcsMember } from '../../core/ics/model.ts';
import { WorkBudget } from '../../core/recurrence/rule.ts';
import { HttpError } from '../http/errors.ts';

/**
 * How the server reads an .ics text without stalling anyone else (issue 39). One bounded reader for every
 * writer: the import today, CalDAV's PUT next.
 *
 * - **Per request:** one `WorkBudget` shared by all the text's events (`READ_STEPS` occurrences stepped through,
 *   `READ_MS` of reading); once spent, the events not yet read are skipped with a reason.
 * - **Slices:** the reader pauses after each event; after `SLICE_MS` of work the loop gets `PAUSE_MS` to itself,
 *   so another family's request waits at most about one slice (bench/import prints the worst wait).
 * - **Per process:** one text is read at a time (`IcsReadQueue`); at most `QUEUE_LENGTH` wait, and more are
 *   answered 503 with Retry-After rather than held in memory.
 */

/** Occurrences (and events) one request may step through: ~40 times a 300-event batch of weekly series' month. */
const READ_STEPS = 2_000_000;
/** Wall time one request's reading may take, pauses included. */
const READ_MS = 1_000;
/** Work between pauses, in milliseconds. */
const SLICE_MS = 8;
/** The loop's own time after each slice: enough for other requests' I/O callbacks to run. */
const PAUSE_MS = 1;
/** Texts waiting for the reader, per process. */
const QUEUE_LENGTH = 16;

/** When a refused import may try again (Retry-After), in seconds: about what the waiting texts take. */
const BUSY_RETRY_SECONDS = 30;

/** The 503 message when too many imports wait for the reader. */
export const READER_BUSY_MESSAGE = 'Many calendars are being imported right now. Try again in a minute.';

/**
 * One reader per process: `run` calls wait their turn in order. A full queue refuses at once.
 */
export class IcsReadQueue {
  private tail: Promise<unknown> = Promise.resolve();
  private waiting = 0;

  constructor(private readonly capacity = QUEUE_LENGTH) {}

  /**
   * Runs `fn` once every earlier call has finished.
   * @throws HttpError 503 `unavailable` with Retry-After when `capacity` calls already wait.
   */
  async run<T>(fn: () => Promise<T>): Promise<T> {
    if (this.waiting >= this.capacity)
      throw new HttpError(503, 'unavailable', READER_BUSY_MESSAGE, undefined, BUSY_RETRY_SECONDS);
    this.waiting++;
    const turn = this.tail.then(
      () => {
        this.waiting--;
        return fn();
      },
      () => {
        this.waiting--;
        return fn();
      },
    );
    this.tail = turn.catch(() => undefined);
    return turn;
  }
}

/**
 * Reads an .ics text (src/core/ics/import.ts `readIcs`) in slices under this request's work budget.
 * @param familyZone the family's IANA zone; @param members its members (for CN matching).
 * @returns the parsed events, skipped events with reasons, and repair warnings.
 * @throws IcsFormatError when the text is not iCalendar at all.
 */
export async function readIcsInSlices(
  text: string,
  familyZone: string,
  members: readonly IcsMember[],
): Promise<ParsedIcs> {
  const reader = readIcs(
    text,
    familyZone,
    members,
    new WorkBudget(READ_STEPS, READ_MS, () => performance.now()),
  );
  let sliceStart = performance.now();
  for (;;) {
    const step = reader.next();
    if (step.done) return step.value;
    if (performance.now() - sliceStart >= SLICE_MS) {
      await setTimeout(PAUSE_MS);
      await setImmediate();
      sliceStart = performance.now();
    }
  }
}
