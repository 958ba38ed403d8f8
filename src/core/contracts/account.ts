import { z } from 'zod';
import { familyMemberDtoSchema } from './members.ts';
import { newPasswordSchema, webauthnResponseSchema } from './auth.ts';
import { CONTROL_CHARACTER_MESSAGE, hasControlCharacter } from '../text/clean.ts';

const currentPassword = z
  .string()
  .min(1, 'Enter your current password')
  .max(1024, 'Enter your current password');

/** Payload of `POST /api/account/password` (issue 25): the current password, then the new one twice. */
export const changePasswordSchema = z
  .object({
    current_password: currentPassword,
    new_password: newPasswordSchema,
    confirm_password: z.string().max(1024, "Passwords don't match"),
  })
  .refine((v) => v.confirm_password === v.new_password, {
    message: "Passwords don't match",
    path: ['confirm_password'],
  });
export type ChangePasswordPayload = z.infer<typeof changePasswordSchema>;

/** Payload of `POST /api/account/email` (issue 25): the new address and the current password. */
export const changeEmailSchema = z.object({
  new_email: z.string().trim().toLowerCase().email('Invalid email address').max(255, 'Invalid email address'),
  current_password: currentPassword,
});
export type ChangeEmailPayload = z.infer<typeof changeEmailSchema>;

/** Payload of the calls that need the password again (adding or removing a passkey, new recovery codes). */
export const reauthSchema = z.object({ current_password: currentPassword });
export type ReauthPayload = z.infer<typeof reauthSchema>;

/** Payload of `POST /api/account/passkeys` (issue 25): the browser's registration response and a name. */
export const addPasskeySchema = z.object({
  response: webauthnResponseSchema,
  name: z
    .string()
    .trim()
    .min(1, 'Give this passkey a name')
    .max(100, 'Name must be at most 100 characters')
    .refine((v) => !hasControlCharacter(v), CONTROL_CHARACTER_MESSAGE),
});

/** A passkey as `GET /api/account` lists it. Instants are ISO 8601 UTC. */
export const passkeyDtoSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  created_at: z.string(),
  last_used_at: z.string().nullable(),
});
export type PasskeyDto = z.output<typeof passkeyDtoSchema>;

/** Reply of `GET /api/account` (issue 25). */
export const accountDtoSchema = z.object({
  email: z.string(),
  pending_email: z.string().nullable().meta({
    description: 'An address waiting for its confirmation link to be opened, else null.',
  }),
  passkeys: z.array(passkeyDtoSchema).meta({
    description:
      'Each `{ id, name, created_at, last_used_at }` (`last_used_at` null when never used); instants are ISO 8601 UTC.',
  }),
  recovery_codes_left: z.number().int().meta({
    description: 'Unused recovery codes left (0 when no passkey is set up).',
  }),
  member: familyMemberDtoSchema.nullable().meta({
    description:
      'Issue 41: the member this account signs in as, exactly as their card on the Family Members screen shows them (`reminder_channel`, `push_devices`, the ‘Daily Reminders’ and ‘Pickup alerts’ switches), for “Your reminders”; null when the account is linked to no member (then nothing reaches it).',
  }),
  push_switched_off: z.boolean().meta({
    description:
      'Issue 41: the family’s ‘Disable All Push Notifications’ switch is on (no device gets anything).',
  }),
});
export type AccountDto = z.output<typeof accountDtoSchema>;

/** One signed-in session as `GET /api/account/sessions` lists it. Instants are ISO 8601 UTC. */
export const sessionListItemDtoSchema = z.object({
  id: z.string(),
  device: z.string().meta({
    description: '“Chrome on Linux”, from the User-Agent at sign-in; “Unknown device” when there was none.',
  }),
  signed_in_at: z.string(),
  last_used_at: z.string(),
  current: z.boolean().meta({ description: 'The session of the request that asked.' }),
});
export type SessionListItemDto = z.output<typeof sessionListItemDtoSchema>;

/** Reply of `POST /api/account/email` (202): the address waiting for its confirmation link to be opened. */
export const pendingEmailReplySchema = z.object({ pending_email: z.string() });
export type PendingEmailReply = z.output<typeof pendingEmailReplySchema>;

/** Reply of `POST /api/account/email/confirm`: the account's address now. */
export const confirmedEmailReplySchema = z.object({ email: z.string() });
export type ConfirmedEmailReply = z.output<typeof confirmedEmailReplySchema>;

/** Reply of `POST /api/account/sessions/sign-out-others`: how many sessions ended and app passwords were revoked. */
export const signOutOthersReplySchema = z.object({
  ended: z.number().int(),
  app_passwords_revoked: z.number().int(),
});
export type SignOutOthersReply = z.output<typeof signOutOthersReplySchema>;

/** Reply of `POST /api/account/recovery-codes`: the new one-time codes, shown once. */
export const recoveryCodesReplySchema = z.object({ recovery_codes: z.array(z.string()) });
export type RecoveryCodesReply = z.output<typeof recoveryCodesReplySchema>;

/** Reply of `POST /api/account/passkeys`: the new passkey, and recovery codes when this was the first one. */
export interface AddPasskeyReply {
  passkey: PasskeyDto;
  recovery_codes: string[] | null;
}

/** Payload of `POST /api/account/app-passwords` (issue 40): what the user calls the calendar app. */
export const createAppPasswordSchema = z.object({
  name: z
    .string({ error: 'Give this app password a name' })
    .trim()
    .min(1, 'Give this app password a name')
    .max(100, 'Name must be at most 100 characters')
    .refine((v) => !hasControlCharacter(v), CONTROL_CHARACTER_MESSAGE),
});
export type CreateAppPasswordPayload = z.infer<typeof createAppPasswordSchema>;

/** An app password as `GET /api/account/app-passwords` lists it (never the password). Instants are ISO 8601 UTC. */
export const appPasswordSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  created_at: z.string(),
  last_used_at: z.string().nullable().meta({
    description: 'When a calendar app last signed in with it (to about a minute); null when never.',
  }),
});
export type AppPasswordDto = z.output<typeof appPasswordSchema>;

/**
 * Reply of `POST /api/account/app-passwords` (201): the new app password with what a calendar app needs, shown
 * once. `username` is the account's e-mail; `password` is 25 lower-case base32 letters in five dashed groups
 * (125 bits); `caldav_url` is the server's address (`{PUBLIC_URL}/dav/`).
 */
export const createdAppPasswordSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  username: z.string(),
  password: z.string(),
  caldav_url: z.string(),
  created_at: z.string(),
});
export type CreatedAppPasswordDto = z.output<typeof createdAppPasswordSchema>;
