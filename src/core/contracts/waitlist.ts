// zod/mini, not zod: this contract is the only one the landing page loads, and the mini build's functional
// API tree-shakes to a fraction of the classic one (issue 14's page-weight budget). Same rules, same messages.
import * as z from 'zod/mini';

/** SPEC §5 family size options, in the order the form shows them. */
export const FAMILY_SIZES = ['2-3', '4-5', '6+'] as const;
export type FamilySize = (typeof FAMILY_SIZES)[number];

/** SPEC §9: the count shown when `GET /api/waitlist/count` cannot be loaded. */
export const WAITLIST_COUNT_FALLBACK = 2847;

/** SPEC §3: a referral code is at most 50 characters; anything longer cannot be one. */
export const REFERRAL_CODE_MAX = 50;

/** The query parameter of the landing URL that carries a referral code (`/?ref=CODE`). */
export const REFERRAL_PARAM = 'ref';

/** The UTM parameters the landing page forwards from its URL to the join call. */
export const UTM_PARAMS = ['utm_source', 'utm_medium', 'utm_campaign'] as const;

/** The storage limit of a UTM column (`varchar(100)`). */
const UTM_MAX = 100;

/**
 * Attribution data comes from links other people wrote: a malformed or over-long value must never stop a
 * visitor from joining, so it is trimmed and cut to its column size, and an empty one becomes null.
 */
const utmValue = z.pipe(
  z.optional(z.unknown()),
  z.transform((v) => (typeof v === 'string' && v.trim() ? v.trim().slice(0, UTM_MAX) : null)),
);

/** A referral code from the landing URL; unknown or malformed ones simply credit nobody. */
const referralValue = z.pipe(
  z.optional(z.unknown()),
  z.transform((v) =>
    typeof v === 'string' && v.trim() && v.trim().length <= REFERRAL_CODE_MAX ? v.trim() : null,
  ),
);

/**
 * SPEC §5 Waitlist form fields with its messages: email, family size (2-3, 4-5, 6+), biggest challenge.
 * The e-mail is normalised (trimmed, lowercased) so that one address is one entry.
 */
export const waitlistFormSchema = z.object({
  // Trimmed and lowercased first, then checked as an address (a pipe: a format check runs before `.check`s).
  email: z.pipe(
    z.string('Please enter a valid email address').check(z.trim(), z.toLowerCase()),
    z
      .email('Please enter a valid email address')
      .check(z.maxLength(255, 'Please enter a valid email address')),
  ),
  family_size: z.enum(FAMILY_SIZES, 'Please select your family size'),
  biggest_challenge: z
    .string('Please tell us your biggest challenge')
    .check(
      z.trim(),
      z.minLength(1, 'Please tell us your biggest challenge'),
      z.maxLength(1000, 'Please keep it under 1000 characters'),
    ),
});
export type WaitlistFormValues = z.input<typeof waitlistFormSchema>;

/**
 * Payload of `POST /api/waitlist/join` (SPEC §7: email, family_size, biggest_challenge), plus the
 * attribution the landing URL carried: `ref` (a referrer's code) and `utm_source`, `utm_medium`,
 * `utm_campaign`. The extra fields are optional and never fail validation.
 */
export const waitlistJoinSchema = z.extend(waitlistFormSchema, {
  ref: referralValue,
  utm_source: utmValue,
  utm_medium: utmValue,
  utm_campaign: utmValue,
});
export type WaitlistJoinPayload = z.input<typeof waitlistJoinSchema>;

/**
 * Reply of `POST /api/waitlist/join` (always 201): SPEC §7's `position` (the place in line, 1 = first) and a
 * `referral_code` for the success view's referral link. Issue 20: the reply is the same for a new e-mail and
 * one already on the list, so it cannot tell anyone whether an address is there or give out its entry: for
 * an address already on the list it is the place the next new entry would get and a fresh code that credits
 * nobody, and the entry's real place, link and referral count go by e-mail to that address only (a new entry
 * gets the same e-mail with its own values).
 */
export const waitlistJoinReplySchema = z.object({
  position: z.int(),
  referral_code: z.string(),
});
export type WaitlistJoinDto = z.output<typeof waitlistJoinReplySchema>;

/** Reply of `GET /api/waitlist/count` (SPEC §7). */
export const waitlistCountReplySchema = z.object({ count: z.int() });
export type WaitlistCountDto = z.output<typeof waitlistCountReplySchema>;

/** The link a waitlist entry shares: the landing page at `origin` with its code as `?ref=`. */
export function referralLink(origin: string, referralCode: string): string {
  const url = new URL('/', origin);
  url.searchParams.set(REFERRAL_PARAM, referralCode);
  return url.toString();
}
