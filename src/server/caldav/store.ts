import { and, asc, eq, gt, inArray, isNull, or, type SQL } from 'drizzle-orm';
import type { ImportReportDto } from '../../core/contracts/calendar-feed.ts';
import { createTaskSchema, updateTaskSchema } from '../../core/contracts/tasks.ts';
import { buildCalendarObject } from '../../core/ics/export.ts';
import { inSeriesTerms, type ParsedIcs } from '../../core/ics/import.ts';
import { type IcsMember, parseOwnUid } from '../../core/ics/model.ts';
import { buildTodoObject, parseTodoObject, TodoFormatError } from '../../core/ics/todo.ts';
import { addLocalDays, instantToLocal } from '../../core/time/local-time.ts';
import { storeEvents } from '../calendar-feed/service.ts';
import { eventColumns } from '../db/event-members.ts';
import { parseRdate } from '../db/event-occurrences.ts';
import { type DavCollection, davResources, davSyncState } from '../db/schema/caldav.ts';
import { events } from '../db/schema/events.ts';
import { families, familyMembers } from '../db/schema/families.ts';
import { tasks } from '../db/schema/tasks.ts';
import { taskColumns } from '../db/task-assignees.ts';
import { deleteEvent } from '../events/service.ts';
import { syncFamilyTransportTasks } from '../driving/transport-tasks.ts';
import type { ServerContext } from '../context.ts';
import { HttpError, parseInput } from '../http/errors.ts';
import { cancelDeletedEventsReminders } from '../scheduler/hooks.ts';
import { createTask, deleteTask, updateTask } from '../tasks/service.ts';
import { NS, type PropName } from './xml.ts';

/** A calendar object resource of a collection (a row of `dav_resources`). */
export interface DavResource {
  name: string;
  seq: number;
  eventId: number | null;
  taskId: number | null;
  deleted: boolean;
}

/**
 * A request the CalDAV protocol refuses: the status, the precondition (RFC 4791 §5.3.2.1, RFC 4918 §16) when
 * one applies, and a message for people.
 */
export class DavError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly condition?: PropName,
  ) {
    super(message);
  }
}

/** A resource's strong ETag (RFC 7232 §2.3): its change counter, which every change of what it shows moves. */
export function etagOf(resource: Pick<DavResource, 'seq'>): string {
  return `"${resource.seq}"`;
}

/** Sync tokens are URIs (RFC 6578 §3.2); ours carry the family's change counter. */
const SYNC_TOKEN_PREFIX = 'https://familyhub.app/ns/sync/';

export function syncTokenOf(seq: number): string {
  return `${SYNC_TOKEN_PREFIX}${seq}`;
}

/** The counter a token names, or null for a token we did not hand out (RFC 6578 §3.2: `valid-sync-token`). */
export function parseSyncToken(token: string): number | null {
  if (!token.startsWith(SYNC_TOKEN_PREFIX)) return null;
  const rest = token.slice(SYNC_TOKEN_PREFIX.length);
  return /^(0|[1-9][0-9]{0,15})$/.test(rest) ? Number(rest) : null;
}

/** The family's change counter: the collections' sync token and CTag (0 before any change). */
export async function currentSeq(ctx: ServerContext, familyId: number): Promise<number> {
  const [row] = await ctx.db
    .select({ seq: davSyncState.seq })
    .from(davSyncState)
    .where(eq(davSyncState.familyId, familyId));
  return row?.seq ?? 0;
}

const resourceColumns = {
  name: davResources.name,
  seq: davResources.seq,
  eventId: davResources.eventId,
  taskId: davResources.taskId,
  deleted: davResources.deleted,
};

/** The rows of `collection` of `familyId`, with `more` conditions. */
function inCollection(familyId: number, collection: DavCollection, ...more: SQL[]): SQL | undefined {
  return and(eq(davResources.familyId, familyId), eq(davResources.collection, collection), ...more);
}

/** The live resources of a collection, by name. */
export async function listResources(
  ctx: ServerContext,
  familyId: number,
  collection: DavCollection,
): Promise<DavResource[]> {
  return ctx.db
    .select(resourceColumns)
    .from(davResources)
    .where(inCollection(familyId, collection, eq(davResources.deleted, false)))
    .orderBy(asc(davResources.name));
}

/** The live resources named `names` (the others do not exist). */
export async function resourcesNamed(
  ctx: ServerContext,
  familyId: number,
  collection: DavCollection,
  names: readonly string[],
): Promise<DavResource[]> {
  const out: DavResource[] = [];
  for (let i = 0; i < names.length; i += 1000) {
    out.push(
      ...(await ctx.db
        .select(resourceColumns)
        .from(davResources)
        .where(
          inCollection(
            familyId,
            collection,
            eq(davResources.deleted, false),
            inArray(davResources.name, names.slice(i, i + 1000)),
          ),
        )),
    );
  }
  return out;
}

/**
 * What changed in a collection after counter `since` (RFC 6578 §3.2): resources changed or created, and deleted
 * ones (tombstones) that existed then.
 */
export async function changesSince(
  ctx: ServerContext,
  familyId: number,
  collection: DavCollection,
  since: number,
): Promise<DavResource[]> {
  return ctx.db
    .select(resourceColumns)
    .from(davResources)
    .where(inCollection(familyId, collection, gt(davResources.seq, since)))
    .orderBy(asc(davResources.seq));
}

function uidHost(ctx: ServerContext): string {
  return new URL(ctx.config.PUBLIC_URL).hostname;
}

async function familyAndMembers(ctx: ServerContext, familyId: number) {
  const [family] = await ctx.db.select().from(families).where(eq(families.id, familyId));
  if (!family) throw new DavError(404, 'Not found');
  const rows = await ctx.db.select().from(familyMembers).where(eq(familyMembers.familyId, familyId));
  const members: IcsMember[] = rows.map((m) => ({ id: m.id, name: m.name, email: m.email }));
  return { family, members };
}

/**
 * The iCalendar text of each resource (RFC 4791 §4.1 calendar object resources), by resource name: an event's
 * object is its series (or one-off) with its overrides (`buildCalendarObject`), a task's its VTODO
 * (`buildTodoObject`). Resources whose row is gone are left out.
 */
export async function renderObjects(
  ctx: ServerContext,
  familyId: number,
  collection: DavCollection,
  resources: readonly DavResource[],
): Promise<Map<string, string>> {
  const out = new Map<string, string>();
  if (resources.length === 0) return out;
  const { family, members } = await familyAndMembers(ctx, familyId);
  const host = uidHost(ctx);
  if (collection === 'events') {
    const nameOf = new Map(resources.flatMap((r) => (r.eventId !== null ? [[r.eventId, r.name]] : [])));
    const ids = [...nameOf.keys()];
    const groups = new Map<number, Array<typeof events.$inferSelect & { attendees: string[] }>>();
    for (let i = 0; i < ids.length; i += 1000) {
      const part = ids.slice(i, i + 1000);
      const rows = await ctx.db
        .select(eventColumns)
        .from(events)
        .where(
          and(
            eq(events.familyId, familyId),
            or(inArray(events.id, part), inArray(events.parentEventId, part)),
          ),
        )
        .orderBy(asc(events.id));
      for (const row of rows) {
        const key = row.parentEventId ?? row.id;
        groups.set(key, [...(groups.get(key) ?? []), row]);
      }
    }
    for (const [id, rows] of groups) {
      const name = nameOf.get(id);
      if (name === undefined || !rows.some((r) => r.id === id)) continue;
      const stamp = rows.reduce((max, r) => (r.updatedAt > max ? r.updatedAt : max), new Date(0));
      out.set(
        name,
        buildCalendarObject({
          name: family.name,
          timeZone: family.timezone,
          host,
          stamp,
          members,
          events: rows.map((r) => ({ ...r, rdates: r.rdates.map(parseRdate) })),
        }),
      );
    }
    return out;
  }
  const nameOf = new Map(resources.flatMap((r) => (r.taskId !== null ? [[r.taskId, r.name]] : [])));
  const ids = [...nameOf.keys()];
  for (let i = 0; i < ids.length; i += 1000) {
    const rows = await ctx.db
      .select(taskColumns)
      .from(tasks)
      .where(and(eq(tasks.familyId, familyId), inArray(tasks.id, ids.slice(i, i + 1000))));
    for (const t of rows) {
      const name = nameOf.get(t.id);
      if (name === undefined) continue;
      out.set(
        name,
        buildTodoObject(
          {
            ...t,
            status: t.status === 'completed' ? 'completed' : 'open',
            priority: t.priority === 'high' || t.priority === 'low' ? t.priority : 'medium',
            assigneeIds: t.assignedToIds.map(Number),
          },
          members,
          family.timezone,
          host,
        ),
      );
    }
  }
  return out;
}

/** The conditional request headers of a write (RFC 7232 §3.1, §3.2). */
export interface Preconditions {
  ifMatch?: string;
  ifNoneMatch?: string;
}

/**
 * RFC 7232 §3.1–3.2 for a write to `existing` (undefined: the resource does not exist): `If-Match: *` needs it to
 * exist, `If-Match: "e"` needs its ETag to be `"e"`, `If-None-Match: *` needs it not to exist.
 * @throws DavError 412 when a condition fails (nothing is written then).
 */
function checkPreconditions(existing: DavResource | undefined, pre: Preconditions): void {
  const listed = (header: string) => header.split(',').map((s) => s.trim().replace(/^W\//, ''));
  if (pre.ifMatch !== undefined) {
    const tags = listed(pre.ifMatch);
    if (!existing || !(tags.includes('*') || tags.includes(etagOf(existing))))
      throw new DavError(412, 'The object was changed since you last read it (If-Match).');
  }
  if (pre.ifNoneMatch !== undefined && existing) {
    const tags = listed(pre.ifNoneMatch);
    if (tags.includes('*') || tags.includes(etagOf(existing)))
      throw new DavError(412, 'An object with this name exists already (If-None-Match).');
  }
}

/**
 * Takes the family row's lock for the rest of the transaction, before a write reads the resource it checks
 * `If-Match` against: two clients writing with the same ETag are then served one after the other, and the second
 * gets its 412 (RFC 7232 §3.1) instead of overwriting the first.
 */
async function lockFamily(ctx: ServerContext, familyId: number): Promise<void> {
  await ctx.db.select({ id: families.id }).from(families).where(eq(families.id, familyId)).for('update');
}

async function resourceNamed(
  ctx: ServerContext,
  familyId: number,
  collection: DavCollection,
  name: string,
): Promise<DavResource | undefined> {
  return (await resourcesNamed(ctx, familyId, collection, [name]))[0];
}

/**
 * Gives a resource a client created by PUT the name the client chose (RFC 4791 §5.3.2: the object lives at the
 * request URI); a tombstone of that name goes (the name is live again).
 */
async function nameResource(
  ctx: ServerContext,
  familyId: number,
  collection: DavCollection,
  ref: { eventId: number } | { taskId: number },
  name: string,
): Promise<void> {
  await ctx.db
    .delete(davResources)
    .where(inCollection(familyId, collection, eq(davResources.name, name), eq(davResources.deleted, true)));
  await ctx.db
    .update(davResources)
    .set({ name })
    .where(
      and(
        eq(davResources.familyId, familyId),
        'eventId' in ref ? eq(davResources.eventId, ref.eventId) : eq(davResources.taskId, ref.taskId),
      ),
    );
}

const NO_UID_CONFLICT: PropName = { ns: NS.caldav, name: 'no-uid-conflict' };
const VALID_OBJECT: PropName = { ns: NS.caldav, name: 'valid-calendar-object-resource' };
const VALID_DATA: PropName = { ns: NS.caldav, name: 'valid-calendar-data' };
const SUPPORTED_COMPONENT: PropName = { ns: NS.caldav, name: 'supported-calendar-component' };

/** The series or one-off event whose UID is `uid` (FamilyHub's own `event-<id>@<host>` or a stored source UID). */
async function eventByUid(ctx: ServerContext, familyId: number, uid: string): Promise<number | null> {
  const own = parseOwnUid(uid, uidHost(ctx));
  const [row] = await ctx.db
    .select({ id: events.id })
    .from(events)
    .where(
      and(
        eq(events.familyId, familyId),
        isNull(events.parentEventId),
        own !== null ? eq(events.id, own) : eq(events.sourceUid, uid),
      ),
    )
    .orderBy(asc(events.recurrenceId), asc(events.id))
    .limit(1);
  return row?.id ?? null;
}

/**
 * A client's PUT to the family calendar (RFC 4791 §5.3.2), after `readImport` read the body through the import's
 * bounded, lenient parser (issue 39): the object's events are stored as an import stores them (`storeEvents`:
 * the same field rules, plan limit, reminders and live updates), then what the object no longer holds goes:
 * overrides (RECURRENCE-ID) it dropped are deleted, so the stored series is what the client sent. Pickups and
 * drop-offs, which no client knows, stay. Call in the family's scope.
 * @returns whether the resource was created (201) or replaced (204).
 * @throws DavError 412 on a failed precondition; 403 with `valid-calendar-data` when the reader refused any of
 *   its VEVENTs, `supported-calendar-component` when it holds none, `valid-calendar-object-resource` when it holds
 *   more than one UID, `no-uid-conflict` when its UID is another resource's (or a replace
 *   changes it), and with the reason when the plan limit or a field rule refuses it. Nothing is written then.
 */
export async function putEventObject(
  ctx: ServerContext,
  familyId: number,
  name: string,
  parsed: ParsedIcs,
  pre: Preconditions,
): Promise<'created' | 'replaced'> {
  await lockFamily(ctx, familyId);
  const existing = await resourceNamed(ctx, familyId, 'events', name);
  checkPreconditions(existing, pre);
  const uids = new Set([...parsed.events.map((e) => e.uid), ...parsed.skipped.map((s) => s.uid)]);
  if (uids.size > 1)
    throw new DavError(403, 'A calendar object holds one event (one UID) and its changes.', VALID_OBJECT);
  // A PUT stores the whole object or nothing: a part the reader refused (an override with an impossible date, a
  // series over the work budget) would otherwise be dropped, and the override stored before deleted.
  const refusedPart = parsed.skipped[0];
  if (refusedPart) throw new DavError(403, refusedPart.reason, VALID_DATA);
  if (parsed.events.length === 0)
    throw new DavError(403, 'The object holds no event (VEVENT).', SUPPORTED_COMPONENT);
  const uid = parsed.events[0]?.uid ?? '';
  const owner = await eventByUid(ctx, familyId, uid);
  // RFC 4791 §5.3.2.1: a new object's UID is no other object's, and a replaced object keeps its UID.
  if (existing ? owner !== existing.eventId : owner !== null)
    throw new DavError(403, 'Another object of this calendar has this UID.', NO_UID_CONFLICT);

  const report: ImportReportDto = { imported: 0, updated: 0, unchanged: 0, skipped: [], warnings: [] };
  await storeEvents(ctx, familyId, parsed.events, report, { overridesAsEdits: true });
  const refused = report.skipped[0];
  if (refused) throw new DavError(403, refused.reason);

  const seriesId = await eventByUid(ctx, familyId, uid);
  if (seriesId === null) throw new DavError(403, 'The event could not be stored.');
  await dropOverridesNotIn(ctx, familyId, seriesId, parsed);
  if (!existing) await nameResource(ctx, familyId, 'events', { eventId: seriesId }, name);
  return existing ? 'replaced' : 'created';
}

/** Deletes the overrides of `seriesId` that `parsed` (the whole new object) no longer has. */
async function dropOverridesNotIn(
  ctx: ServerContext,
  familyId: number,
  seriesId: number,
  parsed: ParsedIcs,
): Promise<void> {
  const [series] = await ctx.db.select().from(events).where(eq(events.id, seriesId));
  const [family] = await ctx.db
    .select({ timezone: families.timezone })
    .from(families)
    .where(eq(families.id, familyId));
  if (!series || !family) return;
  const kept = new Set(
    parsed.events.flatMap((e) =>
      e.recurrenceRef ? [inSeriesTerms(e.recurrenceRef, series, family.timezone)] : [],
    ),
  );
  const overrides = await ctx.db
    .select({ id: events.id, recurrenceId: events.recurrenceId })
    .from(events)
    .where(and(eq(events.familyId, familyId), eq(events.parentEventId, seriesId)));
  const gone = overrides.filter((o) => o.recurrenceId === null || !kept.has(o.recurrenceId)).map((o) => o.id);
  if (gone.length === 0) return;
  const now = ctx.clock.now();
  await cancelDeletedEventsReminders(ctx.db, familyId, gone, now);
  await ctx.db.delete(events).where(and(eq(events.familyId, familyId), inArray(events.id, gone)));
  // Their occurrences are the series' again, with the series' drivers.
  await syncFamilyTransportTasks(ctx.db, familyId, now);
}

/** The task whose UID is `uid` (FamilyHub's own `task-<id>@<host>` or a client's, stored in `source_uid`). */
async function taskByUid(ctx: ServerContext, familyId: number, uid: string): Promise<number | null> {
  const m = /^task-([1-9][0-9]{0,9})@(.+)$/.exec(uid);
  const own = m && m[2] === uidHost(ctx) ? Number(m[1]) : null;
  const [row] = await ctx.db
    .select({ id: tasks.id })
    .from(tasks)
    .where(and(eq(tasks.familyId, familyId), own !== null ? eq(tasks.id, own) : eq(tasks.sourceUid, uid)))
    .limit(1);
  return row?.id ?? null;
}

/** A task service's refusal (a field rule, 404) as CalDAV's 403 with the message. */
async function asDav<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (error instanceof HttpError && error.statusCode < 500) {
      const fields = Object.values(error.fields ?? {});
      throw new DavError(403, fields.length > 0 ? fields.join(' ') : error.message, VALID_DATA);
    }
    throw error;
  }
}

/**
 * The due time given to a to-do that has none (FamilyHub's standalone tasks always have one, SPEC §5): 17:00
 * today in the family's zone, or tomorrow once that has passed.
 */
function defaultDue(now: Date, familyZone: string): string {
  const local = instantToLocal(now, familyZone);
  const today = local.slice(0, 10);
  return local < `${today}T17:00:00` ? `${today}T17:00:00` : `${addLocalDays(today, 1)}T17:00:00`;
}

/**
 * A client's PUT to the family's tasks (issue 40 item 4): the VTODO is read (`parseTodoObject`) and goes through
 * the task service with the app's rules, so completing it in Reminders completes it here (reminders cancelled)
 * and a new to-do is a task. A to-do without ATTENDEEs is the writer's own (`memberId`); without DUE, due at
 * `defaultDue`. Call in the family's scope.
 * @throws DavError as `putEventObject` (403 with the field's message when a rule refuses it).
 */
export async function putTaskObject(
  ctx: ServerContext,
  familyId: number,
  memberId: number | null,
  name: string,
  body: string,
  pre: Preconditions,
): Promise<'created' | 'replaced'> {
  await lockFamily(ctx, familyId);
  const existing = await resourceNamed(ctx, familyId, 'tasks', name);
  checkPreconditions(existing, pre);
  const { family, members } = await familyAndMembers(ctx, familyId);
  let todo;
  try {
    todo = parseTodoObject(body, family.timezone, members);
  } catch (error) {
    if (error instanceof TodoFormatError)
      throw new DavError(403, error.message, error.otherComponent ? SUPPORTED_COMPONENT : VALID_DATA);
    throw error;
  }
  const owner = await taskByUid(ctx, familyId, todo.uid);
  if (existing ? owner !== existing.taskId : owner !== null)
    throw new DavError(403, 'Another object of these tasks has this UID.', NO_UID_CONFLICT);
  const assignees = todo.assigneeIds.length > 0 ? todo.assigneeIds : memberId !== null ? [memberId] : [];
  const fields = {
    title: todo.title,
    description: todo.description,
    status: todo.status,
    priority: todo.priority,
  };
  let taskId: number;
  if (owner === null) {
    const input = await asDav(async () =>
      parseInput(createTaskSchema, {
        ...fields,
        assigned_to_ids: assignees.map(String),
        due_date: todo.dueDate ?? defaultDue(ctx.clock.now(), family.timezone),
      }),
    );
    taskId = (await asDav(() => createTask(ctx, familyId, input))).id;
  } else {
    taskId = owner;
    const input = await asDav(async () =>
      parseInput(updateTaskSchema, {
        ...fields,
        ...(todo.assigneeIds.length > 0 ? { assigned_to_ids: todo.assigneeIds.map(String) } : {}),
        ...(todo.dueDate ? { due_date: todo.dueDate } : {}),
      }),
    );
    await asDav(() => updateTask(ctx, familyId, owner, input));
  }
  await ctx.db
    .update(tasks)
    .set({ sourceUid: owner === null ? todo.uid : undefined, davExtra: todo.extra })
    .where(and(eq(tasks.familyId, familyId), eq(tasks.id, taskId)));
  if (!existing) await nameResource(ctx, familyId, 'tasks', { taskId }, name);
  return existing ? 'replaced' : 'created';
}

/**
 * A client's DELETE of an object (RFC 4918 §9.6): the whole event (series, overrides and their tasks, through the
 * events service, so reminders go with it) or the task. Its resource stays as a tombstone for sync.
 * @throws DavError 404 when there is no such object, 412 on a failed `If-Match`.
 */
export async function deleteObject(
  ctx: ServerContext,
  familyId: number,
  collection: DavCollection,
  name: string,
  pre: Preconditions,
): Promise<void> {
  await lockFamily(ctx, familyId);
  const existing = await resourceNamed(ctx, familyId, collection, name);
  if (!existing) throw new DavError(404, 'Not found');
  checkPreconditions(existing, pre);
  if (existing.eventId !== null) await deleteEvent(ctx, familyId, existing.eventId, { scope: 'all' });
  else if (existing.taskId !== null) await deleteTask(ctx, familyId, existing.taskId);
}
