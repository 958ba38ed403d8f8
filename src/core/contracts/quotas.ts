/**
 * Every per-family quota and write limit, with the reason for each number (issue 20, item 3: one hostile free
 * account grew the data folder by 212 MB with 20 notes and made `GET /api/notes` answer 96 MiB). The server
 * enforces them; the web shows the server's message. Sizes are bytes (UTF-8 for text), rates per minute.
 */

const MIB = 1024 * 1024;

/**
 * Largest content of one note: 5 MiB, room for a few camera photos. The camera returns JPEGs of at most
 * `PHOTO_MAX_EDGE_PX` on the long edge at quality 90 (SPEC §9), about 0.3–0.8 MB each, about a third more as
 * base64. Larger content → 413 `NOTE_TOO_LARGE_MESSAGE`.
 */
export const NOTE_CONTENT_MAX_BYTES = 5 * MIB;

/** The 413 message for content over `NOTE_CONTENT_MAX_BYTES`. */
export const NOTE_TOO_LARGE_MESSAGE = 'This note is too large. A note, photos included, can be at most 5 MB.';

/**
 * Most notes one family may keep: 1,000. The marketing copy promises "unlimited notes" to people; a family
 * board that is read by hand holds tens. A thousand is far beyond any real board and still bounds the list
 * reply and the reorder call (which names every note). More → 413 `NOTE_COUNT_MESSAGE`.
 */
export const FAMILY_NOTES_MAX = 1000;

/** The 413 message for a new note past `FAMILY_NOTES_MAX`. */
export const NOTE_COUNT_MESSAGE = `Your family has reached the limit of ${FAMILY_NOTES_MAX.toLocaleString('en-US')} notes. Delete a note to add another.`;

/**
 * Most bytes of note content (photos included) one family may store: 50 MiB, ten full-size notes or about a
 * hundred photos. Bounds what one free account adds to the database (the finding: 212 MB from 20 posts) while
 * leaving real families years of room. A write that would pass it → 413 `FAMILY_STORAGE_MESSAGE`.
 */
export const FAMILY_STORAGE_MAX_BYTES = 50 * MIB;

/** The 413 message for a write past `FAMILY_STORAGE_MAX_BYTES`. */
export const FAMILY_STORAGE_MESSAGE =
  "Your family's notes have reached the 50 MB storage limit. Delete photos or notes to make room.";

/**
 * Longest edge, in pixels, of a photo the camera returns (Capacitor `width`/`height` keep the aspect): 1,600
 * px is sharper than a phone screen shows a note photo, and a fifth of a 12-megapixel original's bytes.
 */
export const PHOTO_MAX_EDGE_PX = 1600;

/**
 * State-changing API calls one family may make per minute, all members and devices together: 120 (two a
 * second, sustained for a minute). People using the app by hand make a few a minute; an .ics import of
 * 30,000 events is 100 batches. More → 429 `FAMILY_WRITE_RATE_MESSAGE` with Retry-After. The default of
 * `FAMILY_WRITE_RATE_LIMIT_PER_MINUTE` (config.ts).
 */
export const FAMILY_WRITES_PER_MINUTE = 120;

/** The 429 message past `FAMILY_WRITES_PER_MINUTE`. */
export const FAMILY_WRITE_RATE_MESSAGE =
  'Your family is making changes too quickly. Please wait a minute and try again.';

/**
 * Largest .ics file the calendar import takes: 10 MiB, about 30,000 events, more than years of a busy
 * family's calendar. The web refuses a larger file before sending (message `ICS_FILE_TOO_LARGE_MESSAGE`) and
 * posts files in batches of 300 events.
 */
export const ICS_FILE_MAX_BYTES = 10 * MIB;

/** The message for a file over `ICS_FILE_MAX_BYTES`. */
export const ICS_FILE_TOO_LARGE_MESSAGE = 'This calendar file is too large. Import files of at most 10 MB.';

/**
 * Largest body of one `POST /api/calendar/import` call: 5 MiB, far above a batch of 300 events (the web's
 * batch; typically under 200 KB) so hand-made batches fit. Larger → 413 `ICS_BATCH_TOO_LARGE_MESSAGE`.
 */
export const ICS_IMPORT_MAX_BYTES = 5 * MIB;

/** The 413 message for an import call over `ICS_IMPORT_MAX_BYTES`. */
export const ICS_BATCH_TOO_LARGE_MESSAGE =
  'This calendar file is too large to import at once. Import files of at most 5 MB per upload.';
