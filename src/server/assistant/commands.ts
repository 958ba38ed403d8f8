import { and, desc, eq, gt, isNull } from 'drizzle-orm';
import { proposedEventInput } from '../../core/assistant/event-command.ts';
import type { FamilyData } from '../../core/assistant/family-data.ts';
import { refusedReply } from '../../core/assistant/replies.ts';
import { type SmsCommand, readSmsCommand } from '../../core/assistant/sms-command.ts';
import {
  COMMAND_CANCELLED_REPLY,
  COMMAND_EXPIRED_REPLY,
  COMMAND_WAIT_MINUTES,
  COMMANDS_PARENTS_ONLY_REPLY,
  NOTHING_TO_UNDO_REPLY,
  UNDO_REFUSED_REPLY,
  commandDoneText,
  commandUndoneText,
  confirmationText,
} from '../../core/assistant/sms-command-text.ts';
import { type EventDto, eventInputSchema } from '../../core/contracts/events.ts';
import { createTaskSchema } from '../../core/contracts/tasks.ts';
import { addLocalMinutes, localMinutesBetween } from '../../core/time/local-time.ts';
import type { ServerContext } from '../context.ts';
import type { DbOrTx } from '../db/types.ts';
import { familyMembers } from '../db/schema/families.ts';
import { smsReplyActions } from '../db/schema/sms-replies.ts';
import { undoEntries } from '../db/schema/undo.ts';
import { createEvent, deleteEvent, getEvent, updateEvent } from '../events/service.ts';
import { HttpError, parseInput } from '../http/errors.ts';
import { publicLink } from '../notifications/templates.ts';
import { getSetting } from '../settings/service.ts';
import { createTask, deleteTask } from '../tasks/service.ts';
import { undoDelete } from '../undo/service.ts';

/**
 * Issue 43 item 2, ADR 058: calendar commands by text, always confirmed. A command read from a text waits in
 * `sms_reply_actions` (action `sms_command`, the command as JSON in `body`) for the sender's YES, at most
 * `COMMAND_WAIT_MINUTES`; NO or silence cancels it, a second command replaces it. YES carries it out through the
 * events and tasks services, as the app would (validation, plan limits, transport tasks, the live stream); the
 * way back waits as `undo_command` for UNDO, as long again. Every function runs in the sender's family scope.
 */

/** `sms_reply_actions.action` of a command waiting for YES. */
export const COMMAND_ACTION = 'sms_command';
/** `sms_reply_actions.action` of a confirmed command that UNDO may reverse. */
export const UNDO_COMMAND_ACTION = 'undo_command';
/** `settings` switch: members who are not parents may change the calendar by text too (off by default). */
export const EVERYONE_SETTING = 'sms_commands_everyone';

/** How a confirmed change is reversed. */
type UndoStep =
  | { kind: 'delete_event'; eventId: number }
  | { kind: 'delete_task'; taskId: number }
  /** A cancel: the delete's own undo entry (ADR 051). */
  | { kind: 'restore'; undoId: string }
  /** A move or a drive: the event (or occurrence) written back as it was. */
  | {
      kind: 'update_event';
      eventId: number;
      occurrence: string | null;
      scope: 'this' | 'all';
      values: unknown;
    };

interface UndoRecord {
  command: SmsCommand;
  step: UndoStep;
}

interface Member {
  id: number;
  familyId: number;
}

/** What a command text or a reply word answers, and the row to record with the answer once it is stored. */
export interface CommandOutcome {
  reply: string;
  /** A command to keep waiting for YES (`pending`), or a confirmed change UNDO may reverse (`undo`). */
  record?:
    | { action: typeof COMMAND_ACTION; command: SmsCommand }
    | { action: typeof UNDO_COMMAND_ACTION; undo: UndoRecord };
}

const minutesFrom = (now: Date, minutes: number) => new Date(now.getTime() + minutes * 60_000);

/** The member's newest row of `action` not used and not expired at `now` (locked), or undefined. */
async function waiting(db: DbOrTx, memberId: number, action: string, now: Date) {
  const [row] = await db
    .select()
    .from(smsReplyActions)
    .where(
      and(
        eq(smsReplyActions.familyMemberId, memberId),
        eq(smsReplyActions.action, action),
        isNull(smsReplyActions.usedAt),
        gt(smsReplyActions.expiresAt, now),
      ),
    )
    .orderBy(desc(smsReplyActions.id))
    .limit(1)
    // Two YES texts at once (two webhook calls): the second waits, then finds the row used.
    .for('update');
  return row;
}

/** Marks every unused row of `action` of the member used: a new command replaces the one waiting. */
async function closeWaiting(db: DbOrTx, memberId: number, action: string, now: Date): Promise<void> {
  await db
    .update(smsReplyActions)
    .set({ usedAt: now })
    .where(
      and(
        eq(smsReplyActions.familyMemberId, memberId),
        eq(smsReplyActions.action, action),
        isNull(smsReplyActions.usedAt),
      ),
    );
}

/** Whether the member may change the calendar by text: a parent, or anyone when the family allows it. */
async function mayCommand(ctx: ServerContext, member: Member): Promise<boolean> {
  const [row] = await ctx.db
    .select({ role: familyMembers.role })
    .from(familyMembers)
    .where(and(eq(familyMembers.familyId, member.familyId), eq(familyMembers.id, member.id)));
  if (row?.role === 'parent') return true;
  return (await getSetting(ctx, member.familyId, EVERYONE_SETTING)).value === 'true';
}

/**
 * Reads `body` as a calendar command (`readSmsCommand`) from `member`, for `data` (the family as the member sees
 * it now). Not a command: null (the assistant answers it as a question). A command the member may not give, or
 * cannot be carried out as read: why. Otherwise the confirmation, and the command to keep (`recordOutcome`)
 * waiting for YES; the one waiting before is replaced.
 */
export async function readCommand(
  ctx: ServerContext,
  member: Member,
  body: string,
  data: FamilyData,
  now: Date,
): Promise<CommandOutcome | null> {
  const reading = readSmsCommand(body, data);
  if (reading === null) return null;
  if (!(await mayCommand(ctx, member))) return { reply: COMMANDS_PARENTS_ONLY_REPLY };
  if (!reading.ok) return { reply: reading.message };
  await closeWaiting(ctx.db, member.id, COMMAND_ACTION, now);
  return {
    reply: confirmationText(reading.command, data),
    record: { action: COMMAND_ACTION, command: reading.command },
  };
}

/**
 * Keeps what `outcome` asks to keep, tied to the stored answer `notificationId`: a command waiting for YES, or
 * a confirmed change waiting for UNDO, each for COMMAND_WAIT_MINUTES from `now`.
 */
export async function recordOutcome(
  db: DbOrTx,
  member: Member,
  notificationId: number,
  outcome: CommandOutcome,
  now: Date,
): Promise<void> {
  const record = outcome.record;
  if (!record) return;
  await db.insert(smsReplyActions).values({
    familyId: member.familyId,
    familyMemberId: member.id,
    notificationId,
    action: record.action,
    body: JSON.stringify(record.action === COMMAND_ACTION ? record.command : record.undo),
    expiresAt: minutesFrom(now, COMMAND_WAIT_MINUTES),
    createdAt: now,
  });
}

/** An HttpError as said in a reply: its field messages when it has them (a 400), else its message. */
function refusal(ctx: ServerContext, error: HttpError, path: string): string {
  const message = error.fields ? Object.values(error.fields).join('; ') : error.message;
  return refusedReply(message, publicLink(ctx.config.PUBLIC_URL, path));
}

/**
 * YES, NO or UNDO from `member` about their commands. YES with no command waiting, when a drive question
 * ("Reply YES to pick up …") is newer, or with nothing of theirs at all: null, for the reply words of
 * replies.ts; NO with no command waiting: null, for the assistant. `data` is the family now (for the replies'
 * names and days).
 */
export async function answerCommandWord(
  ctx: ServerContext,
  member: Member,
  word: 'yes' | 'no' | 'undo',
  data: FamilyData,
  now: Date,
): Promise<CommandOutcome | null> {
  if (word === 'undo') return undo(ctx, member, data, now);
  const pending = await waiting(ctx.db, member.id, COMMAND_ACTION, now);
  if (word === 'no') {
    if (!pending) return null;
    await closeWaiting(ctx.db, member.id, COMMAND_ACTION, now);
    return { reply: COMMAND_CANCELLED_REPLY };
  }
  const drive = await waiting(ctx.db, member.id, 'confirm_drive', now);
  if (drive && (!pending || drive.notificationId > pending.notificationId)) return null;
  if (!pending)
    return (await expiredCommand(ctx.db, member.id, now)) ? { reply: COMMAND_EXPIRED_REPLY } : null;
  await closeWaiting(ctx.db, member.id, COMMAND_ACTION, now);
  const command = JSON.parse(pending.body ?? 'null') as SmsCommand;
  try {
    const step = await carryOut(ctx, member, command, now);
    return {
      reply: commandDoneText(command, data),
      record: { action: UNDO_COMMAND_ACTION, undo: { command, step } },
    };
  } catch (error) {
    if (!(error instanceof HttpError)) throw error;
    return { reply: refusal(ctx, error, command.kind === 'add_task' ? '/tasks' : '/calendar') };
  }
}

/** True when the member's newest command expired unanswered (silence past COMMAND_WAIT_MINUTES). */
async function expiredCommand(db: DbOrTx, memberId: number, now: Date): Promise<boolean> {
  const [row] = await db
    .select({ usedAt: smsReplyActions.usedAt, expiresAt: smsReplyActions.expiresAt })
    .from(smsReplyActions)
    .where(and(eq(smsReplyActions.familyMemberId, memberId), eq(smsReplyActions.action, COMMAND_ACTION)))
    .orderBy(desc(smsReplyActions.id))
    .limit(1);
  return row !== undefined && row.usedAt === null && row.expiresAt <= now;
}

/** The values of `PATCH /api/events/{id}` for an event as it is now, with `changes` (one occurrence: no repeat). */
function eventValues(current: EventDto, changes: Record<string, unknown>, scope: 'this' | 'all') {
  return parseInput(eventInputSchema, {
    ...current,
    ...(scope === 'this' ? { is_recurring: false, recurrence_pattern: null, recurrence_end_date: null } : {}),
    ...changes,
  });
}

/**
 * Carries a confirmed command out through the services, as the app's own screens would.
 * @returns how to reverse it.
 * @throws HttpError when a service refuses it (plan limit, validation, an event gone since).
 */
async function carryOut(
  ctx: ServerContext,
  member: Member,
  command: SmsCommand,
  now: Date,
): Promise<UndoStep> {
  const familyId = member.familyId;
  switch (command.kind) {
    case 'add_event': {
      const created = await createEvent(
        ctx,
        familyId,
        parseInput(eventInputSchema, proposedEventInput(command.event)),
      );
      return { kind: 'delete_event', eventId: created.id };
    }
    case 'add_task': {
      const task = await createTask(
        ctx,
        familyId,
        parseInput(createTaskSchema, {
          title: command.title,
          assigned_to_ids: command.assigneeIds.map(String),
          due_date: command.due,
        }),
      );
      return { kind: 'delete_task', taskId: task.id };
    }
    case 'cancel': {
      const { eventId, occurrence } = command.target;
      const change =
        command.scope === 'all'
          ? { scope: 'all' as const }
          : { scope: 'this' as const, ...(occurrence ? { occurrence } : {}) };
      const { undoId } = await deleteEvent(ctx, familyId, eventId, change);
      // UNDO by text works as long as the YES did (the app's toast has its own, shorter window).
      await ctx.db
        .update(undoEntries)
        .set({ expiresAt: minutesFrom(now, COMMAND_WAIT_MINUTES) })
        .where(and(eq(undoEntries.familyId, familyId), eq(undoEntries.id, undoId)));
      return { kind: 'restore', undoId };
    }
    case 'move': {
      const { eventId, occurrence } = command.target;
      const all = command.scope === 'all';
      // The whole series is written from its own first row (its first date, the new time of day).
      const current = await getEvent(ctx, familyId, eventId, all ? undefined : (occurrence ?? undefined));
      const start = all ? `${current.start_date.slice(0, 10)}T${command.start.slice(11, 19)}` : command.start;
      const shift = localMinutesBetween(current.start_date, start);
      const values = eventValues(
        current,
        {
          start_date: start,
          end_date: current.end_date === null ? null : addLocalMinutes(current.end_date, shift),
        },
        command.scope,
      );
      await updateEvent(ctx, familyId, eventId, values, {
        scope: command.scope,
        ...(!all && occurrence ? { occurrence } : {}),
        alertMembersSent: false,
      });
      return {
        kind: 'update_event',
        eventId,
        occurrence: all ? null : occurrence,
        scope: command.scope,
        values: current,
      };
    }
    case 'drive': {
      const { eventId, occurrence } = command.target;
      const current = await getEvent(ctx, familyId, eventId, occurrence ?? undefined);
      const field = command.leg === 'pickup' ? 'pickup_assigned_to' : 'dropoff_assigned_to';
      await updateEvent(
        ctx,
        familyId,
        eventId,
        eventValues(current, { [field]: command.take ? member.id : null }, 'this'),
        {
          scope: 'this',
          ...(occurrence ? { occurrence } : {}),
          alertMembersSent: false,
        },
      );
      return { kind: 'update_event', eventId, occurrence, scope: 'this', values: current };
    }
  }
}

/** UNDO: reverses the member's newest confirmed change still within COMMAND_WAIT_MINUTES. */
async function undo(
  ctx: ServerContext,
  member: Member,
  data: FamilyData,
  now: Date,
): Promise<CommandOutcome> {
  const row = await waiting(ctx.db, member.id, UNDO_COMMAND_ACTION, now);
  if (!row) return { reply: NOTHING_TO_UNDO_REPLY };
  await ctx.db.update(smsReplyActions).set({ usedAt: now }).where(eq(smsReplyActions.id, row.id));
  const { command, step } = JSON.parse(row.body ?? 'null') as UndoRecord;
  const familyId = member.familyId;
  try {
    if (step.kind === 'delete_event') await deleteEvent(ctx, familyId, step.eventId, { scope: 'all' });
    else if (step.kind === 'delete_task') await deleteTask(ctx, familyId, step.taskId);
    else if (step.kind === 'restore') await undoDelete(ctx, familyId, step.undoId);
    else {
      const values = eventValues(step.values as EventDto, {}, step.scope);
      await updateEvent(ctx, familyId, step.eventId, values, {
        scope: step.scope,
        ...(step.occurrence ? { occurrence: step.occurrence } : {}),
        alertMembersSent: false,
      });
    }
  } catch (error) {
    if (!(error instanceof HttpError)) throw error;
    return {
      reply:
        error.statusCode === 409 || error.statusCode === 404 || error.statusCode === 410
          ? UNDO_REFUSED_REPLY
          : refusal(ctx, error, '/calendar'),
    };
  }
  return { reply: commandUndoneText(command, data) };
}
