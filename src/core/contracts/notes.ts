import { z } from 'zod';
import { NOTE_PREVIEW_MAX_BYTES, NOTE_PREVIEW_MAX_LINES } from './quotas.ts';
import { CONTROL_CHARACTER_MESSAGE, hasControlCharacter } from '../text/clean.ts';

/** SPEC §3 Note categories, in the order the form lists them; `general` is the default. */
export const NOTE_CATEGORIES = ['general', 'shopping_list', 'ideas', 'reminders', 'important'] as const;
export type NoteCategory = (typeof NOTE_CATEGORIES)[number];

/** Labels the board and the form show for each category. */
export const NOTE_CATEGORY_LABELS: Record<NoteCategory, string> = {
  general: 'General',
  shopping_list: 'Shopping List',
  ideas: 'Ideas',
  reminders: 'Reminders',
  important: 'Important',
};

/** Longest title the `notes.title` column holds (varchar 200). */
export const NOTE_TITLE_MAX = 200;

const title = z
  .string('Title is required')
  .trim()
  .min(1, 'Title is required')
  .max(NOTE_TITLE_MAX, `Title must be at most ${NOTE_TITLE_MAX} characters`)
  .refine((v) => !hasControlCharacter(v), CONTROL_CHARACTER_MESSAGE);
const content = z.string('Content must be text');
const author = z
  .number('Please select an author')
  .int('Please select an author')
  .positive('Please select an author')
  .max(2_147_483_647, 'Please select an author');
const category = z.enum(NOTE_CATEGORIES, 'Please select a category');
const pinned = z.boolean('Pinned must be true or false');

/**
 * Payload of `POST /api/notes` (SPEC §7 "note body", §5 Note form: the shared note schema without family_id;
 * the family comes from the session). Defaults per SPEC §9: category general, pinned false, content empty.
 * `family_member_id` is the author and must be a member of the caller's family (checked by the server).
 * The Note form validates with this same schema.
 */
export const noteSchema = z.object({
  title,
  content: content.default(''),
  family_member_id: author,
  category: category.default('general'),
  pinned: pinned.default(false),
});
export type NotePayload = z.input<typeof noteSchema>;

/** Payload of `PATCH /api/notes/{id}`: any subset of the note body's fields; absent fields stay as they are. */
export const noteUpdateSchema = z
  .object({ title, content, family_member_id: author, category, pinned })
  .partial();
export type NoteUpdatePayload = z.input<typeof noteUpdateSchema>;

/**
 * Payload of `POST /api/notes/reorder` (SPEC §7): every note id of the family, once each, in the new
 * display order. A partial list is refused so that a board that missed another member's new note
 * cannot scramble the order; the client refetches and tries again.
 */
export const noteReorderSchema = z.object({
  noteIds: z
    .array(
      z
        .number('Note ids must be numbers')
        .int('Note ids must be whole numbers')
        .positive('Note ids must be positive'),
      'noteIds must be a list of note ids',
    )
    .max(10_000, 'Too many note ids')
    .refine((ids) => new Set(ids).size === ids.length, 'Each note may appear only once'),
});
export type NoteReorderPayload = z.input<typeof noteReorderSchema>;

/** Longest item text a tick names: a content line is never longer than the note (5 MB), a typed item far shorter. */
export const NOTE_ITEM_TEXT_MAX = 1_000;

/**
 * Payload of `POST /api/notes/{id}/checklist/tick` (issue 45 item 1, ADR 050): set one checklist item's box.
 * `text` (the item's words) decides which item; `line` (0-based, in the content the device shows) only picks
 * between items with the same words. `ticked` is the box's new state, not a toggle, so a retry never undoes it.
 */
export const noteTickSchema = z.object({
  line: z
    .number('Line must be a number')
    .int('Line must be a whole number')
    .min(0, 'Line must be 0 or more')
    .max(1_000_000, 'Line is too large'),
  text: z
    .string('Item text is required')
    .trim()
    .min(1, 'Item text is required')
    .max(NOTE_ITEM_TEXT_MAX, `Item text must be at most ${NOTE_ITEM_TEXT_MAX} characters`),
  ticked: z.boolean('Ticked must be true or false'),
});
export type NoteTickPayload = z.input<typeof noteTickSchema>;

/** Reply of `POST /api/notes/{id}/checklist/tick`: the 0-based content line of the item and its box now. */
export const noteTickReplySchema = z.object({ line: z.number().int(), ticked: z.boolean() });
export type NoteTickReplyDto = z.output<typeof noteTickReplySchema>;

/** Reply of `POST /api/notes/{id}/checklist/clear`: how many ticked items were removed (0: nothing changed). */
export const noteClearTickedReplySchema = z.object({ removed: z.number().int() });
export type NoteClearTickedReplyDto = z.output<typeof noteClearTickedReplySchema>;

/** A note on the wire (SPEC §3 Note, snake_case). `author_name` is the author's name, null when unknown. */
export const noteDtoSchema = z.object({
  id: z.number().int(),
  family_id: z.number().int(),
  title: z.string(),
  content: z.string(),
  family_member_id: z.number().int().nullable(),
  author_name: z.string().nullable().meta({ description: 'The author’s name, null when unknown.' }),
  category: z.enum(NOTE_CATEGORIES),
  pinned: z.boolean(),
  sort_order: z.number().int(),
  created_at: z.string().meta({ description: 'ISO 8601 instant (UTC).' }),
});
export type NoteDto = z.output<typeof noteDtoSchema>;

/**
 * A note in the notes list (`GET /api/notes`, issue 42, ADR 042). The list is bounded: `content` is only the
 * note's start (its first `NOTE_PREVIEW_MAX_LINES` lines within `NOTE_PREVIEW_MAX_BYTES`, photos named by
 * path), and `content_truncated` says whether the note holds more. The whole note is `GET /api/notes/{id}`;
 * never save a listed `content` back as the note's content.
 */
export const noteListItemDtoSchema = noteDtoSchema.extend({
  content: z.string().meta({
    description: `Only the note’s start: its first ${String(NOTE_PREVIEW_MAX_LINES)} lines within ${String(NOTE_PREVIEW_MAX_BYTES)} bytes, photos named by path. Never save it back as the note’s content.`,
  }),
  content_truncated: z.boolean().meta({ description: 'Whether the note holds more than `content` carries.' }),
});
export type NoteListItemDto = z.output<typeof noteListItemDtoSchema>;
