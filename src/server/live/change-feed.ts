import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import { CHANGE_KINDS, type ChangeKind } from '../../core/contracts/live.ts';
import type { ChangeFeed, FeedEvent } from '../context.ts';
import type { Database } from '../db/client.ts';

/** The NOTIFY channel the triggers of migration 0014 publish on. */
export const CHANGES_CHANNEL = 'familyhub_changes';

/** How many recent changes (all families) a process keeps to replay to a stream that reconnects. */
const REPLAY_BUFFER = 2_048;

interface Change {
  seq: number;
  family: number;
  kind: ChangeKind;
  rowId: number;
}

/**
 * Starts listening on `CHANGES_CHANNEL` and returns the feed. Event ids are this process's own sequence,
 * prefixed with a random tag per run, so an id from another process (behind a load balancer) or from before
 * a restart is recognised as foreign and answered with a resync instead of a wrong replay. The sequence counts
 * every family's changes, so it is sealed (`sealSequence`, a key per run): a family sees ids it cannot order or
 * subtract, and learns nothing of other families' writes from them (issue 42). A message that does not parse,
 * or has an unknown kind, is dropped.
 *
 * @throws whatever `database.listen` throws (the database is unreachable at start).
 */
export async function startChangeFeed(database: Pick<Database, 'listen'>): Promise<ChangeFeed> {
  const tag = randomBytes(4).toString('hex');
  const key = randomBytes(16);
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
    const event = toEvent(tag, key, entry);
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
      const match = /^([0-9a-f]{8})\.([0-9a-f]{32})$/.exec(lastEventId);
      const last = match?.[1] === tag && match[2] !== undefined ? openSequence(key, match[2]) : NaN;
      if (!Number.isSafeInteger(last) || last > seq || (gapAt > 0 && last <= gapAt))
        return [{ type: 'resync' }];
      const oldest = recent[0]?.seq ?? seq + 1;
      if (last + 1 < oldest) return [{ type: 'resync' }];
      return recent.filter((c) => c.seq > last && c.family === familyId).map((c) => toEvent(tag, key, c));
    },
    position: () => `${tag}.${sealSequence(key, seq)}`,
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

function toEvent(tag: string, key: Buffer, change: Change): FeedEvent {
  return {
    type: 'change',
    id: `${tag}.${sealSequence(key, change.seq)}`,
    kind: change.kind,
    rowId: change.rowId,
  };
}

/**
 * `seq` (a safe integer ≥ 0) as 32 hex characters: one AES-128 block (eight zero bytes, then `seq` big-endian)
 * encrypted with `key`. A block cipher is a permutation: each sequence number has one id, and without the key
 * neither the order nor the distance of two ids can be read.
 */
export function sealSequence(key: Buffer, seq: number): string {
  const block = Buffer.alloc(16);
  block.writeBigUInt64BE(BigInt(seq), 8);
  const cipher = createCipheriv('aes-128-ecb', key, null).setAutoPadding(false);
  return Buffer.concat([cipher.update(block), cipher.final()]).toString('hex');
}

/**
 * The sequence number `sealSequence(key, …)` sealed into `hex` (32 hex characters), or NaN when `hex` was not
 * sealed with `key` (its first eight bytes do not open to zeros) or holds no safe integer.
 */
export function openSequence(key: Buffer, hex: string): number {
  const decipher = createDecipheriv('aes-128-ecb', key, null).setAutoPadding(false);
  const block = Buffer.concat([decipher.update(Buffer.from(hex, 'hex')), decipher.final()]);
  if (block.readBigUInt64BE(0) !== 0n) return NaN;
  const value = block.readBigUInt64BE(8);
  return value <= BigInt(Number.MAX_SAFE_INTEGER) ? Number(value) : NaN;
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
