import { and, eq, isNull } from 'drizzle-orm';
import type { SettingDto, SettingKey, SwitchKey } from '../../core/contracts/settings.ts';
import { events } from '../db/schema/events.ts';
import { appSettings, families } from '../db/schema/families.ts';
import type { ServerContext } from '../context.ts';
import { notFound } from '../http/errors.ts';
import { syncFamilyTransportTasks } from '../driving/transport-tasks.ts';
import { replanFamilyClock } from '../scheduler/hooks.ts';

/** The value an unset switch reads as: notifications are on until a family turns them off. */
const UNSET_VALUE = 'false';

/**
 * SPEC §7 `GET /api/settings/{key}` for the session's family. An unset switch reads 'false'; `timezone` reads the
 * family's IANA zone (`families.timezone`).
 * @throws HttpError 404 when the family is gone.
 */
export async function getSetting(ctx: ServerContext, familyId: number, key: SettingKey): Promise<SettingDto> {
  if (key === 'timezone') {
    const [family] = await ctx.db
      .select({ timezone: families.timezone })
      .from(families)
      .where(eq(families.id, familyId));
    if (!family) throw notFound();
    return { key, value: family.timezone };
  }
  const [row] = await ctx.db
    .select({ value: appSettings.value })
    .from(appSettings)
    .where(and(eq(appSettings.familyId, familyId), eq(appSettings.key, key)));
  return { key, value: row?.value ?? UNSET_VALUE };
}

/**
 * SPEC §7 `POST /api/settings`: sets one of the family's switches (insert or update on the per-family unique
 * key, so two concurrent writes end with one row).
 */
export async function setSetting(
  ctx: ServerContext,
  familyId: number,
  key: SwitchKey,
  value: string,
): Promise<SettingDto> {
  const now = ctx.clock.now();
  await ctx.db
    .insert(appSettings)
    .values({ familyId, key, value, updatedAt: now })
    .onConflictDoUpdate({ target: [appSettings.familyId, appSettings.key], set: { value, updatedAt: now } });
  return { key, value };
}

/**
 * `POST /api/settings` with `timezone` (issue 18, ADR 005): moves the family to the IANA zone `timezone` (checked
 * by the payload schema), in one transaction with what follows from it:
 * - the family's own timed events (made in the app: no `source_uid`) that are in the old family zone move to the
 *   new one keeping their wall-clock times (8:00 stays 8:00), EXDATEs, RDATEs and RECURRENCE-IDs included, since
 *   those are wall-clock text in the row's zone; imported events keep their source zone, floating and all-day
 *   events need nothing;
 * - pending reminders and summaries are planned again from the new zone's clock (`replanFamilyClock`).
 * Setting the zone the family already has changes nothing.
 * @throws HttpError 404 when the family is gone.
 */
export async function setFamilyTimezone(
  ctx: ServerContext,
  familyId: number,
  timezone: string,
): Promise<SettingDto> {
  const now = ctx.clock.now();
  await ctx.db.transaction(async (tx) => {
    // Row lock: two changes at once apply one after the other, each moving the events of the zone it replaces.
    const [family] = await tx
      .select({ timezone: families.timezone })
      .from(families)
      .where(eq(families.id, familyId))
      .for('update');
    if (!family) throw notFound();
    if (family.timezone === timezone) return;
    await tx.update(families).set({ timezone, updatedAt: now }).where(eq(families.id, familyId));
    await tx
      .update(events)
      .set({ timezone, updatedAt: now })
      .where(
        and(
          eq(events.familyId, familyId),
          eq(events.timezone, family.timezone),
          eq(events.isAllDay, false),
          isNull(events.sourceUid),
        ),
      );
    await replanFamilyClock(tx, familyId, now);
    // Transport tasks are dated in family wall-clock time, and "today" is the new zone's.
    await syncFamilyTransportTasks(tx, familyId, now);
  });
  return { key: 'timezone', value: timezone };
}
