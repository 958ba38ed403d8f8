import { randomInt } from 'node:crypto';
import { and, count, eq, isNull } from 'drizzle-orm';
import type { DbOrTx } from '../db/types.ts';
import { recoveryCodes } from '../db/schema/account.ts';
import { hashPassword, verifyPassword } from './passwords.ts';

/** How many recovery codes a set has (issue 25). */
export const RECOVERY_CODE_COUNT = 10;

/** Lower-case letters and digits without look-alikes (no i, l, o, 0, 1): 31 symbols. */
const ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789';
/** Ten symbols of 31: about 49.5 bits each, shown as two groups of five ("k7m2p-x9q4r"). */
const CODE_LENGTH = 10;

/** A typed code as stored: lower-case, without spaces or dashes. */
function normalise(code: string): string {
  return code.toLowerCase().replace(/[\s-]+/g, '');
}

function newCode(): string {
  let code = '';
  for (let i = 0; i < CODE_LENGTH; i++) code += ALPHABET[randomInt(ALPHABET.length)];
  return `${code.slice(0, 5)}-${code.slice(5)}`;
}

/**
 * Replaces a user's recovery codes with a fresh set of ten (CSPRNG; ASVS 5.0 V6.5.2: with fewer than 112 bits
 * each, they are stored like passwords, argon2id with a random salt).
 * @returns the codes to show once.
 */
export async function renewRecoveryCodes(
  db: DbOrTx,
  user: { id: number; familyId: number },
  now: Date,
): Promise<string[]> {
  await db.delete(recoveryCodes).where(eq(recoveryCodes.userId, user.id));
  const codes = Array.from({ length: RECOVERY_CODE_COUNT }, newCode);
  const hashes = await Promise.all(codes.map((code) => hashPassword(normalise(code))));
  await db
    .insert(recoveryCodes)
    .values(
      hashes.map((codeHash) => ({ familyId: user.familyId, userId: user.id, codeHash, createdAt: now })),
    );
  return codes;
}

/** Removes all of a user's recovery codes (their last passkey went). */
export async function removeRecoveryCodes(db: DbOrTx, userId: number): Promise<void> {
  await db.delete(recoveryCodes).where(eq(recoveryCodes.userId, userId));
}

/** How many unused codes a user has left. */
export async function recoveryCodesLeft(db: DbOrTx, userId: number): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(recoveryCodes)
    .where(and(eq(recoveryCodes.userId, userId), isNull(recoveryCodes.usedAt)));
  return row?.n ?? 0;
}

/**
 * Burns one unused code of `userId` matching `code` (case, spaces and dashes ignored); single use
 * (ASVS 5.0 V6.5.1).
 * @returns whether a code was burnt.
 */
export async function useRecoveryCode(db: DbOrTx, userId: number, code: string, now: Date): Promise<boolean> {
  const typed = normalise(code);
  const unused = await db
    .select({ id: recoveryCodes.id, codeHash: recoveryCodes.codeHash })
    .from(recoveryCodes)
    .where(and(eq(recoveryCodes.userId, userId), isNull(recoveryCodes.usedAt)));
  for (const row of unused) {
    if (!(await verifyPassword(row.codeHash, typed))) continue;
    // `used_at is null` again: of two requests racing with one code, only one burns it.
    const used = await db
      .update(recoveryCodes)
      .set({ usedAt: now })
      .where(and(eq(recoveryCodes.id, row.id), isNull(recoveryCodes.usedAt)))
      .returning({ id: recoveryCodes.id });
    return used.length > 0;
  }
  return false;
}
