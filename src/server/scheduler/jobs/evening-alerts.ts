import { and, asc, eq, gt, inArray } from 'drizzle-orm';
import { countSmsSegments, MAX_SMS_SEGMENTS } from '../../../core/notifications/sms-segments.ts';
import { formatDay } from '../../../core/reminders/summary.ts';
import {
  EVENING_ALERT_LOCAL_TIME,
  eveningAlertSms,
  passengersOf,
  QUIET_HOURS_START_LOCAL_TIME,
} from '../../../core/driving/words.ts';
import { addLocalDays, instantToLocal, localToInstant } from '../../../core/time/local-time.ts';
import type { Db } from '../../db/types.ts';
import { events } from '../../db/schema/events.ts';
import { families } from '../../db/schema/families.ts';
import { drivingAlertLog } from '../../db/schema/notifications.ts';
import { coverageByFamily } from '../../driving/service.ts';
import { enqueueMany, type OutboundMessage } from '../../notifications/outbox.ts';
import { familyPhrase, publicLink } from '../../notifications/templates.ts';
import { channelFor, loadAudience, policyFactsOf } from '../audience.ts';

/** Families per evening-alert transaction. */
const CHUNK = 500;

/** The dedupe key of a member's evening alert for `date` (the outbox's and `driving_alert_log`'s). */
export function eveningAlertKey(memberId: number, date: string): string {
  return `driving-gaps:${memberId}:${date}`;
}

/**
 * Issue 27: the evening SMS the day before, to each parent with a phone who has not opted out
 * (`driving_alerts_enabled`), listing tomorrow's pickups that have no driver (numbered, so that a reply can
 * name one). Planned per time zone whose local time is between 19:00 and the start of quiet hours (21:00);
 * the outbox row expires at 21:00 local, so it is never sent in quiet hours. Exactly once per member per date,
 * across processes and restarts: the unique `driving_alert_log (family_member_id, alert_date)` row is the claim,
 * inserted in the same transaction as the outbox row (whoever inserts it composes; others skip). SMS only:
 * a member SMS cannot reach gets nothing (the morning summary still names the day's gaps).
 * @param now the planning instant.
 * @param done `zone|date` already planned by this process (skipped: a zone is read once per evening, not every
 *   tick; a restart plans again, which the claim makes a no-op). Updated in place.
 * @returns how many alerts were enqueued.
 */
export async function planEveningAlerts(
  db: Db,
  now: Date,
  publicUrl: string,
  done: Set<string> = new Set(),
): Promise<number> {
  const zones = (await db.selectDistinct({ timezone: families.timezone }).from(families)).map(
    (r) => r.timezone,
  );
  let created = 0;
  for (const zone of zones) {
    const local = instantToLocal(now, zone);
    const time = local.slice(11, 16);
    if (time < EVENING_ALERT_LOCAL_TIME || time >= QUIET_HOURS_START_LOCAL_TIME) continue;
    const today = local.slice(0, 10);
    const tomorrow = addLocalDays(today, 1);
    if (done.has(`${zone}|${tomorrow}`)) continue;
    const expiresAt = localToInstant(`${today}T${QUIET_HOURS_START_LOCAL_TIME}:00`, zone);
    for (let after = 0; ;) {
      const chunk = (
        await db
          .select({ id: families.id })
          .from(families)
          .where(and(eq(families.timezone, zone), gt(families.id, after)))
          .orderBy(asc(families.id))
          .limit(CHUNK)
      ).map((r) => r.id);
      if (chunk.length === 0) break;
      after = chunk[chunk.length - 1] ?? after;
      created += await planChunk(db, chunk, zone, tomorrow, now, expiresAt, publicUrl);
      if (chunk.length < CHUNK) break;
    }
    done.add(`${zone}|${tomorrow}`);
  }
  return created;
}

async function planChunk(
  db: Db,
  familyIds: number[],
  zone: string,
  date: string,
  now: Date,
  expiresAt: Date,
  publicUrl: string,
): Promise<number> {
  return db.transaction(async (tx) => {
    const coverage = await coverageByFamily(
      tx,
      inArray(events.familyId, familyIds),
      zone,
      date,
      addLocalDays(date, 1),
    );
    const gapsOf = new Map(
      [...coverage].map(([familyId, c]) => [
        familyId,
        c.issues
          .filter((i) => i.type === 'no_driver' && i.leg.kind === 'pickup' && i.leg.day === date)
          .map((i) => i.leg),
      ]),
    );
    const withGaps = [...gapsOf].filter(([, legs]) => legs.length > 0).map(([id]) => id);
    if (withGaps.length === 0) return 0;
    const audience = await loadAudience(tx, withGaps);
    const candidates = [...audience.members.values()].filter((m) => {
      const family = audience.families.get(m.familyId);
      return (
        family !== undefined &&
        m.role === 'parent' &&
        m.drivingAlertsEnabled &&
        channelFor(family, m) === 'sms'
      );
    });
    if (candidates.length === 0) return 0;
    const legsRecord = (familyId: number) =>
      (gapsOf.get(familyId) ?? []).map((l) => ({
        event_id: l.eventId,
        series_id: l.seriesId,
        occurrence_start: l.occurrenceId,
        kind: l.kind,
        at: l.at,
      }));
    const claimed = await tx
      .insert(drivingAlertLog)
      .values(
        candidates.map((m) => ({
          familyId: m.familyId,
          familyMemberId: m.id,
          alertDate: date,
          dedupeKey: eveningAlertKey(m.id, date),
          legs: legsRecord(m.familyId),
          createdAt: now,
        })),
      )
      .onConflictDoNothing({ target: [drivingAlertLog.familyMemberId, drivingAlertLog.alertDate] })
      .returning({ memberId: drivingAlertLog.familyMemberId });
    const messages: OutboundMessage[] = [];
    for (const { memberId } of claimed) {
      const member = audience.members.get(memberId);
      const family = member && audience.families.get(member.familyId);
      if (!member || !family) continue;
      const nameOf = (id: number) => {
        const m = audience.members.get(id);
        return m && m.familyId === family.id ? m.name : undefined;
      };
      const body = eveningAlertSms({
        familyPhrase: familyPhrase(family.name),
        dayLabel: formatDay(date),
        pickups: (gapsOf.get(family.id) ?? []).map((l) => ({
          who: passengersOf(l, nameOf),
          title: l.title,
          at: l.at,
        })),
        link: publicLink(publicUrl, '/driving'),
        fits: (text) => countSmsSegments(text).segments <= MAX_SMS_SEGMENTS,
      });
      messages.push({
        familyId: family.id,
        familyMemberId: member.id,
        channel: 'sms',
        body,
        push: { title: `Pickups without a driver, ${formatDay(date)}`, body },
        kind: 'driving_gaps',
        dedupeKey: eveningAlertKey(member.id, date),
        source: { kind: 'driving_gaps', id: member.id, occurrence: date },
        now,
        sendAfter: now,
        expiresAt,
        // "I'LL DRIVE [n]" answers it until that pickup's time (issue 27 part 3).
        replyActions: (gapsOf.get(family.id) ?? []).map((l, i) => ({
          action: 'offer_drive' as const,
          item: i + 1,
          eventId: l.seriesId ?? l.eventId,
          occurrenceStart: l.occurrenceId,
          transportKind: l.kind,
          expiresAt: localToInstant(l.at, zone),
        })),
      });
    }
    return (await enqueueMany(tx, messages, policyFactsOf(audience))).created;
  });
}
