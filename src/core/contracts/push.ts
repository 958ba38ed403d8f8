import { z } from 'zod';

/**
 * Web Push (issue 41): what the browser sends after `pushManager.subscribe`, and what the server answers.
 * Wire fields are snake_case except the subscription itself, which is `PushSubscription.toJSON()` verbatim
 * (W3C Push API §3.3: `{endpoint, expirationTime, keys: {p256dh, auth}}`).
 */

/** base64url without padding (RFC 4648 §5), as the Push API encodes `p256dh` and `auth`. */
const base64url = /^[A-Za-z0-9_-]+$/;

/** Bytes a base64url string of `length` characters decodes to. */
const decodedBytes = (text: string) => Math.floor((text.length * 3) / 4);

/**
 * `POST /api/push/subscriptions` body: `PushSubscription.toJSON()`, plus an optional `device_label` (the
 * server derives one from the User-Agent when it is absent). `p256dh` is the browser's uncompressed P-256
 * public key (65 bytes, RFC 8291 §3.1), `auth` its 16-byte authentication secret (RFC 8291 §3.2).
 * The server checks the endpoint's host against the known push services
 * (`src/server/notifications/providers/push-endpoints.ts`).
 */
export const pushSubscriptionInputSchema = z.object({
  endpoint: z
    .string({ error: 'Endpoint is required.' })
    .max(1000, 'Endpoint must be at most 1000 characters.')
    .url('Endpoint must be a URL.'),
  expirationTime: z.number({ error: 'Expiration time must be a number or null.' }).nullable().optional(),
  keys: z.object(
    {
      p256dh: z
        .string({ error: 'Key p256dh is required.' })
        .regex(base64url, 'Key p256dh must be base64url.')
        .refine((v) => decodedBytes(v) === 65, 'Key p256dh must be an uncompressed P-256 key (65 bytes).'),
      auth: z
        .string({ error: 'Key auth is required.' })
        .regex(base64url, 'Key auth must be base64url.')
        .refine((v) => decodedBytes(v) === 16, 'Key auth must be 16 bytes.'),
    },
    { error: 'Keys are required.' },
  ),
  device_label: z.string().trim().max(100, 'Device label must be at most 100 characters.').optional(),
});
export type PushSubscriptionInput = z.infer<typeof pushSubscriptionInputSchema>;

/** `GET /api/push/vapid-public-key` reply: the application server key (RFC 8292 §3.2), base64url, 65 bytes. */
export const vapidPublicKeyReplySchema = z.object({ public_key: z.string() });
export type VapidPublicKeyDto = z.output<typeof vapidPublicKeyReplySchema>;

/** One device in `GET /api/push/subscriptions` (times are ISO 8601 UTC instants). */
export const pushSubscriptionDtoSchema = z.object({
  id: z.number().int(),
  device_label: z.string(),
  service: z.string().meta({
    description:
      'The push service’s origin (e.g. `https://fcm.googleapis.com`); the full endpoint is a secret.',
  }),
  created_at: z.string(),
  last_success_at: z.string().nullable().meta({
    description: 'When a push last reached this device’s push service (a 201 from it), or null.',
  }),
});
export type PushSubscriptionDto = z.output<typeof pushSubscriptionDtoSchema>;
