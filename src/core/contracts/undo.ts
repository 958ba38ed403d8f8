import { z } from 'zod';

/**
 * Issue 45 item 4, ADR 051: what a delete can be undone for. The delete's reply carries `undo_id`; the toast's
 * Undo sends `POST /api/undo/{undo_id}`.
 */
export const UNDO_KINDS = ['event', 'task', 'note', 'activity', 'invitation'] as const;
export type UndoKind = (typeof UNDO_KINDS)[number];

/**
 * How long an undo id works, in seconds from the delete: the toast's 5 s (SPEC §10) plus grace for a slow network
 * and a retry. After it the id answers 410.
 */
export const UNDO_WINDOW_SECONDS = 60;

/** The toast's action label (SPEC §8 "an optional action"). */
export const UNDO_ACTION_LABEL = 'Undo';

/** 404: an id that names no undo entry of the family (unknown, another family's, or pruned). */
export const UNDO_NOT_FOUND_MESSAGE = 'Nothing to undo';
/** 410: the entry's window passed. */
export const UNDO_EXPIRED_MESSAGE = 'It is too late to undo this';
/** 410: the entry was undone already. */
export const UNDO_USED_MESSAGE = 'This was already undone';
/** 409: what the delete changed was changed again since (or a member it names is gone). */
export const UNDO_CONFLICT_MESSAGE = 'This cannot be undone: it was changed since';

/** `POST /api/undo/{id}`'s path: the undo id from a delete's reply (a UUID). */
export const undoParamsSchema = z.object({
  id: z.uuid({ message: UNDO_NOT_FOUND_MESSAGE }),
});

/** `POST /api/undo/{id}`'s reply: what came back (`kind`) and its id (the event's, task's, note's…). */
export const undoResultSchema = z.object({
  ok: z.literal(true),
  kind: z.enum(UNDO_KINDS),
  id: z.number().int(),
});
export type UndoResult = z.infer<typeof undoResultSchema>;

/** What a delete's reply adds (old clients ignore it): the id to undo it with. */
export interface UndoableReply {
  undo_id: string;
}
