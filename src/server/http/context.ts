import type { Db } from '../db/client.ts';
import type { Config } from '../config.ts';

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
}
