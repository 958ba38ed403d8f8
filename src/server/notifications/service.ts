import { and, desc, eq, lt } from 'drizzle-orm';
import type {
  NotificationChannel,
  NotificationDto,
  NotificationListDto,
  NotificationListQuery,
  NotificationStatus,
} from '../../core/contracts/notifications.ts';
import { familyMembers } from '../db/schema/families.ts';
import { notifications } from '../db/schema/notifications.ts';
import type { ServerContext } from '../http/context.ts';
import { redactSecrets } from './templates.ts';

type Row = typeof notifications.$inferSelect;

/** Maps an outbox row (and the member's name) to the wire shape; secrets in the body are redacted. */
export function toNotificationDto(row: Row, memberName: string | null): NotificationDto {
  return {
    id: row.id,
    family_member_id: row.familyMemberId,
    member_name: memberName,
    // Both columns only ever hold the contract's values: `enqueue` and the dispatcher are their only writers.
    channel: row.channel as NotificationChannel,
    recipient: row.recipient,
    kind: row.kind,
    subject: row.subject,
    body: redactSecrets(row.body),
    status: row.status as NotificationStatus,
    status_reason: row.statusReason,
    attempts: row.attempts,
    last_error: row.lastError,
    send_after: row.sendAfter.toISOString(),
    expires_at: row.expiresAt?.toISOString() ?? null,
    sent_at: row.sentAt?.toISOString() ?? null,
    created_at: row.createdAt.toISOString(),
  };
}

/**
 * The family's messages, newest first (by id, i.e. by enqueue order), `query.limit` per page; `query.before`
 * continues after the previous page's last id. Only `familyId`'s rows are read.
 */
export async function listNotifications(
  ctx: ServerContext,
  familyId: number,
  query: NotificationListQuery,
): Promise<NotificationListDto> {
  const rows = await ctx.db
    .select({ row: notifications, memberName: familyMembers.name })
    .from(notifications)
    .leftJoin(
      familyMembers,
      and(
        eq(familyMembers.id, notifications.familyMemberId),
        eq(familyMembers.familyId, notifications.familyId),
      ),
    )
    .where(
      and(
        eq(notifications.familyId, familyId),
        query.before === undefined ? undefined : lt(notifications.id, query.before),
      ),
    )
    .orderBy(desc(notifications.id))
    .limit(query.limit + 1);
  const page = rows.slice(0, query.limit);
  const last = page[page.length - 1];
  return {
    items: page.map((r) => toNotificationDto(r.row, r.memberName)),
    next_before: rows.length > query.limit && last ? last.row.id : null,
  };
}
