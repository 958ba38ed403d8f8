import { randomBytes } from 'node:crypto';
import { CHANGE_KINDS, type ChangeKind } from '../../core/contracts/live.ts';
import type { Database } from '../db/client.ts';

/** The NOTIFY channel the triggers of migration 0014 publish on. */
export const CHANGES_CHANNEL = 'familyhub_changes';

/** How many recent changes (all families) a process keeps to replay to a stream that reconnects. */
const REPLAY_BUFFER = 2_048;

/** What a stream is sent: one family's change, or "you may have missed some: refetch everything". */
export type FeedEvent =
  | { type: 'change'; /** `<process>.<sequence>`, the SSE id. */ id: string; kind: ChangeKind; rowId: number }
  | { type: 'resync' };

interface Change {
  seq: number;
  family: number;
  kind: ChangeKind;
  rowId: number;
}

/** This process's live-update hub: one LISTEN connection, any number of family streams. */
export interface ChangeFeed {
  /**
   * Calls `listener` with every change of `familyId` committed from now on (and a `resync` when the LISTEN
   * connection had to be re-established). Returns the unsubscribe function.
   */
  subscribe(familyId: number, listener: (event: FeedEvent) => void): () => void;
  /**
   * Calls `listener` with every family's changes committed from now on (and `resync` after a reconnection),
   * for the server's own loops (the outbox dispatcher wakes on `message` changes), never for a stream: a
   * stream sees one family's. Returns the unsubscribe function.
   */
  subscribeAll(listener: (event: FeedEvent) => void): () => void;
  /**
   * The changes of `familyId` a stream that last saw `lastEventId` (its `Last-Event-ID`) has missed, or
   * `[{ type: 'resync' }]` when this process cannot tell (an id of another process or of a previous run, one
   * older than the replay buffer or than the last reconnection, or garbage). No id: nothing missed.
   */
  missedSince(familyId: number, lastEventId: string | undefined): FeedEvent[];
  /** The id of the latest change this process has seen (`<process>.<sequence>`): a new stream's resume point. */
  position(): string;
  /** How many streams are subscribed (for the bench and logs). */
  readonly size: number;
  /** Stops listening; subscribers get nothing more. */
  close(): Promise<void>;
}

/**
 * Starts listening on `CHANGES_CHANNEL` and returns the feed. Event ids are this process's own sequence,
 * prefixed with a random tag per run, so an id from another process (behind a load balancer) or from before
 * a restart is recognised as foreign and answered with a resync instead of a wrong replay. A message that does
 * not parse, or has an unknown kind, is dropped.
 *
 * @throws whatever `database.listen` throws (the database is unreachable at start).
 */
export async function startChangeFeed(database: Pick<Database, 'listen'>): Promise<ChangeFeed> {
  const tag = randomBytes(4).toString('hex');
  const listeners = new Map<number, Set<(event: FeedEvent) => void>>();
  const everyFamily = new Set<(event: FeedEvent) => void>();
  const recent: Change[] = [];
  let seq = 0;
  /** Changes up to this sequence number may have been missed (the LISTEN connection was down). */
  let gapAt = 0;
  let connections = 0;

  const broadcast = (event: FeedEvent) => {
    for (const set of listeners.values()) for (const listener of set) listener(event);
    for (const listener of everyFamily) listener(event);
  };
  const onPayload = (payload: string) => {
    const change = parseChange(payload);
    if (!change) return;
    seq += 1;
    const entry: Change = { seq, ...change };
    recent.push(entry);
    if (recent.length > REPLAY_BUFFER) recent.shift();
    const event = toEvent(tag, entry);
    for (const listener of listeners.get(entry.family) ?? []) listener(event);
    for (const listener of everyFamily) listener(event);
  };
  const onConnected = () => {
    connections += 1;
    if (connections === 1) return;
    gapAt = seq;
    recent.length = 0;
    broadcast({ type: 'resync' });
  };
  const stop = await database.listen(CHANGES_CHANNEL, onPayload, onConnected);

  return {
    subscribe(familyId, listener) {
      let set = listeners.get(familyId);
      if (!set) listeners.set(familyId, (set = new Set()));
      set.add(listener);
      return () => {
        set.delete(listener);
        if (set.size === 0 && listeners.get(familyId) === set) listeners.delete(familyId);
      };
    },
    subscribeAll(listener) {
      everyFamily.add(listener);
      return () => everyFamily.delete(listener);
    },
    missedSince(familyId, lastEventId) {
      if (lastEventId === undefined || lastEventId === '') return [];
      const match = /^([0-9a-f]{8})\.([0-9]{1,15})$/.exec(lastEventId);
      const last = match?.[1] === tag ? Number(match[2]) : NaN;
      if (!Number.isSafeInteger(last) || last > seq || (gapAt > 0 && last <= gapAt))
        return [{ type: 'resync' }];
      const oldest = recent[0]?.seq ?? seq + 1;
      if (last + 1 < oldest) return [{ type: 'resync' }];
      return recent.filter((c) => c.seq > last && c.family === familyId).map((c) => toEvent(tag, c));
    },
    position: () => `${tag}.${seq}`,
    get size() {
      let total = 0;
      for (const set of listeners.values()) total += set.size;
      return total;
    },
    async close() {
      listeners.clear();
      everyFamily.clear();
      await stop();
    },
  };
}

function toEvent(tag: string, change: Change): FeedEvent {
  return { type: 'change', id: `${tag}.${change.seq}`, kind: change.kind, rowId: change.rowId };
}

const KINDS = new Set<string>(CHANGE_KINDS);

/** `{"kind","id","family"}` as the trigger writes it, or null. */
function parseChange(payload: string): Omit<Change, 'seq'> | null {
  try {
    const value = JSON.parse(payload) as { kind?: unknown; id?: unknown; family?: unknown };
    const { kind, id, family } = value;
    if (typeof kind !== 'string' || !KINDS.has(kind)) return null;
    if (!Number.isSafeInteger(id) || !Number.isSafeInteger(family)) return null;
    return { kind: kind as ChangeKind, rowId: id as number, family: family as number };
  } catch {
    return null;
  }
}
