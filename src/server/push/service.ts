import { and, asc, eq, sql } from 'drizzle-orm';
import { PUSH_SUBSCRIPTIONS_PER_ACCOUNT_MAX } from '../../core/contracts/quotas.ts';
import type {
  PushSubscriptionDto,
  PushSubscriptionInput,
  VapidPublicKeyDto,
} from '../../core/contracts/push.ts';
import { startOf } from '../../core/text/shorten.ts';
import { describeDevice } from '../account/service.ts';
import type { AuthContext } from '../http/auth-context.ts';
import { pushSubscriptions } from '../db/schema/push.ts';
import type { ServerContext } from '../context.ts';
import { badRequest, notFound } from '../http/errors.ts';
import { allowedOrigins, endpointProblem } from '../notifications/providers/push-endpoints.ts';
import { vapidKeys } from '../notifications/providers/vapid.ts';

type Row = typeof pushSubscriptions.$inferSelect;

/** The wire shape of one device: never the endpoint's path or the keys (they let anyone push to it). */
export function toPushSubscriptionDto(row: Row): PushSubscriptionDto {
  return {
    id: row.id,
    device_label: row.deviceLabel,
    service: new URL(row.endpoint).origin,
    created_at: row.createdAt.toISOString(),
    last_success_at: row.lastSuccessAt?.toISOString() ?? null,
  };
}

/** `GET /api/push/vapid-public-key`: the key browsers pass as `applicationServerKey` (RFC 8292 §3.2). */
export function vapidPublicKey(ctx: ServerContext): VapidPublicKeyDto {
  return { public_key: vapidKeys(ctx.config).publicKey };
}

/**
 * `POST /api/push/subscriptions`: records the signed-in account's device, tied to the session that asked (it is
 * deleted when that session ends; ADR 043 addendum). The endpoint must be a push service's (`endpointProblem`, no
 * SSRF). One browser belongs to the account signed in on it now: the same endpoint again (the browser subscribed
 * again) updates its row (keys, label, session); when another account had it, in this family or another, that
 * row is deleted first (its waiting messages fail with "device removed") and the device starts anew here.
 * @param userAgent the request's User-Agent, for the label when the body has none.
 * @returns the device (201).
 * @throws HttpError 400 `{fields: {endpoint}}` when the endpoint is not allowed.
 */
export async function subscribe(
  ctx: ServerContext,
  auth: AuthContext,
  input: PushSubscriptionInput,
  userAgent: string | null,
): Promise<PushSubscriptionDto> {
  const problem = endpointProblem(input.endpoint, allowedOrigins(ctx.config.WEB_PUSH_ALLOWED_ORIGINS));
  if (problem) throw badRequest(problem, { endpoint: problem });
  const label = startOf(input.device_label || describeDevice(userAgent), 100);
  const now = ctx.clock.now();
  // Another account's row of this endpoint goes first, through the database function (migration 0024) because
  // row-level security hides another family's rows: the insert below can then only meet this account's own.
  await ctx.db.execute(
    sql`select familyhub_release_push_endpoint(${input.endpoint}, ${auth.familyId}, ${auth.userId})`,
  );
  const [row] = await ctx.db
    .insert(pushSubscriptions)
    .values({
      familyId: auth.familyId,
      userId: auth.userId,
      sessionSid: auth.sid,
      endpoint: input.endpoint,
      p256dh: input.keys.p256dh,
      auth: input.keys.auth,
      deviceLabel: label,
      createdAt: now,
    })
    .onConflictDoUpdate({
      target: [pushSubscriptions.endpoint],
      set: {
        sessionSid: auth.sid,
        p256dh: input.keys.p256dh,
        auth: input.keys.auth,
        deviceLabel: label,
        createdAt: now,
        lastSuccessAt: null,
      },
    })
    .returning();
  if (!row) throw new Error('push subscription not written');
  // At most PUSH_SUBSCRIPTIONS_PER_ACCOUNT_MAX devices an account (issue 42): past it the one that has gone longest
  // without a push reaching it (or since it subscribed) is forgotten; this one, just written, is kept.
  await ctx.db.execute(sql`
    delete from ${pushSubscriptions}
    where ${pushSubscriptions.userId} = ${auth.userId} and ${pushSubscriptions.familyId} = ${auth.familyId}
      and ${pushSubscriptions.id} not in (
        select ${pushSubscriptions.id} from ${pushSubscriptions}
        where ${pushSubscriptions.userId} = ${auth.userId} and ${pushSubscriptions.familyId} = ${auth.familyId}
        order by (${pushSubscriptions.id} = ${row.id}) desc,
                 coalesce(${pushSubscriptions.lastSuccessAt}, ${pushSubscriptions.createdAt}) desc,
                 ${pushSubscriptions.id} desc
        limit ${PUSH_SUBSCRIPTIONS_PER_ACCOUNT_MAX})`);
  return toPushSubscriptionDto(row);
}

/**
 * `GET /api/push/subscriptions`: the signed-in account's devices (at most `PUSH_SUBSCRIPTIONS_PER_ACCOUNT_MAX`),
 * oldest first.
 */
export async function listSubscriptions(
  ctx: ServerContext,
  auth: AuthContext,
): Promise<PushSubscriptionDto[]> {
  const rows = await ctx.db
    .select()
    .from(pushSubscriptions)
    .where(and(eq(pushSubscriptions.userId, auth.userId), eq(pushSubscriptions.familyId, auth.familyId)))
    .orderBy(asc(pushSubscriptions.createdAt), asc(pushSubscriptions.id));
  return rows.map(toPushSubscriptionDto);
}

/**
 * `DELETE /api/push/subscriptions/{id}`: forgets one of the account's devices (messages still waiting for it
 * then fail with "device removed").
 * @throws HttpError 404 when the id is not a device of this account.
 */
export async function unsubscribe(ctx: ServerContext, auth: AuthContext, id: number): Promise<void> {
  const deleted = await ctx.db
    .delete(pushSubscriptions)
    .where(
      and(
        eq(pushSubscriptions.id, id),
        eq(pushSubscriptions.userId, auth.userId),
        eq(pushSubscriptions.familyId, auth.familyId),
      ),
    )
    .returning({ id: pushSubscriptions.id });
  if (deleted.length === 0) throw notFound('No such device of this account.');
}
