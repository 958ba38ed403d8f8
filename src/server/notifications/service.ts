import { and, desc, eq, lt } from 'drizzle-orm';
import type {
  NotificationChannel,
  NotificationDto,
  NotificationListDto,
  NotificationListItemDto,
  NotificationListQuery,
  NotificationStatus,
} from '../../core/contracts/notifications.ts';
import {
  NOTIFICATION_BODY_PREVIEW_MAX_BYTES,
  NOTIFICATION_TEXT_PREVIEW_MAX_BYTES,
} from '../../core/contracts/quotas.ts';
import { contentPreview } from '../../core/text/preview.ts';
import { familyMembers } from '../db/schema/families.ts';
import { notifications } from '../db/schema/notifications.ts';
import type { ServerContext } from '../context.ts';
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

/** The start of a text within `maxBytes` of JSON string, line count unbounded (`contentPreview`). */
function cut(text: string, maxBytes: number) {
  return contentPreview(text, Number.POSITIVE_INFINITY, maxBytes);
}

/**
 * A message as the list carries it (issue 42): the body's start within `NOTIFICATION_BODY_PREVIEW_MAX_BYTES`
 * (`body_truncated` when more was left out), the subject, status reason and last error within
 * `NOTIFICATION_TEXT_PREVIEW_MAX_BYTES`, so a page has a fixed maximum size (`NOTIFICATIONS_PAGE_MAX_BYTES`).
 */
function toListItem(row: Row, memberName: string | null): NotificationListItemDto {
  const dto = toNotificationDto(row, memberName);
  const body = cut(dto.body, NOTIFICATION_BODY_PREVIEW_MAX_BYTES);
  const short = (text: string | null) =>
    text === null ? null : cut(text, NOTIFICATION_TEXT_PREVIEW_MAX_BYTES).preview;
  return {
    ...dto,
    subject: short(dto.subject),
    body: body.preview,
    body_truncated: body.truncated,
    status_reason: short(dto.status_reason),
    last_error: short(dto.last_error),
  };
}

/**
 * The family's messages, newest first (by id, i.e. by enqueue order), `query.limit` per page; `query.before`
 * continues after the previous page's last id. Only `familyId`'s rows are read. Long texts are cut (`toListItem`).
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
    items: page.map((r) => toListItem(r.row, r.memberName)),
    next_before: rows.length > query.limit && last ? last.row.id : null,
  };
}
