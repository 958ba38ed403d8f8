import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm';
import {
  ACTIVITY_CATEGORIES,
  ACTIVITY_STATUSES,
  type ActivityCategory,
  type ActivityProposalDto,
  type ActivityStatus,
  type CreateActivityInput,
  NOT_PENDING_MESSAGE,
  type UpdateActivityInput,
} from '../../core/contracts/activities.ts';
import {
  DESCRIPTION_PREVIEW_MAX_BYTES,
  DESCRIPTION_PREVIEW_MAX_LINES,
  PROPOSALS_LIST_MAX,
} from '../../core/contracts/quotas.ts';
import { NOT_A_MEMBER_MESSAGE } from '../../core/contracts/tasks.ts';
import { sortByDueDate } from '../../core/tasks/sorting.ts';
import { optionalPreview } from '../../core/text/preview.ts';
import type { DbOrTx } from '../db/types.ts';
import { familyMembers } from '../db/schema/families.ts';
import { activityProposals } from '../db/schema/tasks.ts';
import { jsonRows, recordUndo } from '../db/undo-rows.ts';
import type { CappedList } from '../http/capped-list.ts';
import type { ServerContext } from '../context.ts';
import { badRequest, conflict, notFound } from '../http/errors.ts';

type ProposalRow = typeof activityProposals.$inferSelect;

// The columns are written only through the contract's enums; the fallbacks guard a hand-edited row.
function asCategory(value: string): ActivityCategory {
  return ACTIVITY_CATEGORIES.find((c) => c === value) ?? 'other';
}
function asStatus(value: string): ActivityStatus {
  return ACTIVITY_STATUSES.find((s) => s === value) ?? 'pending';
}

/** Maps a row to the SPEC §3 wire shape; no other column leaks. */
export function toActivityProposalDto(row: ProposalRow): ActivityProposalDto {
  return {
    id: row.id,
    family_id: row.familyId,
    title: row.title,
    description: row.description,
    description_truncated: false,
    category: asCategory(row.category),
    status: asStatus(row.status),
    assigned_to: row.assignedTo,
    assigned_by: row.assignedBy,
    due_date: row.dueDate,
    estimated_duration: row.estimatedDuration,
    location: row.location,
    response_date: row.responseDate ? row.responseDate.toISOString() : null,
    notes: row.notes,
    notes_truncated: false,
    event_id: row.eventId,
    created_at: row.createdAt.toISOString(),
  };
}

/**
 * @throws HttpError 400 naming each field whose member id is not a member of `familyId` (another family's
 * member is refused like an unknown id).
 */
async function assertMembers(
  db: DbOrTx,
  familyId: number,
  byField: Record<string, number | undefined>,
): Promise<void> {
  const wanted = [...new Set(Object.values(byField).filter((id): id is number => id !== undefined))];
  if (wanted.length === 0) return;
  const found = new Set(
    (
      await db
        .select({ id: familyMembers.id })
        .from(familyMembers)
        .where(and(eq(familyMembers.familyId, familyId), inArray(familyMembers.id, wanted)))
    ).map((r) => r.id),
  );
  const fields: Record<string, string> = {};
  for (const [field, id] of Object.entries(byField)) {
    if (id !== undefined && !found.has(id)) fields[field] = NOT_A_MEMBER_MESSAGE;
  }
  if (Object.keys(fields).length > 0) throw badRequest(NOT_A_MEMBER_MESSAGE, fields);
}

/**
 * SPEC §7 `GET /api/activity-proposals`: by due date ascending, undated last (SPEC §9), ties by id. At most
 * `PROPOSALS_LIST_MAX` (issue 42, ADR 046): the pending ones nearest due first (undated last), then the answered
 * ones most recently answered first; `truncated` when more exist. Description and notes are cut to their start
 * (`description_truncated`, `notes_truncated`); `GET /api/activity-proposals/{id}` has them whole.
 */
export async function listProposals(
  ctx: ServerContext,
  familyId: number,
): Promise<CappedList<ActivityProposalDto>> {
  const rows = await ctx.db
    .select()
    .from(activityProposals)
    .where(eq(activityProposals.familyId, familyId))
    .orderBy(
      sql`(${activityProposals.status} <> 'pending')`,
      sql`case when ${activityProposals.status} = 'pending' then ${activityProposals.dueDate} end asc nulls last`,
      sql`case when ${activityProposals.status} <> 'pending' then ${activityProposals.responseDate} end desc nulls last`,
      desc(activityProposals.createdAt),
      asc(activityProposals.id),
    )
    .limit(PROPOSALS_LIST_MAX + 1);
  const cut = (text: string | null) =>
    optionalPreview(text, DESCRIPTION_PREVIEW_MAX_LINES, DESCRIPTION_PREVIEW_MAX_BYTES);
  const items = sortByDueDate(rows.slice(0, PROPOSALS_LIST_MAX).map(toActivityProposalDto)).map((p) => {
    const description = cut(p.description);
    const notes = cut(p.notes);
    return {
      ...p,
      description: description.text,
      description_truncated: description.truncated,
      notes: notes.text,
      notes_truncated: notes.truncated,
    };
  });
  return { items, truncated: rows.length > PROPOSALS_LIST_MAX };
}

async function findProposal(
  db: DbOrTx,
  familyId: number,
  proposalId: number,
): Promise<ProposalRow | undefined> {
  const [row] = await db
    .select()
    .from(activityProposals)
    .where(and(eq(activityProposals.familyId, familyId), eq(activityProposals.id, proposalId)));
  return row;
}

/**
 * SPEC §7 `GET /api/activity-proposals/{id}`.
 * @throws HttpError 404 when the proposal is not the family's.
 */
export async function getProposal(
  ctx: ServerContext,
  familyId: number,
  proposalId: number,
): Promise<ActivityProposalDto> {
  const row = await findProposal(ctx.db, familyId, proposalId);
  if (!row) throw notFound();
  return toActivityProposalDto(row);
}

/**
 * SPEC §7 `POST /api/activity-proposals`: a new pending proposal.
 * @throws HttpError 400 when `assigned_to` or `assigned_by` is not a member of the family (nothing written).
 */
export async function createProposal(
  ctx: ServerContext,
  familyId: number,
  input: CreateActivityInput,
): Promise<ActivityProposalDto> {
  await assertMembers(ctx.db, familyId, { assigned_to: input.assigned_to, assigned_by: input.assigned_by });
  const [row] = await ctx.db
    .insert(activityProposals)
    .values({
      familyId,
      title: input.title,
      description: input.description,
      category: input.category,
      status: 'pending',
      assignedTo: input.assigned_to,
      assignedBy: input.assigned_by,
      dueDate: input.due_date,
      estimatedDuration: input.estimated_duration,
      location: input.location,
      notes: input.notes,
      createdAt: ctx.clock.now(),
    })
    .returning();
  if (!row) throw new Error('activity proposal insert returned no row');
  return toActivityProposalDto(row);
}

/**
 * SPEC §7 `PATCH /api/activity-proposals/{id}`: the form's fields and/or a status change. SPEC §4 transitions:
 * only a pending proposal becomes accepted or declined; its `response_date` is the one sent (an instant) or
 * now. Sending the status the proposal already has changes no status and no response date, so an edit form
 * may echo it back. Accepted and declined proposals can still be edited. The update is conditional on the
 * status read, so two concurrent Accept / Decline clicks cannot both win.
 * @throws HttpError 404 when the proposal is not the family's; 409 `NOT_PENDING_MESSAGE` for any other status
 * change; 400 for a member outside the family. Nothing is written on any of these.
 */
export async function updateProposal(
  ctx: ServerContext,
  familyId: number,
  proposalId: number,
  input: UpdateActivityInput,
): Promise<ActivityProposalDto> {
  const current = await findProposal(ctx.db, familyId, proposalId);
  if (!current) throw notFound();
  const changesStatus = input.status !== undefined && input.status !== current.status;
  if (changesStatus && current.status !== 'pending') {
    throw conflict(NOT_PENDING_MESSAGE);
  }
  await assertMembers(ctx.db, familyId, { assigned_to: input.assigned_to, assigned_by: input.assigned_by });

  const changes = {
    title: input.title,
    description: input.description,
    category: input.category,
    assignedTo: input.assigned_to,
    assignedBy: input.assigned_by,
    dueDate: input.due_date,
    estimatedDuration: input.estimated_duration,
    location: input.location,
    notes: input.notes,
    ...(changesStatus ? { status: input.status, responseDate: input.response_date ?? ctx.clock.now() } : {}),
  };
  // Only the unchanged status was sent: nothing to write.
  if (Object.values(changes).every((v) => v === undefined)) return toActivityProposalDto(current);

  const updated = await ctx.db
    .update(activityProposals)
    .set(changes)
    .where(
      and(
        eq(activityProposals.familyId, familyId),
        eq(activityProposals.id, proposalId),
        // Compare-and-set: another request may have accepted or declined it since we read it.
        eq(activityProposals.status, current.status),
      ),
    )
    .returning();
  const [row] = updated;
  if (!row) {
    if (!(await findProposal(ctx.db, familyId, proposalId))) throw notFound();
    throw conflict(NOT_PENDING_MESSAGE);
  }
  return toActivityProposalDto(row);
}

/**
 * SPEC §7 `DELETE /api/activity-proposals/{id}`; the proposal is kept for its Undo (`recordUndo`, ADR 051) in
 * the same transaction. @returns the undo id for the reply. @throws HttpError 404 when it is not the family's.
 */
export async function deleteProposal(
  ctx: ServerContext,
  familyId: number,
  proposalId: number,
): Promise<string> {
  const now = ctx.clock.now();
  return ctx.db.transaction(async (tx) => {
    const rows = await jsonRows(tx, 'activity_proposals', familyId, eq(activityProposals.id, proposalId));
    const deleted = await tx
      .delete(activityProposals)
      .where(and(eq(activityProposals.familyId, familyId), eq(activityProposals.id, proposalId)))
      .returning({ id: activityProposals.id });
    if (deleted.length === 0) throw notFound();
    const removed = { activity_proposals: rows };
    return recordUndo(tx, familyId, 'activity', { id: proposalId, removed, changed: [] }, now);
  });
}
