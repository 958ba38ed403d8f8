import { z } from 'zod';

/** Delivery channels of the outbox (issue 3). */
export const notificationChannels = ['email', 'sms'] as const;
export type NotificationChannel = (typeof notificationChannels)[number];

/**
 * Outbox row states. pending → sending → sent | failed | expired (retries go back to pending);
 * suppressed is decided at enqueue by policy and never sent.
 */
export const notificationStatuses = [
  'pending',
  'sending',
  'sent',
  'failed',
  'suppressed',
  'expired',
] as const;
export type NotificationStatus = (typeof notificationStatuses)[number];

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
};

/** Query of GET /api/notifications: newest first, `limit` per page, `before` = the last id of the previous page. */
export const notificationListQuerySchema = z.object({
  limit: z.coerce
    .number({ error: 'Limit must be a whole number.' })
    .int('Limit must be a whole number.')
    .min(1, 'Limit must be at least 1.')
    .max(100, 'Limit must be at most 100.')
    .default(20),
  before: z.coerce
    .number({ error: 'Before must be a message id.' })
    .int('Before must be a message id.')
    .positive('Before must be a message id.')
    .optional(),
});
export type NotificationListQuery = z.infer<typeof notificationListQuerySchema>;

/** One message in GET /api/notifications (snake_case wire fields; times are ISO 8601 UTC instants). */
export interface NotificationDto {
  id: number;
  family_member_id: number | null;
  member_name: string | null;
  channel: NotificationChannel;
  recipient: string;
  kind: string;
  subject: string | null;
  /** The text body, with secrets (invitation tokens) redacted. */
  body: string;
  status: NotificationStatus;
  status_reason: string | null;
  attempts: number;
  last_error: string | null;
  send_after: string;
  expires_at: string | null;
  sent_at: string | null;
  created_at: string;
}

/** GET /api/notifications reply. `next_before` is the `before` for the next page, or null on the last page. */
export interface NotificationListDto {
  items: NotificationDto[];
  next_before: number | null;
}
