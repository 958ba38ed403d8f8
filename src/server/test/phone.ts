import { eq } from 'drizzle-orm';
import type { Db } from '../db/types.ts';
import { familyMembers } from '../db/schema/families.ts';

/**
 * Marks members' phone numbers verified straight in the database (issue 20: only verified numbers get SMS and
 * reach the assistant), for tests whose subject is not the verification itself. Pass the system handle
 * (`server.database.system`). `at` defaults to 2026-01-01.
 */
export async function markPhoneVerified(
  db: Db,
  memberIds: number | readonly number[],
  at = new Date('2026-01-01T00:00:00Z'),
): Promise<void> {
  for (const id of typeof memberIds === 'number' ? [memberIds] : memberIds) {
    await db.update(familyMembers).set({ phoneVerifiedAt: at }).where(eq(familyMembers.id, id));
  }
}
