import { z } from 'zod';
import { MEMBER_COLORS, MEMBER_ROLES } from '../members/colors.ts';
import { familyTimezoneSchema } from './settings.ts';
import {
  CONTROL_CHARACTER_MESSAGE,
  hasControlCharacter,
  hasMessageLure,
  isPlainName,
  MESSAGE_LURE_MESSAGE,
  PLAIN_NAME_MESSAGE,
} from '../text/clean.ts';

/** SPEC §5 Login. Payload of `POST /api/auth/login`. */
export const loginSchema = z.object({
  email: z.string().trim().toLowerCase().email('Invalid email address').max(255, 'Invalid email address'),
  password: z.string().min(1, 'Password is required').max(1024, 'Password is too long'),
});
export type LoginPayload = z.infer<typeof loginSchema>;

/**
 * Register step 1 fields (SPEC §2 Register, §5), with the family's time zone (issue 18): an IANA name, optional
 * (absent: America/Los_Angeles, SPEC §3); anything else is 'Choose a time zone from the list'.
 */
export const registerAccountSchema = z.object({
  familyName: z
    .string()
    .trim()
    .min(2, 'Family name must be at least 2 characters')
    .max(120, 'Family name must be at most 120 characters')
    .refine((v) => !hasControlCharacter(v), CONTROL_CHARACTER_MESSAGE)
    .refine(isPlainName, PLAIN_NAME_MESSAGE)
    .refine((v) => !hasMessageLure(v), MESSAGE_LURE_MESSAGE),
  email: z.string().trim().toLowerCase().email('Invalid email address').max(255, 'Invalid email address'),
  password: z
    .string()
    .min(6, 'Password must be at least 6 characters')
    .max(1024, 'Password must be at most 1024 characters'),
  timezone: familyTimezoneSchema.optional(),
});

/** Register step 2 fields. `memberPhone` is optional: empty or absent means none. */
export const registerMemberSchema = z.object({
  memberName: z
    .string()
    .trim()
    .min(2, 'Name must be at least 2 characters')
    .max(100, 'Name must be at most 100 characters')
    .refine((v) => !hasControlCharacter(v), CONTROL_CHARACTER_MESSAGE)
    .refine(isPlainName, PLAIN_NAME_MESSAGE)
    .refine((v) => !hasMessageLure(v), MESSAGE_LURE_MESSAGE),
  memberRole: z.enum(MEMBER_ROLES, 'Please select a role'),
  memberColor: z.enum(MEMBER_COLORS, 'Please select a colour'),
  memberPhone: z
    .string()
    .trim()
    .max(20, 'Please enter a valid phone number')
    .regex(/^(\+?[0-9 ().-]{7,20})?$/, 'Please enter a valid phone number')
    .nullish()
    .transform((v) => (v ? v : null)),
});

/**
 * Payload of `POST /api/auth/register` (SPEC §7): familyName, email, password, memberName, memberRole,
 * memberColor, memberPhone, and (issue 18) an optional `timezone`. `confirmPassword` is not part of the spec's payload; when a client sends it,
 * the server holds it to the same rule as the form ('Passwords don't match').
 */
export const registerSchema = registerAccountSchema
  .extend(registerMemberSchema.shape)
  .extend({ confirmPassword: z.string().optional() })
  .refine((v) => v.confirmPassword === undefined || v.confirmPassword === v.password, {
    message: "Passwords don't match",
    path: ['confirmPassword'],
  });
export type RegisterPayload = z.input<typeof registerSchema>;

/** The Register form's step 1, with the confirmation the page asks for. */
export const registerStep1FormSchema = registerAccountSchema
  .extend({ confirmPassword: z.string() })
  .refine((v) => v.confirmPassword === v.password, {
    message: "Passwords don't match",
    path: ['confirmPassword'],
  });

/**
 * Reply of `GET /api/auth/session` (SPEC §7), plus the family's IANA time zone (issue 18): the browser reads
 * "today" and the calendar in it, not in its own zone.
 */
export const sessionReplySchema = z.object({
  family_name: z.string(),
  email: z.string(),
  family_timezone: z.string(),
});
export type SessionDto = z.output<typeof sessionReplySchema>;

/**
 * Reply of `POST /api/auth/login` (issue 25): `ok` when signed in; `second_factor_required` when the account
 * has a passkey and the sign-in waits for it (or a recovery code) before a session starts.
 */
export const loginReplySchema = z.union([
  z.object({ ok: z.literal(true) }),
  z.object({ second_factor_required: z.literal(true) }),
]);
export type LoginReply = z.output<typeof loginReplySchema>;

/** A new password as every form takes it: SPEC §5's 6-character minimum and the 1024 ceiling. */
export const newPasswordSchema = z
  .string()
  .min(6, 'Password must be at least 6 characters')
  .max(1024, 'Password must be at most 1024 characters');

/** Payload of `POST /api/auth/forgot-password` (issue 25). */
export const forgotPasswordSchema = z.object({
  email: z.string().trim().toLowerCase().email('Invalid email address').max(255, 'Invalid email address'),
});
export type ForgotPasswordPayload = z.infer<typeof forgotPasswordSchema>;

/** Payload of `POST /api/auth/reset-password` (issue 25): the link's token and the new password, twice. */
export const resetPasswordSchema = z
  .object({
    token: z.string().min(1, 'This link is incomplete').max(200, 'This link is incomplete'),
    password: newPasswordSchema,
    confirmPassword: z.string().max(1024, "Passwords don't match"),
  })
  .refine((v) => v.confirmPassword === v.password, {
    message: "Passwords don't match",
    path: ['confirmPassword'],
  });
export type ResetPasswordPayload = z.infer<typeof resetPasswordSchema>;

/** The reset form (issue 25): the token comes from the URL, not from a field. */
export const resetPasswordFormSchema = z
  .object({ password: newPasswordSchema, confirmPassword: z.string() })
  .refine((v) => v.confirmPassword === v.password, {
    message: "Passwords don't match",
    path: ['confirmPassword'],
  });

/** Payload of `POST /api/auth/confirm-email` (issue 25): the token of the link sent to the new address. */
export const confirmEmailSchema = z.object({
  token: z.string().min(1, 'This link is incomplete').max(200, 'This link is incomplete'),
});

/** Payload of `POST /api/auth/second-factor/recovery-code` (issue 25). Spaces and case do not matter. */
export const recoveryCodeSchema = z.object({
  code: z.string().trim().min(1, 'Enter a recovery code').max(40, 'That is not a recovery code'),
});

/**
 * A WebAuthn response as @simplewebauthn/browser hands it over (RegistrationResponseJSON /
 * AuthenticationResponseJSON): checked for shape here, verified by @simplewebauthn/server.
 */
export const webauthnResponseSchema = z
  .object({
    id: z.string().min(1).max(1024),
    rawId: z.string().min(1).max(1024),
    type: z.literal('public-key'),
    response: z.record(z.string(), z.unknown()),
    clientExtensionResults: z.record(z.string(), z.unknown()).default({}),
    authenticatorAttachment: z.string().max(40).optional(),
  })
  .passthrough();

/** Payload of the passkey sign-in and second-step calls (issue 25). */
export const passkeyAssertionSchema = z.object({ response: webauthnResponseSchema });
