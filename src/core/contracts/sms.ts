import { z } from 'zod';

/**
 * The form of `POST /api/sms/inbound`, Twilio's inbound-message webhook: the fields the assistant reads (Twilio
 * sends many more; they are ignored). `From`/`To` are E.164 numbers, `Body` the text (at most 1600 characters,
 * Twilio's own limit for a concatenated message), `MessageSid` Twilio's message id (dedupes retries).
 */
export const inboundSmsSchema = z.object({
  From: z
    .string({ error: 'From is required.' })
    .trim()
    .min(1, 'From is required.')
    .max(32, 'From is too long.'),
  To: z.string().trim().max(32, 'To is too long.').default(''),
  Body: z.string().max(1600, 'Body is too long.').default(''),
  MessageSid: z
    .string({ error: 'MessageSid is required.' })
    .regex(/^[A-Za-z0-9]{10,64}$/, 'MessageSid is required.'),
});
