import { asc, eq, type SQL, sql } from 'drizzle-orm';
import { REMINDER_FREQUENCIES, type ReminderFrequency } from '../../../core/contracts/tasks.ts';
import { taskReminderInstant } from '../../../core/reminders/reminder-times.ts';
import { instantToLocal, localToInstant } from '../../../core/time/local-time.ts';
import { families } from '../../db/schema/families.ts';
import { tasks } from '../../db/schema/tasks.ts';
import { taskColumns, type TaskRow } from '../../db/task-assignees.ts';
import { enqueueMany, type OutboundMessage } from '../../notifications/outbox.ts';
import { channelFor, loadAudience, membersOf, policyFactsOf } from '../audience.ts';
import { taskReminderMessage } from '../messages.ts';
import { type JobContext, MINUTE, type PlanningWindow } from './shared.ts';
import { PAGE, type Planned, sweep } from './sweep.ts';

/** How long a DONE answering an SMS task reminder completes its task, from the reminder's send time (issue 27). */
const TASK_REPLY_MINUTES = 24 * 60;

const asFrequency = (value: string): ReminderFrequency =>
  (REMINDER_FREQUENCIES as readonly string[]).includes(value)
    ? (value as ReminderFrequency)
    : '30_minutes_before'; // narrowed by includes

/** Tasks whose cursor is not computed and that can carry a reminder: `tasks_reminder_unplanned_idx`'s predicate. */
const taskUnplanned = sql`${tasks.nextReminderAt} is null and ${tasks.status} = 'open' and ${tasks.sendSmsReminder} and ${tasks.transportKind} is null and ${tasks.dueDate} is not null`;

/**
 * The task-reminder job (SPEC §3 task reminders, issue 8): for each open task with `send_sms_reminder` and a
 * due date whose reminder instant (`reminder_frequency` before the due time, in the family's zone) falls in
 * the window, one reminder to each assignee (SMS if they can get one, else e-mail), expiring at the due time,
 * answerable by DONE for a day. Reads only the tasks whose `next_reminder_at` is due or not yet computed
 * (`sweep`), and moves each cursor on. Dedupe key `task:{id}:reminder:{member}:{due}:{frequency}`; source
 * `task` with the task's id.
 * @returns reminders written, and task rows that could not be planned (logged at warn, skipped).
 */
export async function planTaskReminders(
  ctx: JobContext,
  { now, from, to }: PlanningWindow,
): Promise<{ created: number; failedRows: number }> {
  const { db, publicUrl } = ctx;
  const read = async (where: SQL) =>
    db
      .select({ row: taskColumns, zone: families.timezone, version: sql<string>`${tasks}.xmin::text` })
      .from(tasks)
      .innerJoin(families, eq(families.id, tasks.familyId))
      .where(where)
      .orderBy(asc(tasks.id))
      .limit(PAGE);
  const plan = async (page: { row: TaskRow; zone: string }[]): Promise<Planned> => {
    const next = new Map<number, Date>();
    const due: { task: TaskRow; zone: string; dueDate: string; frequency: ReminderFrequency; at: Date }[] =
      [];
    for (const { row: task, zone } of page) {
      // Only an open, reminding, non-transport task with a due date has a reminder (the unplanned index's rule).
      if (task.status !== 'open' || !task.sendSmsReminder || task.transportKind !== null || !task.dueDate)
        continue;
      const frequency = asFrequency(task.reminderFrequency);
      const at = taskReminderInstant(task.dueDate, frequency, zone);
      if (at > to) next.set(task.id, at);
      else if (at >= from) due.push({ task, zone, dueDate: task.dueDate, frequency, at });
    }
    if (due.length === 0) return { created: 0, next, failedRows: 0 };
    const audience = await loadAudience(
      db,
      due.map((d) => d.task.familyId),
    );
    const messages: OutboundMessage[] = [];
    for (const { task, zone, dueDate, frequency, at } of due) {
      const family = audience.families.get(task.familyId);
      if (!family) continue;
      const dueAt = localToInstant(dueDate, zone);
      const today = instantToLocal(now, zone).slice(0, 10);
      for (const member of membersOf(audience, family.id, [...task.assignedToIds, task.assignedTo])) {
        messages.push({
          ...taskReminderMessage({
            channel: channelFor(family, member),
            publicUrl,
            familyName: family.name,
            title: task.title,
            due: dueDate,
            today,
          }),
          familyId: family.id,
          familyMemberId: member.id,
          dedupeKey: `task:${task.id}:reminder:${member.id}:${dueDate}:${frequency}`,
          source: { kind: 'task', id: task.id },
          now,
          sendAfter: at,
          // A DONE answering it completes the task, for a day after it is due to be sent (issue 27 part 3).
          replyActions: [
            {
              action: 'complete_task',
              taskId: task.id,
              expiresAt: new Date(at.getTime() + TASK_REPLY_MINUTES * MINUTE),
            },
          ],
          // Never after the due time (an "at due date" reminder gets a quarter of an hour).
          expiresAt: new Date(Math.max(dueAt.getTime(), at.getTime() + 15 * MINUTE)),
        });
      }
    }
    const written = await enqueueMany(db, messages, policyFactsOf(audience));
    return { created: written.created, next, failedRows: 0 };
  };
  return sweep(ctx, tasks, taskUnplanned, to, read, plan);
}
