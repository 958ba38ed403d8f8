import { eq } from 'drizzle-orm';
import type { Db } from '../../db/types.ts';
import { familyMembers, families } from '../../db/schema/families.ts';

/** Inserts a member straight into the table (the members feature's API is not under test here). */
export async function addMember(
  db: Db,
  familyId: number,
  values: {
    name: string;
    email?: string | null;
    phoneNumber?: string | null;
    smsOptedOut?: boolean;
    role?: 'parent' | 'child' | 'other';
  },
): Promise<number> {
  const [row] = await db
    .insert(familyMembers)
    .values({
      familyId,
      name: values.name,
      email: values.email ?? null,
      phoneNumber: values.phoneNumber ?? null,
      smsOptedOut: values.smsOptedOut ?? false,
      ...(values.role ? { role: values.role } : {}),
    })
    .returning({ id: familyMembers.id });
  if (!row) throw new Error('insert failed');
  return row.id;
}

/** Turns the family's SMS plan flag on or off (operators do this; see docs). */
export async function setSmsEnabled(db: Db, familyId: number, enabled: boolean): Promise<void> {
  await db.update(families).set({ smsEnabled: enabled }).where(eq(families.id, familyId));
}
