import { and, asc, eq, gt, inArray, isNotNull, isNull, lt } from 'drizzle-orm';
import { gapSentence } from '../../../core/driving/words.ts';
import { expandEvents, occurrencesIn, type Occurrence } from '../../../core/recurrence/occurrences.ts';
import { DAILY_SUMMARY_LOCAL_TIME, dailySummaryWindow } from '../../../core/reminders/reminder-times.ts';
import type { SummaryInput, SummaryTransport } from '../../../core/reminders/summary.ts';
import { addLocalDays, instantToLocal } from '../../../core/time/local-time.ts';
import type { Db } from '../../db/types.ts';
import { type EngineRow, loadWindowRows } from '../../db/event-occurrences.ts';
import { events } from '../../db/schema/events.ts';
import { families } from '../../db/schema/families.ts';
import { dailySummaryLog, notifications } from '../../db/schema/notifications.ts';
import { tasks } from '../../db/schema/tasks.ts';
import { assignedToIds } from '../../db/task-assignees.ts';
import { coverageOf, coverageWindow, type Coverage } from '../../driving/service.ts';
import { enqueueMany, type OutboundMessage } from '../../notifications/outbox.ts';
import { familyPhrase, publicLink } from '../../notifications/templates.ts';
import {
  type Audience,
  channelFor,
  type FamilyFacts,
  loadAudience,
  type MemberFacts,
  membersOf,
  namesText,
  policyFactsOf,
} from '../audience.ts';
import { dailySummaryMessage } from '../messages.ts';
import { groupBy, type JobContext } from './shared.ts';

/** What the daily-summary job planned (see `PlanResult` in planner.ts). */
export interface SummaryResult {
  summaries: number;
  expired: number;
  failedRows: number;
  failedFamilies: number;
}

/** The daily-summary job's inputs: the shared ones, and how it batches families. */
export interface DailySummaryContext extends JobContext {
  /** Families per daily-summary transaction. */
  chunkSize: number;
  /** Daily-summary transactions in flight at once (each holds one pooled connection; at least 1). */
  concurrency: number;
}

/** Why a summary planned after its window is recorded as expired (issue 8: "let it expire and record why"). */
export const LATE_SUMMARY_REASON =
  'No server was planning between 7:30 and 10:00 local time; the summary expired instead of arriving late';

const noSummaries = (): SummaryResult => ({ summaries: 0, expired: 0, failedRows: 0, failedFamilies: 0 });

/** The distinct time zones of the families. */
async function zones(db: Db): Promise<string[]> {
  const rows = await db.selectDistinct({ timezone: families.timezone }).from(families);
  return rows.map((r) => r.timezone);
}

/**
 * The daily summaries of the families `familyIds` (all in `zone`) for their local `date`, in one
 * transaction. The day's occurrences come from the occurrence engine; rows it cannot expand are left out of
 * the summary, logged at warn and counted.
 * @throws whatever the database or the composition throws (the caller isolates families).
 */
async function planSummaryChunk(
  { db, publicUrl, logger: log }: JobContext,
  familyIds: number[],
  zone: string,
  date: string,
  now: Date,
  window: { sendAt: Date; expiresAt: Date },
): Promise<SummaryResult> {
  return db.transaction(async (tx) => {
    const audience = await loadAudience(tx, familyIds);
    const wanting = [...audience.members.values()].filter((m) => m.dailySummaryEnabled);
    if (wanting.length === 0) return noSummaries();
    // The claim: whoever inserts the log row composes the summary; others (another process, a second
    // tick) find the row there and do nothing. A concurrent insert waits for our commit, then skips.
    const claimed = await tx
      .insert(dailySummaryLog)
      .values(wanting.map((m) => ({ familyId: m.familyId, familyMemberId: m.id, summaryDate: date })))
      .onConflictDoNothing({ target: [dailySummaryLog.familyMemberId, dailySummaryLog.summaryDate] })
      .returning({ memberId: dailySummaryLog.familyMemberId });
    if (claimed.length === 0) return noSummaries();
    const members = claimed
      .map((c) => audience.members.get(c.memberId))
      .filter((m): m is MemberFacts => m !== undefined);
    const ids = [...new Set(members.map((m) => m.familyId))];
    const dayStart = `${date}T00:00:00`;
    const dayEnd = `${addLocalDays(date, 1)}T00:00:00`;
    // The day and a day either side, loaded and expanded once: the summary tells the day, and a parent's
    // driving gaps are looked for around it (issue 27).
    const around = coverageWindow(date, addLocalDays(date, 1));
    // One after the other: a transaction is one connection (node-postgres queues parallel queries anyway).
    const rows = await loadWindowRows(
      tx,
      inArray(events.familyId, ids),
      around.from.slice(0, 10),
      around.to.slice(0, 10),
    );
    const openTasks = await tx
      .select({
        familyId: tasks.familyId,
        title: tasks.title,
        dueDate: tasks.dueDate,
        assignedTo: tasks.assignedTo,
        assignedToIds,
      })
      .from(tasks)
      .where(
        and(
          inArray(tasks.familyId, ids),
          eq(tasks.status, 'open'),
          isNotNull(tasks.dueDate),
          lt(tasks.dueDate, dayEnd),
          // Pickup / drop-off tasks are told from their event (with where and for whom).
          isNull(tasks.transportKind),
        ),
      );
    // Grouped by family once, so composing stays linear in the number of members.
    const occurrencesOf = new Map<number, Occurrence<EngineRow>[]>();
    const coverage = new Map<number, Omit<Coverage, 'failures'>>();
    let failedRows = 0;
    for (const [familyId, ofFamily] of groupBy(rows, (r) => r.row.familyId)) {
      const expanded = expandEvents(ofFamily, around, zone);
      occurrencesOf.set(familyId, occurrencesIn(expanded.occurrences, { from: dayStart, to: dayEnd }, zone));
      coverage.set(familyId, coverageOf(expanded.occurrences, zone, date, dayEnd.slice(0, 10)));
      for (const f of expanded.failures) {
        failedRows += 1;
        log?.warn(
          { familyId, eventId: f.event.id, reason: f.reason, date },
          'event left out of the daily summary: the occurrence engine could not expand it',
        );
      }
    }
    const tasksOf = groupBy(openTasks, (t) => t.familyId);
    // Issue 27: the day's pickups and drop-offs with no driver open a parent's summary.
    const gapsOf = (familyId: number): string[] => {
      const nameOf = (id: number) => {
        const m = audience.members.get(id);
        return m && m.familyId === familyId ? m.name : undefined;
      };
      return (coverage.get(familyId)?.issues ?? [])
        .filter((i) => i.type === 'no_driver')
        .map((i) => gapSentence(i.leg, nameOf));
    };
    const messages: OutboundMessage[] = [];
    for (const member of members) {
      const family = audience.families.get(member.familyId);
      if (!family) continue;
      const input = summaryFor(
        audience,
        family,
        member,
        date,
        occurrencesOf.get(family.id) ?? [],
        tasksOf.get(family.id) ?? [],
        dayStart,
        publicUrl,
      );
      if (member.role === 'parent') input.gaps = gapsOf(family.id);
      const content = dailySummaryMessage(channelFor(family, member), input);
      messages.push({
        ...content,
        familyId: family.id,
        familyMemberId: member.id,
        dedupeKey: `summary:${member.id}:${date}`,
        source: { kind: 'daily_summary', id: member.id, occurrence: date },
        now,
        sendAfter: window.sendAt,
        expiresAt: window.expiresAt,
      });
    }
    const written = await enqueueMany(tx, messages, policyFactsOf(audience));
    let expired = 0;
    if (now.getTime() >= window.expiresAt.getTime()) {
      const late = await tx
        .update(notifications)
        .set({ status: 'expired', statusReason: LATE_SUMMARY_REASON, updatedAt: now })
        .where(
          and(
            inArray(
              notifications.dedupeKey,
              messages.map((m) => m.dedupeKey),
            ),
            eq(notifications.status, 'pending'),
          ),
        )
        .returning({ id: notifications.id });
      expired = late.length;
    }
    return { summaries: written.created, expired, failedRows, failedFamilies: 0 };
  });
}

/**
 * `planSummaryChunk`, isolating families: when a chunk fails (a row or a composition that throws), it is
 * planned again family by family, so only the broken family is skipped (logged at error and counted); its
 * transaction was rolled back, so nothing of it was claimed.
 */
async function planSummaryChunkIsolated(
  ctx: JobContext,
  familyIds: number[],
  zone: string,
  date: string,
  now: Date,
  window: { sendAt: Date; expiresAt: Date },
): Promise<SummaryResult> {
  const log = ctx.logger;
  try {
    return await planSummaryChunk(ctx, familyIds, zone, date, now, window);
  } catch (error) {
    if (familyIds.length === 1) {
      log?.error({ err: error, familyId: familyIds[0], date }, 'daily summary could not be planned');
      return { ...noSummaries(), failedFamilies: 1 };
    }
    log?.warn(
      { err: error, families: familyIds.length, date },
      'daily summary chunk failed: retrying family by family',
    );
    const total = noSummaries();
    for (const id of familyIds) {
      const done = await planSummaryChunkIsolated(ctx, [id], zone, date, now, window);
      total.summaries += done.summaries;
      total.expired += done.expired;
      total.failedRows += done.failedRows;
      total.failedFamilies += done.failedFamilies;
    }
    return total;
  }
}

/**
 * The daily-summary job (SPEC §3, issue 8): per time zone whose local time has passed 7:30 (all zones, or only
 * `onlyZone`), the summary of that local date for each member with `daily_summary_enabled`, claimed through
 * the unique `daily_summary_log (family_member_id, summary_date)` row in the same transaction as its outbox
 * row, so any number of processes, restarts and late ticks produce exactly one per member per local date.
 * Families are planned `chunkSize` per transaction by `concurrency` workers; a summary planned after the
 * 10:00 cut-off is recorded as expired (`LATE_SUMMARY_REASON`). Dedupe key `summary:{member}:{date}`; source
 * `daily_summary` with the member's id and the local date.
 * @param now the planning instant.
 * @param done `zone|date` already planned by this process (skipped; a restart plans again, which the claim
 *   makes a no-op). Updated in place.
 * @throws what reading the zones or the families throws; a family whose summary fails is logged and counted.
 */
export async function planDailySummaries(
  ctx: DailySummaryContext,
  now: Date,
  done: Set<string>,
  onlyZone?: string,
): Promise<SummaryResult> {
  const { db, chunkSize } = ctx;
  const concurrency = Math.max(1, ctx.concurrency);
  const total = noSummaries();
  for (const zone of onlyZone ? [onlyZone] : await zones(db)) {
    const local = instantToLocal(now, zone);
    const date = local.slice(0, 10);
    if (local.slice(11, 16) < DAILY_SUMMARY_LOCAL_TIME || done.has(`${zone}|${date}`)) continue;
    const window = dailySummaryWindow(date, zone);
    // Keyset pages of family ids feed `concurrency` workers, each planning one chunk per transaction, so the
    // database works on one chunk while Node composes the next.
    let after = 0;
    let exhausted = false;
    const nextChunk = async (): Promise<number[]> => {
      if (exhausted) return [];
      const chunk = await db
        .select({ id: families.id })
        .from(families)
        .where(and(eq(families.timezone, zone), gt(families.id, after)))
        .orderBy(asc(families.id))
        .limit(chunkSize);
      if (chunk.length < chunkSize) exhausted = true;
      after = chunk[chunk.length - 1]?.id ?? after;
      return chunk.map((c) => c.id);
    };
    let paging: Promise<unknown> = Promise.resolve();
    const worker = async () => {
      for (;;) {
        // Pages are taken one at a time (the keyset cursor is shared).
        const taken = paging.then(nextChunk);
        paging = taken.catch(() => undefined);
        const ids = await taken;
        if (ids.length === 0) return;
        const planned = await planSummaryChunkIsolated(ctx, ids, zone, date, now, window);
        total.summaries += planned.summaries;
        total.expired += planned.expired;
        total.failedRows += planned.failedRows;
        total.failedFamilies += planned.failedFamilies;
      }
    };
    await Promise.all(Array.from({ length: concurrency }, worker));
    done.add(`${zone}|${date}`);
  }
  return total;
}

/**
 * The summary's items for one member (`occurrences`, the engine's occurrences of the family's day in its zone,
 * and `openTasks` are the member's family's): their events (organiser or attendee), transport, tasks due and
 * overdue. All-day events are DATEs: the same day in any zone.
 */
function summaryFor(
  audience: Audience,
  family: FamilyFacts,
  member: MemberFacts,
  date: string,
  occurrences: readonly Occurrence<EngineRow>[],
  openTasks: readonly {
    familyId: number;
    title: string;
    dueDate: string | null;
    assignedTo: number | null;
    assignedToIds: string[];
  }[],
  dayStart: string,
  publicUrl: string,
): SummaryInput {
  const mine = String(member.id);
  const ofFamily = occurrences.filter((o) => o.event.row.familyId === family.id);
  const transport: SummaryTransport[] = [];
  for (const o of ofFamily) {
    const e = o.event.row;
    const forWhom = namesText(membersOf(audience, family.id, e.attendees).map((m) => m.name));
    if (e.hasDropoff && e.dropoffAssignedTo === member.id && o.start.slice(0, 10) === date) {
      transport.push({ kind: 'dropoff', at: o.start, title: e.title, location: e.location, forWhom });
    }
    if (e.hasPickup && e.pickupAssignedTo === member.id && o.end.slice(0, 10) === date) {
      transport.push({ kind: 'pickup', at: o.end, title: e.title, location: e.location, forWhom });
    }
  }
  const tasksOfMember = openTasks.filter(
    (t) => t.familyId === family.id && (t.assignedToIds.includes(mine) || t.assignedTo === member.id),
  );
  return {
    familyPhrase: familyPhrase(family.name),
    memberName: member.name,
    date,
    events: ofFamily
      .filter((o) => o.event.row.organizerId === member.id || o.event.row.attendees.includes(mine))
      .map((o) => ({
        // A multi-day event that began earlier shows as all day.
        start: o.start < dayStart ? dayStart : o.start,
        allDay: o.event.allDay || o.start < dayStart,
        title: o.event.row.title,
        location: o.event.row.location,
      })),
    tasksDue: tasksOfMember
      .filter((t) => t.dueDate !== null && t.dueDate >= dayStart)
      .map((t) => ({ title: t.title, due: t.dueDate ?? dayStart })),
    overdue: tasksOfMember
      .filter((t) => t.dueDate !== null && t.dueDate < dayStart)
      .map((t) => ({ title: t.title, due: t.dueDate ?? dayStart })),
    transport,
    link: publicLink(publicUrl, '/calendar'),
  };
}
