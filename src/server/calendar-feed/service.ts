import { createHash, randomBytes } from 'node:crypto';
import { setImmediate } from 'node:timers/promises';
import { and, eq, inArray, isNull, or } from 'drizzle-orm';
import type {
  FeedCreatedDto,
  FeedScope,
  FeedStatusDto,
  ImportReportDto,
} from '../../core/contracts/calendar-feed.ts';
import { ICS_IMPORT_MAX_EVENTS, ICS_TOO_MANY_EVENTS_MESSAGE } from '../../core/contracts/quotas.ts';
import { buildFeed } from '../../core/ics/export.ts';
import { inSeriesTerms, type ParsedIcs, type ParsedIcsEvent } from '../../core/ics/import.ts';
import { type IcsMember, parseOwnUid } from '../../core/ics/model.ts';
import { seriesUntil } from '../../core/recurrence/patterns.ts';
import type { DbOrTx, Tx } from '../db/types.ts';
import { eventColumns, type EventRow, saveEventMembers } from '../db/event-members.ts';
import { formatRdate, parseRdate } from '../db/event-occurrences.ts';
import { withFamilyScope } from '../db/scope.ts';
import { calendarFeeds } from '../db/schema/calendar-feeds.ts';
import { events } from '../db/schema/events.ts';
import { eventsCreatedThisMonth } from '../events/plan-limit.ts';
import { syncFamilyTransportTasks } from '../driving/transport-tasks.ts';
import { families, familyMembers, userAccounts } from '../db/schema/families.ts';
import type { ServerContext } from '../context.ts';
import { badRequest, HttpError, notFound } from '../http/errors.ts';
import { IcsReadQueue, readIcsInSlices } from './ics-reading.ts';
import {
  cancelDeletedEventsReminders,
  cancelOccurrenceReminders,
  onEventWritten,
} from '../scheduler/hooks.ts';

/** Feed token: 32 random bytes (256 bits), base64url (43 characters). */
const TOKEN_BYTES = 32;
/** How long calendar apps may keep a feed before asking again (seconds); also the feed's REFRESH-INTERVAL. */
export const FEED_MAX_AGE_SECONDS = 900;

function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

function uidHost(ctx: ServerContext): string {
  return new URL(ctx.config.PUBLIC_URL).hostname;
}

/** The signed-in user's member profile id, or null for an account without one. */
async function memberOfUser(db: DbOrTx, familyId: number, userId: number): Promise<number | null> {
  const [user] = await db
    .select({ memberId: userAccounts.familyMemberId })
    .from(userAccounts)
    .where(and(eq(userAccounts.id, userId), eq(userAccounts.familyId, familyId)));
  return user?.memberId ?? null;
}

/**
 * `GET /api/calendar/feeds`: whether the family feed and the user's own feed exist (never the token), and when the
 * family feed was revoked by a member's removal (`revoked_at`, null once a new one is made).
 */
export async function listFeeds(
  ctx: ServerContext,
  familyId: number,
  userId: number,
): Promise<FeedStatusDto[]> {
  const memberId = await memberOfUser(ctx.db, familyId, userId);
  const rows = await ctx.db.select().from(calendarFeeds).where(eq(calendarFeeds.familyId, familyId));
  const [state] = await ctx.db
    .select({ revokedAt: families.familyFeedRevokedAt })
    .from(families)
    .where(eq(families.id, familyId));
  const family = rows.find((r) => r.memberId === null);
  const own = memberId === null ? undefined : rows.find((r) => r.memberId === memberId);
  return [
    {
      scope: 'family',
      active: !!family,
      created_at: family?.createdAt.toISOString() ?? null,
      revoked_at: family ? null : (state?.revokedAt?.toISOString() ?? null),
    },
    { scope: 'member', active: !!own, created_at: own?.createdAt.toISOString() ?? null, revoked_at: null },
  ];
}

/**
 * `POST /api/calendar/feeds/regenerate`: a new secret URL for the family feed or the user's own feed. The old
 * token's row is replaced in the same transaction, so the old URL answers 404 from now on.
 * @returns the URL `<PUBLIC_URL>/api/calendar/feed/<token>.ics` (the token is stored only as its SHA-256).
 * @throws HttpError 400 for `member` when the account has no member profile.
 */
export async function regenerateFeed(
  ctx: ServerContext,
  familyId: number,
  userId: number,
  scope: FeedScope,
): Promise<FeedCreatedDto> {
  const memberId = scope === 'member' ? await memberOfUser(ctx.db, familyId, userId) : null;
  if (scope === 'member' && memberId === null) {
    throw badRequest('Your account has no member profile', { scope: 'Your account has no member profile' });
  }
  const token = randomBytes(TOKEN_BYTES).toString('base64url');
  const now = ctx.clock.now();
  await ctx.db.transaction(async (tx) => {
    await tx
      .delete(calendarFeeds)
      .where(
        and(
          eq(calendarFeeds.familyId, familyId),
          memberId === null ? isNull(calendarFeeds.memberId) : eq(calendarFeeds.memberId, memberId),
        ),
      );
    await tx
      .insert(calendarFeeds)
      .values({ familyId, memberId, tokenHash: hashToken(token), createdByUserId: userId, createdAt: now });
    if (scope === 'family') {
      await tx.update(families).set({ familyFeedRevokedAt: null }).where(eq(families.id, familyId));
    }
  });
  const base = ctx.config.PUBLIC_URL.replace(/\/$/, '');
  return { scope, url: `${base}/api/calendar/feed/${token}.ics`, created_at: now.toISOString() };
}

/**
 * Feeds follow membership (issue 20): when a member is removed, every feed URL their accounts (`accountIds`, the
 * removed member's logins) created stops answering: their own feed and the family feed if they made it. A family
 * feed made before creators were recorded is revoked too when the removed member had a login (they may have made
 * it). A revoked family feed sets `families.family_feed_revoked_at`, so the calendar card says the link changed.
 * Runs inside the caller's transaction (the member's own feed also goes with the member row, by cascade).
 */
export async function revokeFeedsOfRemovedAccounts(
  tx: Tx,
  familyId: number,
  accountIds: readonly number[],
  now: Date,
): Promise<void> {
  if (accountIds.length === 0) return;
  const revoked = await tx
    .delete(calendarFeeds)
    .where(
      and(
        eq(calendarFeeds.familyId, familyId),
        or(
          inArray(calendarFeeds.createdByUserId, [...accountIds]),
          and(isNull(calendarFeeds.createdByUserId), isNull(calendarFeeds.memberId)),
        ),
      ),
    )
    .returning({ memberId: calendarFeeds.memberId });
  if (revoked.some((r) => r.memberId === null)) {
    await tx.update(families).set({ familyFeedRevokedAt: now }).where(eq(families.id, familyId));
  }
}

function membersAsIcs(rows: Array<typeof familyMembers.$inferSelect>): IcsMember[] {
  return rows.map((m) => ({ id: m.id, name: m.name, email: m.email }));
}

/** True when the member organises, attends, drops off or picks up for the event. */
function involves(row: EventRow, memberId: number): boolean {
  return (
    row.organizerId === memberId ||
    row.attendees.includes(String(memberId)) ||
    (row.hasPickup && row.pickupAssignedTo === memberId) ||
    (row.hasDropoff && row.dropoffAssignedTo === memberId)
  );
}

/**
 * The family's whole calendar as RFC 5545 text (see `buildFeed`), optionally only one member's events (a
 * series counts when the member is on the series; its overrides come with it).
 */
export async function exportFamilyCalendar(
  ctx: ServerContext,
  familyId: number,
  memberId: number | null = null,
): Promise<string> {
  const [family] = await ctx.db.select().from(families).where(eq(families.id, familyId));
  if (!family) throw notFound();
  const members = await ctx.db.select().from(familyMembers).where(eq(familyMembers.familyId, familyId));
  let rows = await ctx.db
    .select(eventColumns)
    .from(events)
    .where(eq(events.familyId, familyId))
    .orderBy(events.id);
  if (memberId !== null) {
    const kept = new Set(
      rows.filter((r) => r.parentEventId === null && involves(r, memberId)).map((r) => r.id),
    );
    rows = rows.filter((r) => (r.parentEventId === null ? kept.has(r.id) : kept.has(r.parentEventId)));
  }
  const stamp = rows.reduce((max, r) => (r.updatedAt > max ? r.updatedAt : max), family.createdAt);
  const member = memberId !== null ? members.find((m) => m.id === memberId) : undefined;
  return buildFeed({
    name: member ? `${family.name} – ${member.name}` : family.name,
    timeZone: family.timezone,
    host: uidHost(ctx),
    stamp,
    members: membersAsIcs(members),
    events: rows.map((r) => ({ ...r, rdates: r.rdates.map(parseRdate) })),
  });
}

/**
 * `GET /api/calendar/feed/{token}.ics`: the feed a token opens, with its ETag (a hash of the body). Called in
 * the system scope `calendar-feed`: only the token lookup crosses families; the export runs in the family's
 * scope.
 * @returns null for an unknown (or regenerated) token; the route answers 404.
 */
export async function renderFeed(
  ctx: ServerContext,
  token: string,
): Promise<{ body: string; etag: string } | null> {
  if (!/^[A-Za-z0-9_-]{43}$/.test(token)) return null;
  const [feed] = await ctx.db
    .select()
    .from(calendarFeeds)
    .where(eq(calendarFeeds.tokenHash, hashToken(token)));
  if (!feed) return null;
  // The token named the family: the rest of the request runs in its scope only, not the system scope.
  const body = await withFamilyScope(ctx.db, feed.familyId, () =>
    exportFamilyCalendar(ctx, feed.familyId, feed.memberId),
  );
  const etag = `"${createHash('sha256').update(body).digest('base64url')}"`;
  return { body, etag };
}

/** The columns an imported VEVENT writes (also what "unchanged" compares). */
function importedColumns(e: ParsedIcsEvent) {
  const until = e.rrule ? seriesUntil(e.rrule) : null;
  return {
    title: e.title,
    description: e.description,
    startDate: e.startDate,
    endDate: e.endDate,
    durationMinutes: e.durationMinutes,
    isAllDay: e.isAllDay,
    timezone: e.isAllDay ? null : e.timezone,
    location: e.location,
    organizerId: e.organizerId,
    attendees: e.attendees,
    isRecurring: e.rrule !== null,
    // Imported rules are arbitrary RFC 5545 rules, not one of the form's patterns.
    recurrencePattern: null,
    recurrenceEndDate: until ? until.slice(0, 10) : null,
    rrule: e.rrule,
    exdates: e.exdates,
    rdates: e.rdates.map(formatRdate),
    davExtra: e.extra,
  };
}

type Columns = ReturnType<typeof importedColumns>;

/**
 * Writes an imported row's attendees (rows of `event_attendees`, issue 26) after its columns; its alert list is
 * the app's own and stays (`before`'s, or none for a new row). @returns the row with its lists.
 */
function saveImportedAttendees(
  tx: DbOrTx,
  row: typeof events.$inferSelect,
  c: Columns,
  before: EventRow | null,
): Promise<EventRow> {
  return saveEventMembers(
    tx,
    row,
    { attendees: c.attendees, alertMembers: before?.alertMembers ?? [] },
    before,
  );
}

/** The columns of `c` the events table has (`attendees` are rows of their own). */
function tableColumns<C extends { attendees: unknown }>(c: C): Omit<C, 'attendees'> {
  const { attendees: _attendees, ...columns } = c;
  return columns;
}

function sameColumns(row: EventRow, c: Partial<Columns>): boolean {
  return (Object.keys(c) as Array<keyof Columns>).every(
    (k) => JSON.stringify(row[k]) === JSON.stringify(c[k]),
  );
}

function chunks<T>(items: readonly T[], size: number): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}

/** One reader of .ics texts per process (ics-reading.ts). */
const reader = new IcsReadQueue();

/**
 * The first half of `POST /api/calendar/import`, run before the family's transaction opens (issue 39): reads the
 * family's zone and members in a short transaction of its own, then the text, in slices under a work budget,
 * one text at a time per process (src/server/calendar-feed/ics-reading.ts), holding no database connection.
 * @throws HttpError 413 when the text has more than ICS_IMPORT_MAX_EVENTS events (counted before reading),
 *   503 when too many imports wait for the reader, 404 when the family is gone; IcsFormatError when the text is
 *   not iCalendar at all.
 */
export async function readImport(ctx: ServerContext, familyId: number, text: string): Promise<ParsedIcs> {
  if ((text.match(/^BEGIN:VEVENT/gim) ?? []).length > ICS_IMPORT_MAX_EVENTS)
    throw new HttpError(413, 'payload_too_large', ICS_TOO_MANY_EVENTS_MESSAGE);
  const { timezone, members } = await withFamilyScope(ctx.db, familyId, async () => {
    const [family] = await ctx.db
      .select({ timezone: families.timezone })
      .from(families)
      .where(eq(families.id, familyId));
    if (!family) throw notFound();
    const rows = await ctx.db.select().from(familyMembers).where(eq(familyMembers.familyId, familyId));
    return { timezone: family.timezone, members: membersAsIcs(rows) };
  });
  return reader.run(() => readIcsInSlices(text, timezone, members));
}

/**
 * Events stored per transaction by an import: each transaction holds the family's row lock, and on PGlite the
 * only connection, for about this many events' writes (issue 39: under 100 ms here), never for a whole upload.
 */
const IMPORT_STORE_CHUNK = 25;

/**
 * `POST /api/calendar/import`, second half: stores what `readImport` read into the family's calendar, in
 * transactions of about IMPORT_STORE_CHUNK events (a series and its overrides always in one). A failure rolls
 * back its own part and answers an error; parts stored before it stay, and importing the same file again
 * completes it (events are matched by UID).
 * - Events keep their own zone (src/core/ics/import.ts; floating stays floating); refused VEVENTs are in the
 *   report's `skipped` with the reason and nothing of them is stored; the VEVENT's UID is kept in
 *   `source_uid`, so importing the same file again updates those events instead of duplicating them. Our own
 *   feed's UIDs (`event-<id>@<host>`) match the family's own events.
 * - A series is one row (RRULE + EXDATEs + RDATEs); an overridden occurrence is an override row of its series; a
 *   cancelled occurrence becomes an EXDATE. An override whose series is neither in the file nor already
 *   imported is kept as a one-off event.
 * - Plan limit (SPEC: `families.max_events_per_month`): every NEW row counts once toward this month's
 *   allowance, exactly like `POST /api/events` (`eventsCreatedThisMonth`): a one-off, a whole series, and a new
 *   override (RECURRENCE-ID) of a series (issue 20: a file of one series with thousands of overrides was
 *   thousands of events for free). Updates of already-imported events and overrides do not count. Once the
 *   allowance is used up, the remaining new rows are skipped with the reason, and the rest of the file still
 *   imports.
 * Call outside any scope (the route opens none: `scopesItself`): each part opens the family's scope itself.
 */
export async function importCalendar(
  ctx: ServerContext,
  familyId: number,
  parsed: ParsedIcs,
): Promise<ImportReportDto> {
  const report: ImportReportDto = {
    imported: 0,
    updated: 0,
    unchanged: 0,
    skipped: [...parsed.skipped],
    warnings: parsed.warnings,
  };
  for (const part of storeChunks(parsed.events)) {
    await withFamilyScope(ctx.db, familyId, () => storeEvents(ctx, familyId, part, report));
    // Other requests' statements run between two parts (on PGlite, the one connection is free again).
    await setImmediate();
  }
  return report;
}

/**
 * The parsed events in parts of about `IMPORT_STORE_CHUNK`, each UID's events (a series and its overrides)
 * together, in file order.
 */
function storeChunks(events: readonly ParsedIcsEvent[]): ParsedIcsEvent[][] {
  const groups = new Map<string, ParsedIcsEvent[]>();
  for (const e of events) groups.set(e.uid, [...(groups.get(e.uid) ?? []), e]);
  const parts: ParsedIcsEvent[][] = [];
  let part: ParsedIcsEvent[] = [];
  for (const group of groups.values()) {
    if (part.length > 0 && part.length + group.length > IMPORT_STORE_CHUNK) {
      parts.push(part);
      part = [];
    }
    part.push(...group);
  }
  if (part.length > 0) parts.push(part);
  return parts;
}

/** How `storeEvents` treats what it stores. */
export interface StoreOptions {
  /**
   * The events are a CalDAV client's object (issue 40): its overrides (RECURRENCE-ID) are occurrence edits, which
   * count toward the plan only when moved into another month (ADR 040), not new events as an import's are.
   */
  overridesAsEdits?: boolean;
}

/**
 * Stores one part of an import in one transaction, adding to `report` (see `importCalendar`); also a CalDAV
 * client's object (src/server/caldav/store.ts), so that both take the same path. Call inside the family's scope.
 */
export async function storeEvents(
  ctx: ServerContext,
  familyId: number,
  parsedEvents: readonly ParsedIcsEvent[],
  report: ImportReportDto,
  options: StoreOptions = {},
): Promise<void> {
  const [family] = await ctx.db.select().from(families).where(eq(families.id, familyId));
  if (!family) throw notFound();
  const parsed = { events: parsedEvents };
  const host = uidHost(ctx);
  const now = ctx.clock.now();

  await ctx.db.transaction(async (tx) => {
    // Locks the family row: concurrent imports and creations cannot both take the last slots of the month.
    await tx.select({ id: families.id }).from(families).where(eq(families.id, familyId)).for('update');
    let remaining =
      family.maxEventsPerMonth - (await eventsCreatedThisMonth(tx, familyId, family.timezone, now));

    const uids = [...new Set(parsed.events.map((e) => e.uid))];
    const ownIds = uids.map((u) => parseOwnUid(u, host)).filter((id): id is number => id !== null);
    const existing: EventRow[] = [];
    for (const part of chunks(uids, 1000)) {
      existing.push(
        ...(await tx
          .select(eventColumns)
          .from(events)
          .where(and(eq(events.familyId, familyId), inArray(events.sourceUid, part)))),
      );
    }
    for (const part of chunks(ownIds, 1000)) {
      existing.push(
        ...(await tx
          .select(eventColumns)
          .from(events)
          .where(and(eq(events.familyId, familyId), inArray(events.id, part)))),
      );
    }
    const mastersByUid = new Map<string, EventRow>();
    for (const row of existing) {
      if (row.parentEventId !== null) continue;
      const own = row.sourceUid === null ? row.id : null;
      const uid = own !== null ? `event-${own}@${host}` : row.sourceUid;
      if (uid !== null && (row.recurrenceId === null || !mastersByUid.has(uid))) mastersByUid.set(uid, row);
    }

    // A cancelled occurrence in the file is an EXDATE of its series (so re-importing compares equal).
    const cancelledByUid = new Map<string, string[]>();
    for (const e of parsed.events) {
      if (e.recurrenceId === null || !e.cancelled) continue;
      cancelledByUid.set(e.uid, [...(cancelledByUid.get(e.uid) ?? []), e.recurrenceId]);
    }
    // Series and one-off events first, so overrides find their series.
    const seen = new Set<string>();
    const toInsert: Array<{ e: ParsedIcsEvent; c: Columns }> = [];
    for (const e of parsed.events) {
      if (e.recurrenceId !== null) continue;
      if (seen.has(e.uid)) {
        report.skipped.push({ uid: e.uid, title: e.title, reason: 'Duplicate UID in the file' });
        continue;
      }
      seen.add(e.uid);
      if (e.cancelled) {
        report.skipped.push({ uid: e.uid, title: e.title, reason: 'Cancelled event' });
        continue;
      }
      const c = importedColumns(e);
      const cancelled = cancelledByUid.get(e.uid);
      if (c.rrule !== null && cancelled) c.exdates = [...new Set([...c.exdates, ...cancelled])].sort();
      const row = mastersByUid.get(e.uid);
      if (row) {
        if (sameColumns(row, c)) report.unchanged++;
        else {
          const [stored] = await tx
            .update(events)
            .set({ ...tableColumns(c), updatedAt: now })
            .where(eq(events.id, row.id))
            .returning();
          if (stored) {
            const written = await saveImportedAttendees(tx, stored, c, row);
            mastersByUid.set(e.uid, written);
            // As for an edit in the app: pending reminders are re-planned, alert_members told of a new time.
            await onEventWritten(tx, ctx.config.PUBLIC_URL, row, written, now);
          }
          report.updated++;
        }
      } else if (remaining <= 0) {
        report.skipped.push({
          uid: e.uid,
          title: e.title,
          reason: `Plan limit reached: your plan allows ${family.maxEventsPerMonth} new events per month`,
        });
      } else {
        remaining--;
        toInsert.push({ e, c });
      }
    }
    for (const part of chunks(toInsert, 500)) {
      const rows = await tx
        .insert(events)
        .values(
          part.map(({ e, c }) => ({
            ...tableColumns(c),
            familyId,
            sourceUid: e.uid,
            createdAt: now,
            updatedAt: now,
          })),
        )
        .returning();
      const columnsOf = new Map(part.map(({ e, c }) => [e.uid, c]));
      for (const row of rows) {
        const c = row.sourceUid === null ? undefined : columnsOf.get(row.sourceUid);
        if (row.sourceUid && c)
          mastersByUid.set(row.sourceUid, await saveImportedAttendees(tx, row, c, null));
      }
      report.imported += rows.length;
    }

    // Overrides (RECURRENCE-ID) and cancelled occurrences.
    const overrideRows = new Map<string, EventRow>();
    const seriesIds = [...new Set([...mastersByUid.values()].map((r) => r.id))];
    for (const part of chunks(seriesIds, 1000)) {
      const rows = await tx
        .select(eventColumns)
        .from(events)
        .where(and(eq(events.familyId, familyId), inArray(events.parentEventId, part)));
      for (const row of rows) overrideRows.set(`${row.parentEventId}|${row.recurrenceId}`, row);
    }
    const exdatesToAdd = new Map<number, Set<string>>();
    for (const e of parsed.events) {
      if (e.recurrenceId === null) continue;
      const series = mastersByUid.get(e.uid);
      if (!series || (series.rrule === null && series.rdates.length === 0)) {
        if (e.cancelled) {
          report.skipped.push({
            uid: e.uid,
            title: e.title,
            reason: 'Cancelled occurrence of an unknown series',
          });
          continue;
        }
        // No series to attach to: a one-off event (counts toward the plan limit like any new event).
        const key = `${e.uid}|${e.recurrenceId}`;
        const c = { ...importedColumns(e), rrule: null, isRecurring: false, exdates: [] };
        const [row] = await tx
          .select(eventColumns)
          .from(events)
          .where(
            and(
              eq(events.familyId, familyId),
              eq(events.sourceUid, e.uid),
              eq(events.recurrenceId, e.recurrenceId),
              isNull(events.parentEventId),
            ),
          );
        if (seen.has(key)) continue;
        seen.add(key);
        if (row) {
          if (sameColumns(row, c)) report.unchanged++;
          else {
            const [stored] = await tx
              .update(events)
              .set({ ...tableColumns(c), updatedAt: now })
              .where(eq(events.id, row.id))
              .returning();
            if (stored) await saveImportedAttendees(tx, stored, c, row);
            report.updated++;
          }
        } else if (remaining <= 0) {
          report.skipped.push({
            uid: e.uid,
            title: e.title,
            reason: `Plan limit reached: your plan allows ${family.maxEventsPerMonth} new events per month`,
          });
        } else {
          remaining--;
          const [stored] = await tx
            .insert(events)
            .values({
              ...tableColumns(c),
              familyId,
              sourceUid: e.uid,
              recurrenceId: e.recurrenceId,
              createdAt: now,
              updatedAt: now,
            })
            .returning();
          if (stored) await saveImportedAttendees(tx, stored, c, null);
          report.imported++;
        }
        continue;
      }
      // RECURRENCE-ID in the stored series' terms (its zone and value type), whether or not the series is in the file.
      const occurrence = e.recurrenceRef
        ? inSeriesTerms(e.recurrenceRef, series, family.timezone)
        : e.recurrenceId;
      const key = `${series.id}|${occurrence}`;
      const current = overrideRows.get(key);
      if (e.cancelled) {
        if (current) {
          await cancelDeletedEventsReminders(tx, familyId, [current.id], now);
          await tx.delete(events).where(eq(events.id, current.id));
        }
        if (!series.exdates.includes(occurrence)) {
          const set = exdatesToAdd.get(series.id) ?? new Set<string>();
          set.add(occurrence);
          exdatesToAdd.set(series.id, set);
        }
        continue;
      }
      const c = {
        ...importedColumns(e),
        rrule: null,
        isRecurring: false,
        exdates: [],
        recurrenceEndDate: null,
      };
      // An imported override counts like a new event (issue 20); a client's occurrence edit as the app's do
      // (ADR 040): only once moved into another month than its occurrence's.
      const counts = !options.overridesAsEdits || c.startDate.slice(0, 7) !== occurrence.slice(0, 7);
      const startsCounting = counts && !(current?.countsTowardPlan ?? false);
      if (current && (!options.overridesAsEdits || !startsCounting || remaining > 0)) {
        if (sameColumns(current, c)) report.unchanged++;
        else {
          if (options.overridesAsEdits && startsCounting) remaining--;
          const [stored] = await tx
            .update(events)
            .set({
              ...tableColumns(c),
              updatedAt: now,
              ...(options.overridesAsEdits && startsCounting
                ? { countsTowardPlan: true, createdAt: now }
                : {}),
            })
            .where(eq(events.id, current.id))
            .returning();
          if (stored) {
            const written = await saveImportedAttendees(tx, stored, c, current);
            await onEventWritten(tx, ctx.config.PUBLIC_URL, current, written, now);
          }
          report.updated++;
        }
      } else if (counts && remaining <= 0) {
        report.skipped.push({
          uid: e.uid,
          title: e.title,
          reason: `Plan limit reached: your plan allows ${family.maxEventsPerMonth} new events per month`,
        });
      } else {
        if (counts) remaining--;
        const [stored] = await tx
          .insert(events)
          .values({
            ...tableColumns(c),
            familyId,
            parentEventId: series.id,
            recurrenceId: occurrence,
            sourceUid: series.sourceUid,
            countsTowardPlan: counts,
            createdAt: now,
            updatedAt: now,
          })
          .returning();
        if (stored) overrideRows.set(key, await saveImportedAttendees(tx, stored, c, null));
        report.imported++;
      }
    }
    for (const [id, add] of exdatesToAdd) {
      const series = [...mastersByUid.values()].find((r) => r.id === id);
      if (!series) continue;
      const exdates = [...new Set([...series.exdates, ...add])].sort();
      for (const occurrence of add) {
        if (!series.exdates.includes(occurrence)) {
          await cancelOccurrenceReminders(tx, familyId, id, occurrence, false, now);
        }
      }
      await tx.update(events).set({ exdates, updatedAt: now }).where(eq(events.id, id));
    }
    // A client's PUT can move a FamilyHub event that has pickups or drop-offs (it keeps them): their tasks follow.
    await syncFamilyTransportTasks(tx, familyId, now);
  });
}
