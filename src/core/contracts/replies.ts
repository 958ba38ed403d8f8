import { z } from 'zod';
import { UNDO_WINDOW_SECONDS } from './undo.ts';

/** The reply of a call that has nothing else to say: `{ ok: true }`. */
export const okReplySchema = z.object({ ok: z.literal(true) });
export type OkReply = z.output<typeof okReplySchema>;

/** The undo id of a delete's reply (ADR 051): `POST /api/undo/{undo_id}` puts back what it removed. */
export const undoIdSchema = z.string().meta({
  description: `A UUID: undoes the delete with \`POST /api/undo/{undo_id}\` for ${String(UNDO_WINDOW_SECONDS)} seconds.`,
});

/** The reply of a delete that can be undone (ADR 051): `{ ok: true, undo_id }`. */
export const undoableDeleteReplySchema = z.object({ ok: z.literal(true), undo_id: undoIdSchema });
export type UndoableDeleteReply = z.output<typeof undoableDeleteReplySchema>;
