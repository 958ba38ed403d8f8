import { sql } from 'drizzle-orm';
import type { DbOrTx } from './types.ts';

/**
 * True when `email` (compared exactly, as stored) is already the sign-in of an account in any family. A
 * family's request may ask this although row-level security confines it to its own family: the database
 * function `familyhub_email_has_account` (migration 0003_row-level-security, SECURITY DEFINER) answers the
 * boolean and nothing else. Used by invitations (SPEC §5: "An account with this email already exists.").
 */
export async function emailHasAccount(db: DbOrTx, email: string): Promise<boolean> {
  const result: unknown = await db.execute(sql`select familyhub_email_has_account(${email}) as taken`);
  const rows: unknown =
    typeof result === 'object' && result !== null ? Reflect.get(result, 'rows') : undefined;
  const first: unknown = Array.isArray(rows) ? rows[0] : undefined;
  const taken: unknown =
    typeof first === 'object' && first !== null ? Reflect.get(first, 'taken') : undefined;
  if (typeof taken !== 'boolean') throw new Error('familyhub_email_has_account answered without a boolean');
  return taken;
}
