import type { Db } from '../db/client.ts';
import type { Config } from '../config.ts';
import type { ChangeFeed } from '../live/change-feed.ts';

/** The time source. Tests pass a controllable one; nothing reads the wall clock directly. */
export interface Clock {
  now(): Date;
}

export const systemClock: Clock = { now: () => new Date() };

/** What every feature's routes and services are built with. */
export interface ServerContext {
  db: Db;
  config: Config;
  clock: Clock;
  /** This process's live-update hub (`startChangeFeed`): `GET /api/changes` streams from it. */
  changes: ChangeFeed;
}
