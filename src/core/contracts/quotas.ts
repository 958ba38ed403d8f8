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

/**
 * Most VEVENTs one `POST /api/calendar/import` call may carry (issue 39: one request of 20,000 events held
 * everyone else 1.6 s): above the web's batch of 300 (a series and its overrides stay in one batch, so a batch
 * can be larger), and small enough that one upload is read and stored within about 2 s here
 * (docs/performance.md). More → 413 `ICS_TOO_MANY_EVENTS_MESSAGE`, before anything is read.
 */
export const ICS_IMPORT_MAX_EVENTS = 1_000;

/** The 413 message for an import call over `ICS_IMPORT_MAX_EVENTS`. */
export const ICS_TOO_MANY_EVENTS_MESSAGE =
  'This calendar file has too many events to import at once. Import at most 1,000 events per upload.';

/**
 * Open live-update streams (`GET /api/changes`) one session may hold at once, per server process: 20. The app
 * opens one per tab; twenty tabs of one browser is far beyond real use, while one session opening thousands
 * held the memory of thousands (issue 42). More → 429 `LIVE_STREAMS_PER_SESSION_MESSAGE` with Retry-After.
 */
export const LIVE_STREAMS_PER_SESSION = 20;

/** The 429 message past `LIVE_STREAMS_PER_SESSION`. */
export const LIVE_STREAMS_PER_SESSION_MESSAGE =
  'Too many open windows of FamilyHub for this sign-in. Close some and try again.';

/**
 * Open live-update streams one server process holds at once, all families together: 5,000 by default
 * (`LIVE_STREAMS_PER_PROCESS`). An idle stream costs tens of KB (docs/scaling.md, 1,000 streams measured), so
 * this bounds them to a few hundred MB. More → 429 `LIVE_STREAMS_PER_PROCESS_MESSAGE` with Retry-After; the app
 * keeps working without live updates and its backoff tries again.
 */
export const LIVE_STREAMS_PER_PROCESS = 5000;

/** The 429 message past the per-process ceiling. */
export const LIVE_STREAMS_PER_PROCESS_MESSAGE =
  'Live updates are busy on this server. The app will try again shortly.';

/**
 * Most lines of a note the notes list (`GET /api/notes`) carries (issue 42): the board card shows about a
 * dozen lines before it clips, so more would be sent and never seen. The whole note is `GET /api/notes/{id}`.
 */
export const NOTE_PREVIEW_MAX_LINES = 12;

/**
 * Largest preview of a note in the notes list, in bytes of its JSON string (UTF-8, escapes counted, quotes
 * not): 2 KiB, a full board card of text. With `FAMILY_NOTES_MAX` notes this bounds the list reply to
 * `NOTES_LIST_MAX_BYTES` however large the notes are (issue 42; a family's 50 MB of text used to be one reply).
 */
export const NOTE_PREVIEW_MAX_BYTES = 2 * 1024;

/*
 * Largest list replies (issue 42): each list route's reply is at most (items) × (largest item as JSON + a comma)
 * + 2 brackets. An item's bound counts every text column at its longest, at 4 UTF-8 bytes a character (the
 * columns count characters), and its keys, ids and instants. docs/security.md "List reply sizes" has the table;
 * src/server/security/list-reply-size.test.ts fills a family to its quotas and holds each reply to it.
 */

/**
 * Largest note of `GET /api/notes` as JSON: its preview (`NOTE_PREVIEW_MAX_BYTES`) plus 1.5 KiB for the rest
 * (a 200-character title and a 100-character author name, the keys, ids, category and creation instant).
 */
export const NOTE_LIST_ITEM_MAX_BYTES = NOTE_PREVIEW_MAX_BYTES + 1536;

/** Largest `GET /api/notes` reply: `FAMILY_NOTES_MAX` notes of `NOTE_LIST_ITEM_MAX_BYTES`: 3,585,001 bytes (3.4 MiB). */
export const NOTES_LIST_MAX_BYTES = FAMILY_NOTES_MAX * (NOTE_LIST_ITEM_MAX_BYTES + 1) + 1;

/**
 * Largest member of `GET /api/family-members` or invitation of `GET /api/family-members/invitations` as JSON:
 * 2 KiB (a 100-character name, a 255-character e-mail, a phone number, colour, role, flags and instants).
 */
export const MEMBER_ITEM_MAX_BYTES = 2048;

/**
 * Largest `GET /api/family-members` or `GET /api/family-members/invitations` reply for a family whose plan
 * allows `maxMembers` members (`families.max_members`; members and pending invitations together stay within it):
 * 8,197 bytes (8 KiB) on the free plan of 4.
 */
export function membersListMaxBytes(maxMembers: number): number {
  return maxMembers * (MEMBER_ITEM_MAX_BYTES + 1) + 1;
}

/**
 * The free plan (SPEC §1, §9): 4 members (members and pending invitations together) and 50 new events a month.
 * The defaults of `FAMILY_MAX_MEMBERS` and `FAMILY_MAX_EVENTS_PER_MONTH` (config.ts), which a new family gets;
 * one family's own limits are set with `npm run family:limits` (README, issue 46).
 */
export const FREE_PLAN_MAX_MEMBERS = 4;
export const FREE_PLAN_MAX_EVENTS_PER_MONTH = 50;

/**
 * Highest member limit an operator may set: 50. A household, even a large blended one, is far below it; it
 * bounds the member and invitation list replies (`membersListMaxBytes(50)`: about 100 KiB).
 */
export const PLAN_MAX_MEMBERS_CEILING = 50;

/**
 * Highest events-a-month limit an operator may set: 10,000 (a few hundred a day). An .ics import of a large
 * calendar fits in one month; the other quotas (write rate, bounded list replies) still hold.
 */
export const PLAN_MAX_EVENTS_PER_MONTH_CEILING = 10_000;

/** Largest `GET /api/calendar/feeds` reply: the family feed and the user's own, 256 bytes each: 515 bytes. */
export const FEEDS_LIST_MAX_BYTES = 2 * (256 + 1) + 1;

/**
 * Most sessions (signed-in devices) one account keeps: 50 (issue 42). A person signs in on a few browsers and
 * phones; without a cap every sign-in added a row until it expired, and `GET /api/account/sessions` grew with
 * them. A sign-in past it ends the account's least recently used session.
 */
export const SESSIONS_PER_ACCOUNT_MAX = 50;

/**
 * Most app passwords (issue 40) one account keeps: 20. One per calendar app on each device a person owns, with
 * room to spare; each is a live credential, so an account should not collect forgotten ones, and the list stays
 * short (`GET /api/account/app-passwords`, about 200 bytes an item).
 */
export const APP_PASSWORDS_PER_ACCOUNT_MAX = 20;

/** The 400 message past `APP_PASSWORDS_PER_ACCOUNT_MAX`. */
export const APP_PASSWORDS_LIMIT_MESSAGE = `You have ${APP_PASSWORDS_PER_ACCOUNT_MAX} app passwords, the most an account can have. Revoke one you no longer use to make another.`;

/**
 * Largest session of `GET /api/account/sessions` as JSON: 1.25 KiB (the device name, read from a User-Agent
 * kept to 512 characters, the public id, two instants and the flag).
 */
export const SESSION_ITEM_MAX_BYTES = 1280;

/** Largest `GET /api/account/sessions` reply: `SESSIONS_PER_ACCOUNT_MAX` sessions: 64,051 bytes (63 KiB). */
export const SESSIONS_LIST_MAX_BYTES = SESSIONS_PER_ACCOUNT_MAX * (SESSION_ITEM_MAX_BYTES + 1) + 1;

/**
 * Largest start of a message body `GET /api/notifications` carries, in bytes of its JSON string: 4 KiB (issue
 * 42). An SMS is at most a few segments and fits whole; an e-mail (a daily summary of a busy day) has no length
 * cap, and the "Recent messages" card shows one line of it. `body_truncated` says when more was left out.
 */
export const NOTIFICATION_BODY_PREVIEW_MAX_BYTES = 4 * 1024;

/** Largest subject, status reason and last error a listed message carries, each in bytes of its JSON string: 1 KiB. */
export const NOTIFICATION_TEXT_PREVIEW_MAX_BYTES = 1024;

/**
 * Largest message of `GET /api/notifications` as JSON: its body and three short texts at their previews, plus
 * 2 KiB for the rest (a 255-character recipient, the member's 100-character name, the kind, ids and instants).
 */
export const NOTIFICATION_ITEM_MAX_BYTES =
  NOTIFICATION_BODY_PREVIEW_MAX_BYTES + 3 * NOTIFICATION_TEXT_PREVIEW_MAX_BYTES + 2048;

/** Most messages one `GET /api/notifications` page holds (`limit`, 20 by default). */
export const NOTIFICATIONS_PAGE_MAX = 100;

/**
 * Largest `GET /api/notifications` reply: a page of `NOTIFICATIONS_PAGE_MAX` messages and `next_before`
 * (64 bytes for the wrapper): 921,764 bytes (900 KiB).
 */
export const NOTIFICATIONS_PAGE_MAX_BYTES = NOTIFICATIONS_PAGE_MAX * (NOTIFICATION_ITEM_MAX_BYTES + 1) + 64;

/*
 * Issue 42 item 1, the rest of the list routes (ADR 046): tasks, an event's tasks, activity proposals, the
 * calendar's occurrences. Tasks and proposals have no count quota ("unlimited tasks",
 * SPEC §1), so their lists carry at most a count of items, the nearest first, and the start of each long text.
 */

/**
 * Largest start of a description (a task's, an activity proposal's, an event's) or of a proposal's notes that a
 * list carries, in bytes of its JSON string: 1 KiB within `DESCRIPTION_PREVIEW_MAX_LINES` lines, what a card
 * shows. `description_truncated` (`notes_truncated`) says when more was left out; the item's own GET has it all.
 */
export const DESCRIPTION_PREVIEW_MAX_BYTES = 1024;

/** Most lines of a description a list carries (see `DESCRIPTION_PREVIEW_MAX_BYTES`). */
export const DESCRIPTION_PREVIEW_MAX_LINES = 12;

/**
 * Most tasks `GET /api/tasks` (and `GET /api/events/{id}/tasks`) answers: 1,000. A family's task list read by
 * hand holds tens; past it the list keeps the open tasks nearest due first, then the most recently changed
 * completed ones, and says so with the `X-List-Truncated: true` header. Nothing is refused on write.
 */
export const TASKS_LIST_MAX = 1000;

/**
 * Largest task of `GET /api/tasks` or `GET /api/events/{id}/tasks` as JSON: 5 KiB (a 200-character title and
 * event title at up to 6 bytes a character (a control character a CalDAV client wrote is a `\uXXXX` escape), the
 * description's start, up to `ASSIGNEES_MAX` assignee ids, keys, ids and instants).
 */
export const TASK_LIST_ITEM_MAX_BYTES = 5120;

/** Largest `GET /api/tasks` / `GET /api/events/{id}/tasks` reply: 5,121,001 bytes (4.9 MiB). */
export const TASKS_LIST_MAX_BYTES = TASKS_LIST_MAX * (TASK_LIST_ITEM_MAX_BYTES + 1) + 1;

/**
 * Most activity proposals `GET /api/activity-proposals` answers: 1,000, the pending ones nearest due first, then
 * the answered ones most recently changed first (`X-List-Truncated: true` when some were left out).
 */
export const PROPOSALS_LIST_MAX = 1000;

/**
 * Largest proposal of `GET /api/activity-proposals` as JSON: 6 KiB (the description's and the notes' starts, a
 * 200-character title, a 300-character location and a 50-character duration at up to 6 bytes a character).
 */
export const PROPOSAL_LIST_ITEM_MAX_BYTES = 6144;

/** Largest `GET /api/activity-proposals` reply: 6,145,001 bytes (5.9 MiB). */
export const PROPOSALS_LIST_MAX_BYTES = PROPOSALS_LIST_MAX * (PROPOSAL_LIST_ITEM_MAX_BYTES + 1) + 1;

/** The header a capped list reply carries when items were left out (its value is `true`). */
export const LIST_TRUNCATED_HEADER = 'x-list-truncated';

/**
 * Largest app password of `GET /api/account/app-passwords` as JSON: 512 bytes (a 100-character name without
 * control characters at 4 bytes a character, an id, two instants).
 */
export const APP_PASSWORD_ITEM_MAX_BYTES = 512;

/** Largest `GET /api/account/app-passwords` reply: `APP_PASSWORDS_PER_ACCOUNT_MAX` items: 10,261 bytes (10 KiB). */
export const APP_PASSWORDS_LIST_MAX_BYTES =
  APP_PASSWORDS_PER_ACCOUNT_MAX * (APP_PASSWORD_ITEM_MAX_BYTES + 1) + 1;

/**
 * Most push devices (`POST /api/push/subscriptions`) one account keeps: 20 (issue 42), one per browser and phone a
 * person uses with room to spare. Without it every new endpoint added a row, and `GET /api/push/subscriptions`
 * grew with them. A subscription past it forgets the account's device that has gone longest without a push.
 */
export const PUSH_SUBSCRIPTIONS_PER_ACCOUNT_MAX = 20;

/**
 * Largest device of `GET /api/push/subscriptions` as JSON: 2 KiB (a 100-character label at up to 6 bytes a
 * character, the push service's origin from an endpoint of at most 1,000 characters, an id, two instants).
 */
export const PUSH_SUBSCRIPTION_ITEM_MAX_BYTES = 2048;

/** Largest `GET /api/push/subscriptions` reply: 40,981 bytes (40 KiB). */
export const PUSH_SUBSCRIPTIONS_LIST_MAX_BYTES =
  PUSH_SUBSCRIPTIONS_PER_ACCOUNT_MAX * (PUSH_SUBSCRIPTION_ITEM_MAX_BYTES + 1) + 1;

/**
 * Most occurrences one `GET /api/events` reply carries: 1,000, the earliest first (`X-List-Truncated: true` when
 * the range holds more). The plan limit counts new events a month, not what a range holds: events made over the
 * months all fall in one range, and each series may yield up to `MAX_OCCURRENCES_PER_YEAR` (20,000) occurrences
 * a year. A month grid of 42 days shows a busy family a few hundred.
 */
export const EVENTS_LIST_MAX = 1000;

/**
 * Most pickups and drop-offs `GET /api/driving` answers (issue 42): 1,000, the earliest of the range
 * (`legs_truncated`, `X-List-Truncated`). A range is at most 62 days, but its legs follow the occurrences of those
 * days, which the plan limit does not bound (an hourly series with a pickup and a drop-off is 3,000 legs).
 */
export const DRIVING_LEGS_MAX = 1000;

/**
 * Largest leg in `GET /api/driving`: 10 KiB. Title at 200 characters and 6 bytes each, 50 passenger ids, and at
 * most `LEG_CLASHES_MAX` (3) issues, each naming the driver (100 characters) and the other event (200).
 */
export const DRIVING_LEG_MAX_BYTES = 10 * 1024;

/** Largest `GET /api/driving` reply: 10,241,101 bytes (9.8 MiB). */
export const DRIVING_MAX_BYTES = DRIVING_LEGS_MAX * (DRIVING_LEG_MAX_BYTES + 1) + 100;

/** Most of a series' removed starts (`exdates`) an occurrence in `GET /api/events` carries: 20 (`exdates_truncated`). */
export const EVENT_LIST_EXDATES_MAX = 20;

/**
 * Largest occurrence of `GET /api/events` as JSON: 8 KiB (a 200-character title and a 300-character location at
 * up to 6 bytes a character, the description's start, an RRULE of at most `RRULE_MAX_LENGTH` (src/core/recurrence/rule.ts) 1,000 characters, up to 50 attendees and 50 members
 * to alert, `EVENT_LIST_EXDATES_MAX` removed starts, the zone, keys, ids and instants).
 */
export const EVENT_LIST_ITEM_MAX_BYTES = 8192;

/** Largest `GET /api/events` reply: 8,193,001 bytes (7.8 MiB). */
export const EVENTS_LIST_MAX_BYTES = EVENTS_LIST_MAX * (EVENT_LIST_ITEM_MAX_BYTES + 1) + 1;
