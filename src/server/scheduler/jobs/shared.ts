import type { Db } from '../../db/types.ts';

/** A pino-style logger (Fastify's `app.log` fits). */
export interface PlannerLogger {
  info(fields: object, message: string): void;
  warn(fields: object, message: string): void;
  error(fields: object, message: string): void;
}

/** What every planning job is given: the database (system scope), the app's public URL, and a logger. */
export interface JobContext {
  db: Db;
  /** `config.PUBLIC_URL`: every message links to the app. */
  publicUrl: string;
  logger?: PlannerLogger;
}

/**
 * The reminder jobs' planning window, UTC instants: reminders due in [from, to] are planned now (`from` is
 * the tick's instant less the grace for a late tick, `to` is it plus the horizon).
 */
export interface PlanningWindow {
  now: Date;
  from: Date;
  to: Date;
}

export const MINUTE = 60_000;

/** `items` grouped by a numeric `key` (a family or row id), each group in the items' order. */
export function groupBy<T>(items: readonly T[], key: (item: T) => number): Map<number, T[]> {
  const groups = new Map<number, T[]>();
  for (const item of items) {
    const k = key(item);
    const group = groups.get(k);
    if (group) group.push(item);
    else groups.set(k, [item]);
  }
  return groups;
}
