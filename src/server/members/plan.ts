/**
 * Issue 46: a family's plan (SPEC §3 `max_members`, `max_events_per_month`, `sms_enabled`) as the Family Members
 * screen shows it, and the operator's command that changes one family's (`npm run family:limits`).
 */
import { count, eq } from 'drizzle-orm';
import { z } from 'zod';
import type { FamilyPlanDto } from '../../core/contracts/members.ts';
import { PLAN_MAX_EVENTS_PER_MONTH_CEILING, PLAN_MAX_MEMBERS_CEILING } from '../../core/contracts/quotas.ts';
import type { Db, DbOrTx } from '../db/types.ts';
import { families, familyMembers, userAccounts } from '../db/schema/families.ts';
import { notFound } from '../http/errors.ts';
import { PENDING } from './service.ts';

/**
 * `GET /api/family-members/plan`: the family's member limit and how many places are taken (members and pending
 * invitations together, the count `assertRoomForOneMore` holds to), and its events-a-month limit.
 * @throws HttpError 404 when the family does not exist.
 */
export async function familyPlan(db: DbOrTx, familyId: number): Promise<FamilyPlanDto> {
  const [family] = await db
    .select({ maxMembers: families.maxMembers, maxEventsPerMonth: families.maxEventsPerMonth })
    .from(families)
    .where(eq(families.id, familyId));
  if (!family) throw notFound();
  const rows = await db
    .select({ status: familyMembers.invitationStatus, n: count() })
    .from(familyMembers)
    .where(eq(familyMembers.familyId, familyId))
    .groupBy(familyMembers.invitationStatus);
  const invitations = rows.find((r) => r.status === PENDING)?.n ?? 0;
  const all = rows.reduce((sum, r) => sum + r.n, 0);
  return {
    max_members: family.maxMembers,
    members: all - invitations,
    invitations,
    max_events_per_month: family.maxEventsPerMonth,
  };
}

/** What `npm run family:limits` may change of one family; absent fields stay as they are. */
export interface FamilyLimits {
  maxMembers?: number;
  maxEventsPerMonth?: number;
  smsEnabled?: boolean;
}

/** One family's limits as the command prints them. */
export interface FamilyLimitsRow {
  id: number;
  name: string;
  maxMembers: number;
  maxEventsPerMonth: number;
  smsEnabled: boolean;
  /** Members and pending invitations: over `maxMembers` after lowering it, nobody is removed, none can be added. */
  places: number;
}

/** Which family the command acts on: by id, or the family of the account signed up with an e-mail address. */
export type FamilyRef = { id: number } | { email: string };

export const FAMILY_LIMITS_USAGE = `Usage: npm run family:limits -- (--family <id> | --email <address>) [--max-members <1-${PLAN_MAX_MEMBERS_CEILING}>] [--max-events-per-month <1-${PLAN_MAX_EVENTS_PER_MONTH_CEILING}>] [--sms on|off]
Without a change, prints the family's limits. Runs against DATABASE_URL, or the PGlite files in DATA_DIR (stop the server first).`;

const count1 = (max: number, flag: string) =>
  z.coerce
    .number(`${flag} must be a whole number from 1 to ${max}`)
    .int(`${flag} must be a whole number from 1 to ${max}`)
    .min(1, `${flag} must be a whole number from 1 to ${max}`)
    .max(max, `${flag} must be a whole number from 1 to ${max}`);

const argsSchema = z
  .object({
    family: z.coerce
      .number('--family must be a family id')
      .int()
      .positive('--family must be a family id')
      .optional(),
    email: z.string().trim().toLowerCase().email('--email must be an e-mail address').optional(),
    'max-members': count1(PLAN_MAX_MEMBERS_CEILING, '--max-members').optional(),
    'max-events-per-month': count1(PLAN_MAX_EVENTS_PER_MONTH_CEILING, '--max-events-per-month').optional(),
    sms: z.enum(['on', 'off'], '--sms must be on or off').optional(),
  })
  .strict()
  .refine(
    (a) => (a.family === undefined) !== (a.email === undefined),
    'Name one family: --family or --email',
  );

/**
 * Reads the command's arguments (`--name value` pairs).
 * @throws Error with the problem and the usage when an argument is unknown, missing its value or out of range.
 */
export function parseFamilyLimitsArgs(argv: readonly string[]): { family: FamilyRef; limits: FamilyLimits } {
  const raw: Record<string, string> = {};
  for (let i = 0; i < argv.length; i += 2) {
    const flag = argv[i] ?? '';
    const value = argv[i + 1];
    if (!flag.startsWith('--') || value === undefined || value.startsWith('--')) {
      throw new Error(`${flag || 'An argument'} needs a value.\n${FAMILY_LIMITS_USAGE}`);
    }
    raw[flag.slice(2)] = value;
  }
  const parsed = argsSchema.safeParse(raw);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) =>
      issue.code === 'unrecognized_keys' ? `Unknown option: --${issue.keys.join(', --')}` : issue.message,
    );
    throw new Error(`${problems.join('\n')}\n${FAMILY_LIMITS_USAGE}`);
  }
  const a = parsed.data;
  return {
    family: a.family !== undefined ? { id: a.family } : { email: a.email ?? '' },
    limits: {
      ...(a['max-members'] !== undefined ? { maxMembers: a['max-members'] } : {}),
      ...(a['max-events-per-month'] !== undefined ? { maxEventsPerMonth: a['max-events-per-month'] } : {}),
      ...(a.sms !== undefined ? { smsEnabled: a.sms === 'on' } : {}),
    },
  };
}

/**
 * Sets one family's limits (any of them; none: only reads) on the system handle (`database.system`: the
 * operator's command crosses families, docs/security.md) and answers the family's limits afterwards.
 * @throws Error naming the family when no family has that id or no account that e-mail address.
 */
export async function setFamilyLimits(
  system: Db,
  ref: FamilyRef,
  limits: FamilyLimits,
): Promise<FamilyLimitsRow> {
  return system.transaction(async (tx) => {
    let familyId: number;
    if ('id' in ref) familyId = ref.id;
    else {
      const [account] = await tx
        .select({ familyId: userAccounts.familyId })
        .from(userAccounts)
        .where(eq(userAccounts.email, ref.email.trim().toLowerCase()));
      if (!account) throw new Error(`No account has the e-mail address ${ref.email}.`);
      familyId = account.familyId;
    }
    const changes = Object.keys(limits).length > 0;
    const [family] = changes
      ? await tx
          .update(families)
          .set({ ...limits, updatedAt: new Date() })
          .where(eq(families.id, familyId))
          .returning()
      : await tx.select().from(families).where(eq(families.id, familyId));
    if (!family) throw new Error(`No family has the id ${familyId}.`);
    const [taken] = await tx
      .select({ n: count() })
      .from(familyMembers)
      .where(eq(familyMembers.familyId, familyId));
    return {
      id: family.id,
      name: family.name,
      maxMembers: family.maxMembers,
      maxEventsPerMonth: family.maxEventsPerMonth,
      smsEnabled: family.smsEnabled,
      places: taken?.n ?? 0,
    };
  });
}

/** The command's report: "Family 12 (Rivera): 6 members (5 taken), 100 events a month, SMS on." and a warning. */
export function describeFamilyLimits(row: FamilyLimitsRow): string {
  const line = `Family ${row.id} (${row.name}): ${row.maxMembers} members (${row.places} taken), ${row.maxEventsPerMonth} events a month, SMS ${row.smsEnabled ? 'on' : 'off'}.`;
  return row.places > row.maxMembers
    ? `${line}\nThe family has more members and invitations than its limit: nobody is removed, but none can be added.`
    : line;
}
