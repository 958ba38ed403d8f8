import { z } from 'zod';
import { MEMBER_COLORS, MEMBER_ROLES } from '../members/colors.ts';
import { REMINDER_GAPS } from '../notifications/reminder-channel.ts';
import {
  CONTROL_CHARACTER_MESSAGE,
  hasControlCharacter,
  hasMessageLure,
  isPlainName,
  MESSAGE_LURE_MESSAGE,
  PLAIN_NAME_MESSAGE,
} from '../text/clean.ts';

export const EMAIL_MESSAGE = 'Please enter a valid email address';
export const PHONE_MESSAGE = 'Please enter a valid phone number';
export const NAME_REQUIRED_MESSAGE = 'Name is required';
export const PASSWORD_MIN_MESSAGE = 'Password must be at least 6 characters';
export const PASSWORDS_MISMATCH_MESSAGE = "Passwords don't match";

/** Form inputs send '' for an untouched optional field: that means "none". */
const blankToNull = (v: unknown) => (typeof v === 'string' && v.trim() === '' ? null : v);

const name = z
  .string(NAME_REQUIRED_MESSAGE)
  .trim()
  .min(1, NAME_REQUIRED_MESSAGE)
  .max(100, 'Name must be at most 100 characters')
  .refine((v) => !hasControlCharacter(v), CONTROL_CHARACTER_MESSAGE)
  .refine(isPlainName, PLAIN_NAME_MESSAGE)
  .refine((v) => !hasMessageLure(v), MESSAGE_LURE_MESSAGE);
const role = z.enum(MEMBER_ROLES, 'Please select a role');
const color = z.enum(MEMBER_COLORS, 'Please select a colour');
const requiredEmail = z
  .string(EMAIL_MESSAGE)
  .trim()
  .toLowerCase()
  .email(EMAIL_MESSAGE)
  .max(255, EMAIL_MESSAGE);

/** Optional e-mail: '' or null clears it, absent leaves it as it is (PATCH). */
const optionalEmail = z.preprocess(blankToNull, requiredEmail.nullable()).optional();

/**
 * Optional phone as typed. Only its shape is checked here; the server normalises it to E.164 with
 * libphonenumber in the configured default region and answers a field error when it is not a real number.
 */
const optionalPhone = z
  .preprocess(
    blankToNull,
    z
      .string(PHONE_MESSAGE)
      .trim()
      .max(30, PHONE_MESSAGE)
      .regex(/^\+?[0-9 ().-]{4,30}$/, PHONE_MESSAGE)
      .nullable(),
  )
  .optional();

/**
 * SPEC §5 Member form, payload of `POST /api/family-members` (SPEC §7): name, color, role, phone_number, email,
 * daily_summary_enabled. Absent optional fields mean none / false.
 */
export const memberCreateSchema = z.object({
  name,
  color,
  role,
  phone_number: optionalPhone,
  email: optionalEmail,
  daily_summary_enabled: z.boolean('Must be true or false').optional(),
});
export type MemberCreatePayload = z.input<typeof memberCreateSchema>;

/**
 * Payload of `PATCH /api/family-members/{id}`: any of the create fields (the Daily Reminders switch sends
 * `daily_summary_enabled` alone). Only the fields present change; at least one must be.
 */
export const memberPatchSchema = z
  .object({
    name: name.optional(),
    color: color.optional(),
    role: role.optional(),
    phone_number: optionalPhone,
    email: optionalEmail,
    daily_summary_enabled: z.boolean('Must be true or false').optional(),
    /** Issue 27: the evening SMS about tomorrow's uncovered pickups (opt-out per member). */
    driving_alerts_enabled: z.boolean('Must be true or false').optional(),
  })
  .refine((v) => Object.values(v).some((field) => field !== undefined), {
    message: 'Nothing to update',
    path: ['_'],
  });
export type MemberPatchPayload = z.input<typeof memberPatchSchema>;

/** SPEC §5 Invite form, payload of `POST /api/family-members/invite`: name, email, role, colour. */
export const inviteSchema = z.object({ name, email: requiredEmail, role, color });
export type InvitePayload = z.input<typeof inviteSchema>;

/**
 * SPEC §5 Invitation accept, payload of `POST /api/family-members/invitations/{token}/accept`:
 * password (≥ 6), phone_number (null when empty). `confirmPassword` is not in the spec's payload; a client
 * that sends it is held to the form's rule.
 */
export const acceptInvitationSchema = z
  .object({
    password: z
      .string(PASSWORD_MIN_MESSAGE)
      .min(6, PASSWORD_MIN_MESSAGE)
      .max(1024, 'Password must be at most 1024 characters'),
    confirmPassword: z.string().optional(),
    phone_number: optionalPhone,
  })
  .refine((v) => v.confirmPassword === undefined || v.confirmPassword === v.password, {
    message: PASSWORDS_MISMATCH_MESSAGE,
    path: ['confirmPassword'],
  });
export type AcceptInvitationPayload = z.input<typeof acceptInvitationSchema>;

/** The Invitation page's form: the accept payload with the confirmation required. */
export const acceptInvitationFormSchema = z
  .object({
    password: z.string().min(6, PASSWORD_MIN_MESSAGE).max(1024, 'Password must be at most 1024 characters'),
    confirmPassword: z.string(),
    phone_number: optionalPhone,
  })
  .refine((v) => v.confirmPassword === v.password, {
    message: PASSWORDS_MISMATCH_MESSAGE,
    path: ['confirmPassword'],
  });

/** `user_accounts.role` of the family's owner: the registrant, or the parent they handed the family to. */
export const OWNER_ROLE = 'owner';
/** `user_accounts.role` of every other account (SPEC §3 default). */
export const MEMBER_ROLE = 'member';

/** One item of `GET /api/family-members` (SPEC §7), with who can sign in and who owns the family. */
export const familyMemberDtoSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  color: z.string(),
  role: z.string(),
  email: z.string().nullable(),
  phone_number: z.string().nullable().meta({
    description: 'E.164 (`+14155550123`); screens show it in the family’s national format.',
  }),
  daily_summary_enabled: z.boolean(),
  driving_alerts_enabled: z.boolean().meta({
    description: 'Issue 27: gets the evening SMS about tomorrow’s uncovered pickups (parents with a phone).',
  }),
  has_login: z.boolean().meta({
    description: 'The member has an active account (a login): deleting them ends their sign-in.',
  }),
  is_owner: z.boolean().meta({
    description:
      'The member’s account owns the family: nobody can delete them; only they can hand ownership on.',
  }),
  is_you: z.boolean().meta({ description: 'The member is the signed-in user.' }),
  phone_verified: z.boolean().meta({
    description:
      'Issue 20 (ADR 009): the phone number was confirmed by a code sent to it. Only a verified number gets SMS and reaches the assistant; changing the number clears it.',
  }),
  phone_code_pending: z.boolean().meta({
    description:
      'A code was sent to the (unverified) number and can still be confirmed: the screen says “Code sent”.',
  }),
  reminder_channel: z.enum(['sms', 'email']).nullable().meta({
    description: 'How reminders and alerts really reach them now (issue 21); null for not at all.',
  }),
  reminder_gap: z.enum(REMINDER_GAPS).nullable().meta({
    description:
      'Issue 46: why `reminder_channel` is null, for the words that say what to do; null when the member is reachable.',
  }),
  push_devices: z.number().int().meta({
    description:
      'Issue 41: how many devices of the member’s account get their reminders by Web Push as well (beside `reminder_channel`); 0 without an account or devices, or when the family turned push off.',
  }),
});
export type FamilyMemberDto = z.output<typeof familyMemberDtoSchema>;

/**
 * Reply of `GET /api/family-members/plan` (issue 46): the family's member limit (`families.max_members`) and the
 * places taken (members and pending invitations together count against it), and its events-a-month limit.
 */
export const familyPlanReplySchema = z.object({
  max_members: z.number().int(),
  members: z.number().int(),
  invitations: z.number().int(),
  max_events_per_month: z.number().int(),
});
export type FamilyPlanDto = z.output<typeof familyPlanReplySchema>;

/** One item of `GET /api/family-members/invitations`: a pending invitation. Instants are ISO 8601 UTC. */
export const invitationDtoSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  email: z.string().nullable(),
  color: z.string(),
  role: z.string(),
  invitation_expires_at: z.string().nullable().meta({
    description: 'null: the invitation never expires (SPEC §2 ‘Expires: … or Never’).',
  }),
  invitation_sent_at: z.string().nullable(),
});
export type InvitationDto = z.output<typeof invitationDtoSchema>;

/**
 * Reply of `POST /api/family-members/invite` and `…/invitations/{id}/resend`: the invitation, and its link when
 * no e-mail provider is configured (issue 21), for the inviter to copy or share; null when it was e-mailed.
 * The link is never stored readable, so it is only ever known from this reply; Resend makes a new one.
 */
export const invitationSentDtoSchema = invitationDtoSchema.extend({
  invitation_link: z.string().nullable().meta({
    description:
      'The invitation link when no e-mail provider is configured, for the inviter to copy or share; null when it was e-mailed. Only ever known from this reply.',
  }),
});
export type InvitationSentDto = z.output<typeof invitationSentDtoSchema>;

/** Reply of `GET /api/family-members/invitations/validate/{token}` (SPEC §3 Invitation). */
export const invitationDetailsDtoSchema = z.object({
  name: z.string(),
  email: z.string().nullable(),
  role: z.string(),
  color: z.string(),
  inviter_name: z.string().nullable().meta({
    description: 'The inviting member’s name; null when that member has since been deleted.',
  }),
  invitation_expires_at: z.string().nullable(),
});
export type InvitationDetailsDto = z.output<typeof invitationDetailsDtoSchema>;

/** The length of a phone verification code (issue 20): six digits, sent by SMS. */
export const PHONE_CODE_LENGTH = 6;
export const PHONE_CODE_MESSAGE = 'Enter the 6-digit code from the text message';

/**
 * Payload of `POST /api/family-members/{id}/phone-verification/confirm` (issue 20): the 6-digit code texted to
 * the member's number. Spaces and dashes typed between the digits are ignored.
 */
export const phoneCodeSchema = z.object({
  code: z
    .string(PHONE_CODE_MESSAGE)
    .max(20, PHONE_CODE_MESSAGE)
    .transform((v) => v.replace(/[\s-]/g, ''))
    .pipe(z.string().regex(/^[0-9]{6}$/, PHONE_CODE_MESSAGE)),
});
export type PhoneCodePayload = z.input<typeof phoneCodeSchema>;

/**
 * The SMS consent shown next to every Verify action (issue 20; CTIA: program, frequency, STOP, HELP, rates).
 */
export const SMS_CONSENT_TEXT =
  'By verifying, you agree to get texts from FamilyHub at this number: event and task reminders, the daily ' +
  'summary if turned on, pickup alerts and answers to your questions. Message frequency varies. Reply STOP to ' +
  'opt out, HELP for help. Message and data rates may apply.';
