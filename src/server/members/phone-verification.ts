import { createHash, randomBytes, randomInt, scrypt, timingSafeEqual } from 'node:crypto';
import { promisify } from 'node:util';
import { and, eq, sql } from 'drizzle-orm';
import { parsePhoneNumberFromString } from 'libphonenumber-js/max';
import { PHONE_CODE_LENGTH, type FamilyMemberDto } from '../../core/contracts/members.ts';
import type { DbOrTx } from '../db/types.ts';
import { familyMembers, userAccounts } from '../db/schema/families.ts';
import type { ServerContext } from '../context.ts';
import { HttpError, badRequest, conflict, forbidden, notFound } from '../http/errors.ts';
import { countInWindow } from '../http/shared-rate-limit-store.ts';
import { configuredChannels } from '../notifications/providers/from-config.ts';
import type { Provider } from '../notifications/providers/provider.ts';

/** A code works for 10 minutes after it is sent (NIST SP 800-63B §5.1.3.2 asks for a short validity). */
export const CODE_TTL_MINUTES = 10;
/** Wrong guesses allowed per code; then the code is spent and a new one must be sent (SP 800-63B §5.2.2). */
export const MAX_CODE_ATTEMPTS = 5;
/** Codes one member may be sent per hour (an SMS costs money and can be used to pester a stranger). */
export const MAX_CODE_SENDS_PER_HOUR = 3;

/**
 * Codes one destination number may be sent, across every family (issue 42: five free families sent 18 texts to
 * one outside number in a minute): 5 per clock hour and 10 per UTC day, counted in `rate_limit_counters` so
 * that every process shares them (fixed windows, like the other shared limits).
 */
export const MAX_CODES_PER_NUMBER_PER_HOUR = 5;
export const MAX_CODES_PER_NUMBER_PER_DAY = 10;

/**
 * libphonenumber's types a code may be texted to: mobile, and the regions (US, Canada) whose numbering cannot
 * tell mobile from fixed lines. Premium-rate, toll-free, shared-cost, VoIP, personal, pager, UAN, voicemail,
 * fixed-line and unknown types are refused (issue 42).
 */
const TEXTABLE_TYPES = new Set(['MOBILE', 'FIXED_LINE_OR_MOBILE']);

export const NO_PHONE_MESSAGE = 'Add a phone number to this member first.';
export const NOT_MOBILE_MESSAGE =
  'Codes can be texted to mobile numbers only, not to landline, toll-free, premium-rate or other numbers.';
export const TOO_MANY_TO_NUMBER_MESSAGE =
  'Too many codes have been sent to this number. Please try again later.';
export const ALREADY_VERIFIED_MESSAGE = 'This number is already verified.';
export const VERIFIED_ELSEWHERE_MESSAGE =
  'This number is verified in another family. It can be verified here once it is removed there.';
export const OPTED_OUT_MESSAGE =
  'This number replied STOP to FamilyHub. Text START to the FamilyHub number from it first.';
export const SMS_NOT_SET_UP_MESSAGE = 'Texting is not set up on this server, so a code cannot be sent.';
export const NOT_ALLOWED_MESSAGE = "Only the member themselves, or a parent, can verify a member's number.";
export const TOO_MANY_SENDS_MESSAGE =
  'Too many codes sent to this number. Please wait an hour and try again.';
export const SEND_FAILED_MESSAGE = 'The code could not be sent. Please try again in a minute.';
export const WRONG_CODE_MESSAGE = 'That code is not right. Check the text message and try again.';
export const EXPIRED_CODE_MESSAGE = 'That code has expired. Send a new code.';
export const NO_CODE_MESSAGE = 'No code is waiting for this number. Send a code first.';
export const TOO_MANY_ATTEMPTS_MESSAGE = 'Too many wrong codes. Send a new code.';

const scryptAsync = promisify(scrypt) as (password: string, salt: Buffer, keylen: number) => Promise<Buffer>;

/**
 * The stored form of a code: 'salt.hash' in hex, scrypt (node:crypto defaults N=16384, r=8, p=1) over the
 * member id, the number and the code with a random 16-byte salt. Never the code itself (issue 20 item 8).
 */
export async function hashCode(memberId: number, phone: string, code: string): Promise<string> {
  const salt = randomBytes(16);
  const hash = await scryptAsync(`${memberId}:${phone}:${code}`, salt, 32);
  return `${salt.toString('hex')}.${hash.toString('hex')}`;
}

/** Whether `code` is the one `stored` (from `hashCode`) was made from; compared in constant time. */
export async function codeMatches(
  stored: string,
  memberId: number,
  phone: string,
  code: string,
): Promise<boolean> {
  const [saltHex, hashHex] = stored.split('.');
  if (!saltHex || !hashHex) return false;
  const expected = Buffer.from(hashHex, 'hex');
  const actual = await scryptAsync(`${memberId}:${phone}:${code}`, Buffer.from(saltHex, 'hex'), 32);
  return expected.length === actual.length && timingSafeEqual(expected, actual);
}

/** A uniformly random 6-digit code ('000000'–'999999'), from the CSPRNG. */
export function newCode(): string {
  return String(randomInt(0, 10 ** PHONE_CODE_LENGTH)).padStart(PHONE_CODE_LENGTH, '0');
}

type MemberRow = typeof familyMembers.$inferSelect;

/**
 * The member to verify, locked for the rest of the transaction, after checking who asks: the member
 * themselves (the account linked to that profile) or any parent of the family. (The members screen lets every
 * account edit every profile; the code proves who holds the phone, this check who may start it.)
 * @throws HttpError 404 outside the family or for a pending invitation; 403 for another child or other.
 */
async function memberToVerify(
  tx: DbOrTx,
  familyId: number,
  callerUserId: number,
  memberId: number,
): Promise<MemberRow> {
  const [row] = await tx
    .select()
    .from(familyMembers)
    .where(
      and(
        eq(familyMembers.id, memberId),
        eq(familyMembers.familyId, familyId),
        eq(familyMembers.invitationStatus, 'accepted'),
      ),
    )
    .for('update');
  if (!row) throw notFound();
  const [caller] = await tx
    .select({ memberId: userAccounts.familyMemberId, role: familyMembers.role })
    .from(userAccounts)
    .leftJoin(familyMembers, eq(familyMembers.id, userAccounts.familyMemberId))
    .where(and(eq(userAccounts.id, callerUserId), eq(userAccounts.familyId, familyId)));
  if (caller?.memberId !== memberId && caller?.role !== 'parent') throw forbidden(NOT_ALLOWED_MESSAGE);
  return row;
}

/**
 * Serialises verification of one number across families for the rest of the transaction (a transaction-level
 * advisory lock on the number), then asks whether it is verified on another family's member.
 */
async function verifiedElsewhere(tx: DbOrTx, phone: string, familyId: number): Promise<boolean> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`phone:${phone}`}))`);
  const result: unknown = await tx.execute(
    sql`select familyhub_phone_verified_elsewhere(${phone}, ${familyId}) as taken`,
  );
  const rows: unknown =
    typeof result === 'object' && result !== null ? Reflect.get(result, 'rows') : undefined;
  const first: unknown = Array.isArray(rows) ? rows[0] : undefined;
  const taken: unknown =
    typeof first === 'object' && first !== null ? Reflect.get(first, 'taken') : undefined;
  if (typeof taken !== 'boolean') throw new Error('familyhub_phone_verified_elsewhere answered no boolean');
  return taken;
}

/** Whether a code may be texted to `phone` (E.164): its libphonenumber type is in `TEXTABLE_TYPES`. */
export function isTextableNumber(phone: string): boolean {
  const type = parsePhoneNumberFromString(phone)?.getType();
  return type !== undefined && TEXTABLE_TYPES.has(type);
}

/** Whether `phone` texted STOP (any family's profile or none): `familyhub_phone_opted_out`, migration 0020. */
async function optedOutNumber(tx: DbOrTx, phone: string): Promise<boolean> {
  const result: unknown = await tx.execute(sql`select familyhub_phone_opted_out(${phone}) as stopped`);
  const rows: unknown =
    typeof result === 'object' && result !== null ? Reflect.get(result, 'rows') : undefined;
  const first: unknown = Array.isArray(rows) ? rows[0] : undefined;
  const stopped: unknown =
    typeof first === 'object' && first !== null ? Reflect.get(first, 'stopped') : undefined;
  if (typeof stopped !== 'boolean') throw new Error('familyhub_phone_opted_out answered no boolean');
  return stopped;
}

/**
 * Counts one code to `phone` in the shared per-number windows (hour and day, every family together).
 * @throws HttpError 429 with Retry-After past `MAX_CODES_PER_NUMBER_PER_HOUR` or `…_PER_DAY`; the count is part
 *   of the caller's transaction, so a refused or failed send is not counted.
 */
async function countCodeToNumber(tx: DbOrTx, phone: string, now: Date): Promise<void> {
  // The bucket names the number by a hash: the counters table is not the place for strangers' numbers.
  const key = createHash('sha256').update(phone).digest('hex').slice(0, 32);
  for (const [window, max] of [
    [3_600_000, MAX_CODES_PER_NUMBER_PER_HOUR],
    [86_400_000, MAX_CODES_PER_NUMBER_PER_DAY],
  ] as const) {
    const counted = await countInWindow(tx, `phone-codes:to:${window}:${key}`, window, now);
    if (counted.current > max) {
      throw new HttpError(429, 'rate_limited', TOO_MANY_TO_NUMBER_MESSAGE, undefined, counted.ttl / 1000);
    }
  }
}

/** The text carrying the code (GSM-7, one segment). */
export function codeMessage(code: string): string {
  return (
    `FamilyHub: your verification code is ${code}. It expires in ${CODE_TTL_MINUTES} minutes. ` +
    'Reply STOP to opt out, HELP for help.'
  );
}

/**
 * `POST /api/family-members/{id}/phone-verification` (issue 20): texts a new 6-digit code to the member's number
 * through `sms` (the configured Twilio provider; the code is sent here, not through the outbox, so it is never
 * stored readable) and stores only its scrypt hash, valid `CODE_TTL_MINUTES`. A new code replaces the pending one.
 * @returns the member as the members list shows it ("Code sent").
 * @throws HttpError 404 (another family's id), 403 (not the member nor a parent), 400 `phone_number` (no number,
 *   or not a mobile number: `isTextableNumber`), 409 (already verified, verified in another family, the number
 *   texted STOP through any profile or none, no SMS provider), 429 (more than `MAX_CODE_SENDS_PER_HOUR` codes in
 *   the hour to the member; with Retry-After, more than `MAX_CODES_PER_NUMBER_PER_HOUR` / `…_PER_DAY` to the
 *   number across all families), 503 when the provider refuses the message.
 */
export async function sendPhoneCode(
  ctx: ServerContext,
  sms: Provider,
  familyId: number,
  callerUserId: number,
  memberId: number,
  toDto: (tx: DbOrTx, row: MemberRow) => Promise<FamilyMemberDto>,
): Promise<FamilyMemberDto> {
  const now = ctx.clock.now();
  return ctx.db.transaction(async (tx) => {
    const member = await memberToVerify(tx, familyId, callerUserId, memberId);
    const phone = member.phoneNumber;
    if (!phone) throw badRequest(NO_PHONE_MESSAGE, { phone_number: NO_PHONE_MESSAGE });
    if (member.phoneVerifiedAt) throw conflict(ALREADY_VERIFIED_MESSAGE);
    if (!isTextableNumber(phone)) throw badRequest(NOT_MOBILE_MESSAGE, { phone_number: NOT_MOBILE_MESSAGE });
    if (member.smsOptedOut || (await optedOutNumber(tx, phone))) throw conflict(OPTED_OUT_MESSAGE);
    if (!configuredChannels(ctx.config).sms) throw conflict(SMS_NOT_SET_UP_MESSAGE);
    if (await verifiedElsewhere(tx, phone, familyId)) throw conflict(VERIFIED_ELSEWHERE_MESSAGE);
    const windowOpen =
      member.phoneCodeWindowStart !== null &&
      now.getTime() - member.phoneCodeWindowStart.getTime() < 3_600_000;
    const sends = windowOpen ? member.phoneCodeSends : 0;
    if (sends >= MAX_CODE_SENDS_PER_HOUR) throw new HttpError(429, 'rate_limited', TOO_MANY_SENDS_MESSAGE);
    await countCodeToNumber(tx, phone, now);
    const code = newCode();
    const expiresAt = new Date(now.getTime() + CODE_TTL_MINUTES * 60_000);
    const [row] = await tx
      .update(familyMembers)
      .set({
        phoneCodeHash: await hashCode(memberId, phone, code),
        phoneCodeExpiresAt: expiresAt,
        phoneCodeAttempts: 0,
        phoneCodeSends: sends + 1,
        phoneCodeWindowStart: windowOpen ? member.phoneCodeWindowStart : now,
      })
      .where(and(eq(familyMembers.id, memberId), eq(familyMembers.familyId, familyId)))
      .returning();
    if (!row) throw notFound();
    try {
      await sms.send(
        {
          id: 0,
          channel: 'sms',
          recipient: phone,
          subject: null,
          body: codeMessage(code),
          html: null,
          dedupeKey: `phone-code:${memberId}:${now.toISOString()}`,
          expiresAt,
        },
        now,
      );
    } catch {
      throw new HttpError(503, 'unavailable', SEND_FAILED_MESSAGE);
    }
    return toDto(tx, row);
  });
}

/**
 * `POST /api/family-members/{id}/phone-verification/confirm` (issue 20): checks `code` against the pending
 * code's hash. Right: the number is verified (`phone_verified_at` = now) and the code is spent. Wrong: one
 * attempt is counted. A number verified in another family meanwhile is refused.
 * @returns `{ member }`, or `{ error }` for the answers that must not roll back the attempt count (the caller
 *   answers them without throwing): 400 `code` (no code pending, wrong, expired), 429 after
 *   `MAX_CODE_ATTEMPTS` wrong codes.
 * @throws HttpError 404, 403 as for sending; 409 when verified already or in another family.
 */
export async function confirmPhoneCode(
  ctx: ServerContext,
  familyId: number,
  callerUserId: number,
  memberId: number,
  code: string,
  toDto: (tx: DbOrTx, row: MemberRow) => Promise<FamilyMemberDto>,
): Promise<{ member: FamilyMemberDto } | { error: HttpError }> {
  const now = ctx.clock.now();
  return ctx.db.transaction(async (tx) => {
    const member = await memberToVerify(tx, familyId, callerUserId, memberId);
    const phone = member.phoneNumber;
    if (!phone) throw badRequest(NO_PHONE_MESSAGE, { phone_number: NO_PHONE_MESSAGE });
    if (member.phoneVerifiedAt) throw conflict(ALREADY_VERIFIED_MESSAGE);
    if (!member.phoneCodeHash || !member.phoneCodeExpiresAt) {
      return { error: badRequest(NO_CODE_MESSAGE, { code: NO_CODE_MESSAGE }) };
    }
    if (member.phoneCodeAttempts >= MAX_CODE_ATTEMPTS) {
      return { error: new HttpError(429, 'rate_limited', TOO_MANY_ATTEMPTS_MESSAGE) };
    }
    if (member.phoneCodeExpiresAt.getTime() <= now.getTime()) {
      return { error: badRequest(EXPIRED_CODE_MESSAGE, { code: EXPIRED_CODE_MESSAGE }) };
    }
    if (!(await codeMatches(member.phoneCodeHash, memberId, phone, code))) {
      const attempts = member.phoneCodeAttempts + 1;
      await tx
        .update(familyMembers)
        .set({ phoneCodeAttempts: attempts })
        .where(and(eq(familyMembers.id, memberId), eq(familyMembers.familyId, familyId)));
      return {
        error:
          attempts >= MAX_CODE_ATTEMPTS
            ? new HttpError(429, 'rate_limited', TOO_MANY_ATTEMPTS_MESSAGE)
            : badRequest(WRONG_CODE_MESSAGE, { code: WRONG_CODE_MESSAGE }),
      };
    }
    if (await verifiedElsewhere(tx, phone, familyId)) throw conflict(VERIFIED_ELSEWHERE_MESSAGE);
    const [row] = await tx
      .update(familyMembers)
      .set({ phoneVerifiedAt: now, phoneCodeHash: null, phoneCodeExpiresAt: null, phoneCodeAttempts: 0 })
      .where(and(eq(familyMembers.id, memberId), eq(familyMembers.familyId, familyId)))
      .returning();
    if (!row) throw notFound();
    return { member: await toDto(tx, row) };
  });
}

/**
 * The columns to set when a member's number changes (issue 20): the new number is not verified, and a code sent
 * to the old one no longer counts. The hourly send count stays (changing numbers does not buy more codes).
 */
export const PHONE_CHANGED = {
  phoneVerifiedAt: null,
  phoneCodeHash: null,
  phoneCodeExpiresAt: null,
  phoneCodeAttempts: 0,
} as const;
