import { and, eq } from 'drizzle-orm';
import type { SettingDto, SettingKey } from '../../core/contracts/settings.ts';
import { appSettings } from '../db/schema/families.ts';
import type { ServerContext } from '../http/context.ts';

/** The value an unset switch reads as: notifications are on until a family turns them off. */
const UNSET_VALUE = 'false';

/**
 * SPEC §7 `GET /api/settings/{key}` for the session's family. An unset key reads 'false'.
 */
export async function getSetting(ctx: ServerContext, familyId: number, key: SettingKey): Promise<SettingDto> {
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
  key: SettingKey,
  value: string,
): Promise<SettingDto> {
  const now = ctx.clock.now();
  await ctx.db
    .insert(appSettings)
    .values({ familyId, key, value, updatedAt: now })
    .onConflictDoUpdate({ target: [appSettings.familyId, appSettings.key], set: { value, updatedAt: now } });
  return { key, value };
}
