import { z } from 'zod';
import { MEMBER_COLORS, MEMBER_ROLES } from '../members/colors.ts';
import { familyTimezoneSchema } from './settings.ts';

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
    .max(120, 'Family name must be at most 120 characters'),
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
    .max(100, 'Name must be at most 100 characters'),
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
export interface SessionDto {
  family_name: string;
  email: string;
  family_timezone: string;
}
