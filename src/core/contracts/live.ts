/**
 * Live updates (issue 24): what `GET /api/changes` streams (server-sent events, text/event-stream).
 *
 * - `event: ready` first, with the `id` of the process's latest change: where the next connection resumes.
 * - `event: change` with `data: {"kind": …, "id": …}` and an `id:` (for `Last-Event-ID`): a row of that kind
 *   was written (created, changed or deleted) and committed in the signed-in family. Nothing else is sent: the
 *   app refetches what it shows of that kind.
 * - `event: resync`: changes may have been missed (a reconnection to another process or after a gap); the app
 *   refetches everything it shows.
 * - comment lines (`: ping`) every `HEARTBEAT_SECONDS`, so that proxies keep the connection open.
 */

/** The kinds of change, one per table the web app shows (set by the triggers of migration 0014). */
export const CHANGE_KINDS = ['event', 'task', 'note', 'proposal', 'member', 'message'] as const;
export type ChangeKind = (typeof CHANGE_KINDS)[number];

/** The `data` of one `change` event. */
export interface ChangeEventData {
  kind: ChangeKind;
  /** The written row's id. */
  id: number;
}

/** Seconds between two heartbeat comments on an idle stream. */
export const HEARTBEAT_SECONDS = 25;
