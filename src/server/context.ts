import type { ChangeKind } from '../core/contracts/live.ts';
import type { Config } from './config.ts';
import type { Db } from './db/types.ts';

/** The time source. Tests pass a controllable one; nothing reads the wall clock directly. */
export interface Clock {
  now(): Date;
}

export const systemClock: Clock = { now: () => new Date() };

/** What a stream is sent: one family's change, or "you may have missed some: refetch everything". */
export type FeedEvent =
  | {
      type: 'change';
      /** `<process tag>.<sealed sequence>`, the SSE id (opaque: see `sealSequence` in live/change-feed.ts). */
      id: string;
      kind: ChangeKind;
      rowId: number;
    }
  | { type: 'resync' };

/**
 * This process's live-update hub: one LISTEN connection, any number of family streams. Started by
 * `startChangeFeed` (live/change-feed.ts); declared here so the context that carries it depends on no feature.
 */
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
  /** The id of the latest change this process has seen (`<process>.<sealed sequence>`): a new stream's resume point. */
  position(): string;
  /** How many streams are subscribed (for the bench and logs). */
  readonly size: number;
  /** Stops listening; subscribers get nothing more. */
  close(): Promise<void>;
}

/** What every feature's routes and services are built with. */
export interface ServerContext {
  db: Db;
  config: Config;
  clock: Clock;
  /** This process's live-update hub (`startChangeFeed`): `GET /api/changes` streams from it. */
  changes: ChangeFeed;
}
