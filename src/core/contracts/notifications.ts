import { z } from 'zod';
import { NOTIFICATIONS_PAGE_MAX } from './quotas.ts';

/** Delivery channels of the outbox (issue 3; `push`: Web Push to a signed-in account's devices, issue 41). */
export const notificationChannels = ['email', 'sms', 'push'] as const;
export type NotificationChannel = (typeof notificationChannels)[number];

/**
 * Outbox row states. pending → sending → sent | failed | expired (retries go back to pending);
 * suppressed is decided at enqueue by policy and never sent; cancelled is a pending message withdrawn because
 * its cause changed (its event moved or was deleted, its task changed, the family's zone changed), with the
 * reason in `status_reason`. A cancelled row no longer holds its dedupe key: the same message can be planned
 * again.
 */
export const notificationStatuses = [
  'pending',
  'sending',
  'sent',
  'failed',
  'suppressed',
  'expired',
  'cancelled',
] as const;
export type NotificationStatus = (typeof notificationStatuses)[number];

/**
 * What an outbox row is about (`source_kind`), with `source_id` and `source_occurrence`:
 * - `event`, `pickup`, `dropoff`: a reminder of an event row (a series' id for its occurrences), and the
 *   occurrence's local start `YYYY-MM-DDTHH:mm:ss` in the series' own zone (its RECURRENCE-ID);
 * - `task`: a task reminder (the task's id);
 * - `daily_summary`: the member's id, and the local date `YYYY-MM-DD` it summarises;
 * - `event_alert`: news that an event was created or changed (the event's id);
 * - `driving_gaps`: the evening SMS about tomorrow's uncovered pickups (the member's id and that local date);
 * - `invitation`: the invited member's id; `account`: a sign-in notice (the user's id);
 * - `sms`: an assistant question or answer; `other`: anything else (no id).
 */
export const notificationSourceKinds = [
  'event',
  'pickup',
  'dropoff',
  'task',
  'daily_summary',
  'event_alert',
  'driving_gaps',
  'invitation',
  'account',
  'sms',
  'other',
] as const;
export type NotificationSourceKind = (typeof notificationSourceKinds)[number];

/** Why policy suppressed a message at enqueue (stored in `status_reason`). */
export const suppressionReasons = [
  'disable_all_emails',
  'disable_all_sms',
  'family_email_disabled',
  'family_sms_disabled',
  'no_email',
  'no_phone',
  'sms_opted_out',
  'no_email_provider',
  'phone_unverified',
  'disable_all_push',
] as const;
export type SuppressionReason = (typeof suppressionReasons)[number];

/** Words for each suppression reason, for the "Recent messages" card. */
export const suppressionReasonText: Record<SuppressionReason, string> = {
  disable_all_emails: 'All e-mail notifications are turned off',
  disable_all_sms: 'All SMS notifications are turned off',
  family_email_disabled: 'E-mail is not enabled for this family',
  family_sms_disabled: 'SMS is not enabled for this family',
  no_email: 'No e-mail address',
  no_phone: 'No phone number',
  sms_opted_out: 'Replied STOP to texts',
  no_email_provider: 'No e-mail provider is set up. Copy the invitation link, or Resend for a new one.',
  phone_unverified: 'Phone number not verified',
  disable_all_push: 'All push notifications are turned off',
};

/** Query of GET /api/notifications: newest first, `limit` per page, `before` = the last id of the previous page. */
export const notificationListQuerySchema = z.object({
  limit: z.coerce
    .number({ error: 'Limit must be a whole number.' })
    .int('Limit must be a whole number.')
    .min(1, 'Limit must be at least 1.')
    .max(NOTIFICATIONS_PAGE_MAX, `Limit must be at most ${String(NOTIFICATIONS_PAGE_MAX)}.`)
    .default(20),
  before: z.coerce
    .number({ error: 'Before must be a message id.' })
    .int('Before must be a message id.')
    .positive('Before must be a message id.')
    .optional(),
});
export type NotificationListQuery = z.infer<typeof notificationListQuerySchema>;

/** One message in GET /api/notifications (snake_case wire fields; times are ISO 8601 UTC instants). */
export const notificationDtoSchema = z.object({
  id: z.number().int(),
  family_member_id: z.number().int().nullable(),
  member_name: z.string().nullable(),
  channel: z.enum(notificationChannels),
  recipient: z.string(),
  kind: z.string(),
  subject: z.string().nullable(),
  body: z.string().meta({ description: 'The text body, with secrets (invitation tokens) redacted.' }),
  status: z.enum(notificationStatuses),
  status_reason: z.string().nullable(),
  attempts: z.number().int(),
  last_error: z.string().nullable(),
  send_after: z.string(),
  expires_at: z.string().nullable(),
  sent_at: z.string().nullable(),
  created_at: z.string(),
});
export type NotificationDto = z.output<typeof notificationDtoSchema>;

/**
 * One message in the GET /api/notifications list (issue 42): `body` is only its start (within
 * `NOTIFICATION_BODY_PREVIEW_MAX_BYTES`), `body_truncated` says whether more was left out; `subject`,
 * `status_reason` and `last_error` are cut to `NOTIFICATION_TEXT_PREVIEW_MAX_BYTES`.
 */
export const notificationListItemDtoSchema = notificationDtoSchema.extend({ body_truncated: z.boolean() });
export type NotificationListItemDto = z.output<typeof notificationListItemDtoSchema>;

/** GET /api/notifications reply. `next_before` is the `before` for the next page, or null on the last page. */
export const notificationListDtoSchema = z.object({
  items: z.array(notificationListItemDtoSchema).meta({
    description:
      'The page’s messages, newest first (`NotificationListItemDto`: a message and its `body_truncated`); times are ISO 8601 UTC instants.',
  }),
  next_before: z.number().int().nullable().meta({
    description: 'The `before` for the next page, or null on the last page.',
  }),
});
export type NotificationListDto = z.output<typeof notificationListDtoSchema>;
