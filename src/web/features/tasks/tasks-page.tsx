import { useMemo, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { format, parseISO } from 'date-fns';
import {
  AlertTriangle,
  Bell,
  BellOff,
  CalendarDays,
  CheckCircle2,
  Link2,
  Pencil,
  Plus,
  RotateCcw,
  Trash2,
} from 'lucide-react';
import type { FamilyMemberDto } from '../../../core/contracts/members.ts';
import type { TaskDto, TaskStatus } from '../../../core/contracts/tasks.ts';
import { taskReminderText } from '../../../core/notifications/reminder-channel.ts';
import { filterByAssignees, isOverdue, sortByDueDate } from '../../../core/tasks/sorting.ts';
import { instantToLocal } from '../../../core/time/local-time.ts';
import { durationLabel } from '../../../core/tasks/time-choices.ts';
import { ConfirmDialog } from '../../components/confirm-dialog.tsx';
import { EmptyState } from '../../components/empty-state.tsx';
import { MemberFilter, useMemberFilter } from '../../components/member-filter.tsx';
import { MemberInitials } from '../../components/member-initials.tsx';
import { StatusTabs } from '../../components/status-tabs.tsx';
import { ErrorAlert } from '../../components/ui/alert.tsx';
import { Button } from '../../components/ui/button.tsx';
import { Card } from '../../components/ui/card.tsx';
import { cn } from '../../components/ui/cn.ts';
import { PageHeader } from '../../components/ui/page-header.tsx';
import { Spinner } from '../../components/ui/spinner.tsx';
import { useToast } from '../../components/ui/toast.tsx';
import { useUndoAction } from '../../common/undo/undo-action.ts';
import { useSession } from '../../common/session.ts';
import { PriorityBadge } from './priority-badge.tsx';
import { useDeleteTask, useTasks, useUpdateTaskStatus } from './api.ts';
import { useFamilyMembers } from '../../common/members.ts';

const TABS: { value: TaskStatus; label: string }[] = [
  { value: 'open', label: 'Open' },
  { value: 'completed', label: 'Completed' },
];

/** 'December 1st, 2026 at 7:30 AM' parts (SPEC §9: 'PPP' and 'h:mm a') of a local wall-clock time. */
function dueParts(dueDate: string): { date: string; time: string } {
  const when = parseISO(dueDate); // no zone in the text: read as the device's local wall-clock time
  return { date: format(when, 'PPP'), time: format(when, 'h:mm a') };
}

/**
 * One task (issue 46: compact, so several fit a 390 px screen): the title, a description of one line on a phone
 * (two wider), then the badges, who, when, which event and the reminder beside the actions, which are icon
 * buttons on a phone (named for screen readers) and labelled buttons from 768 px. The estimated duration shows
 * from 640 px (the form has it).
 * `familyReminderGap`: the family-wide reason no reminder goes out (shown once above the list, not per card).
 */
function TaskCard({
  task,
  membersById,
  overdue,
  familyReminderGap,
  onComplete,
  onReopen,
  onEdit,
  onDelete,
  busy,
}: {
  task: TaskDto;
  membersById: Map<string, FamilyMemberDto>;
  /** Open and past its due time (issue 21): a red edge and an 'Overdue' badge. */
  overdue: boolean;
  familyReminderGap: boolean;
  onComplete: () => void;
  onReopen: () => void;
  onEdit: () => void;
  onDelete: () => void;
  busy: boolean;
}) {
  const assignees = task.assigned_to_ids
    .map((id) => membersById.get(id))
    .filter((m): m is FamilyMemberDto => m !== undefined);
  const due = task.due_date ? dueParts(task.due_date) : null;
  const reminder =
    task.send_sms_reminder && task.status === 'open' && !familyReminderGap
      ? taskReminderText(
          assignees.map((m) => ({ name: m.name, channel: m.reminder_channel, gap: m.reminder_gap })),
        )
      : null;
  return (
    <Card
      className={cn('px-3 py-2.5 sm:p-4', overdue && 'border-l-4 border-l-red-600')}
      data-testid="task-card"
    >
      <h2
        className={cn(
          'text-base leading-snug font-semibold text-slate-900',
          task.status === 'completed' && 'text-slate-600 line-through',
        )}
      >
        {task.title}
      </h2>
      {task.description ? (
        <p
          data-testid="task-description"
          className="mt-0.5 line-clamp-1 text-sm whitespace-pre-line text-slate-700 sm:line-clamp-2"
        >
          {task.description}
        </p>
      ) : null}
      {/* The list carries only the description's start (ADR 046); the form loads all of it. */}
      {task.description_truncated ? (
        <p className="text-xs text-slate-600">Open the task to read the rest…</p>
      ) : null}

      <div className="mt-2 flex items-end justify-between gap-2">
        <div className="flex min-w-0 flex-1 flex-wrap items-center gap-x-3 gap-y-1 text-xs text-slate-700 sm:gap-x-5 sm:text-sm">
          {overdue ? (
            <span className="inline-flex items-center gap-1 rounded-full bg-red-100 px-2 py-0.5 text-xs font-medium text-red-800">
              <AlertTriangle className="h-3 w-3" aria-hidden />
              Overdue
            </span>
          ) : null}
          <PriorityBadge priority={task.priority} />
          <span className="flex items-center gap-1" aria-label="Assigned to">
            {assignees.length > 0 ? (
              assignees.map((m) => <MemberInitials key={m.id} member={m} />)
            ) : (
              <span className="text-slate-600">Unassigned</span>
            )}
          </span>
          {due ? (
            <>
              <span className="flex min-w-0 items-center gap-1.5">
                <CalendarDays className="h-4 w-4 text-slate-500" aria-hidden />
                {due.date}, {due.time}
              </span>
              <span className="whitespace-nowrap text-slate-600 max-sm:hidden">
                ({durationLabel(task.estimated_duration_minutes)})
              </span>
            </>
          ) : null}
          <span className="flex min-w-0 items-center gap-1.5">
            <Link2 className="h-4 w-4 shrink-0 text-slate-500" aria-hidden />
            <span className="truncate">
              {task.event_id !== null ? (task.event_title ?? 'Event') : 'Standalone Task'}
            </span>
          </span>
          {reminder ? (
            <span data-testid="task-reminder" className="flex items-center gap-1.5 text-indigo-700">
              <Bell className="h-4 w-4 shrink-0" aria-hidden />
              {reminder}
            </span>
          ) : null}
        </div>

        {/* On a phone the actions are 40 px icon buttons named for screen readers; labelled from 768 px. */}
        <div className="flex shrink-0 gap-1.5 sm:gap-2">
          {task.status === 'open' ? (
            <Button size="sm" onClick={onComplete} disabled={busy} className={ICON_ON_PHONE}>
              <CheckCircle2 className="h-4 w-4" aria-hidden />
              <span className="max-md:sr-only">Complete</span>
            </Button>
          ) : (
            <Button
              size="sm"
              variant="secondary"
              onClick={onReopen}
              disabled={busy}
              className={ICON_ON_PHONE}
            >
              <RotateCcw className="h-4 w-4" aria-hidden />
              <span className="max-md:sr-only">Reopen</span>
            </Button>
          )}
          <Button
            size="sm"
            variant="secondary"
            onClick={onEdit}
            aria-label={`Edit ${task.title}`}
            className={ICON_ON_PHONE}
          >
            <Pencil className="h-4 w-4" aria-hidden />
            <span className="max-md:sr-only">Edit</span>
          </Button>
          <Button
            size="sm"
            variant="secondary"
            onClick={onDelete}
            disabled={busy}
            aria-label={`Delete ${task.title}`}
            className={ICON_ON_PHONE}
          >
            <Trash2 className="h-4 w-4" aria-hidden />
            <span className="max-md:sr-only">Delete</span>
          </Button>
        </div>
      </div>
    </Card>
  );
}

/** A card's action as a 40 px square icon button below 768 px. */
const ICON_ON_PHONE = 'max-md:min-h-10 max-md:min-w-10 max-md:justify-center max-md:px-0';

/**
 * SPEC §2 Tasks screen: 'Family Tasks', Open / Completed tabs, the 'Filter by Assignee' panel (a task shows when
 * any of its assignees is selected), tasks by due date ascending with undated ones last (SPEC §9), so overdue ones
 * come first, marked 'Overdue' (issue 21). Complete on open tasks, Reopen on completed ones; delete after the
 * SPEC §8 confirmation (in the app's dialog, issue 46).
 */
export function TasksPage() {
  const navigate = useNavigate();
  const { toast } = useToast();
  const undoAction = useUndoAction();
  const tasksQuery = useTasks();
  const membersQuery = useFamilyMembers();
  const filter = useMemberFilter(membersQuery.data);
  const updateStatus = useUpdateTaskStatus();
  const deleteTask = useDeleteTask();
  const [tab, setTab] = useState<TaskStatus>('open');

  const membersById = useMemo(
    () => new Map((membersQuery.data ?? []).map((m) => [String(m.id), m])),
    [membersQuery.data],
  );
  const visible = useMemo(
    () =>
      sortByDueDate(
        filterByAssignees(
          tasksQuery.data ?? [],
          new Set([...filter.active].map(String)), // assigned_to_ids are strings on the wire
          (t) => t.assigned_to_ids,
        ).filter((t) => t.status === tab),
      ),
    [tasksQuery.data, filter.active, tab],
  );

  // The family's wall-clock now, for the overdue marker (due dates are the family's wall-clock text).
  const session = useSession();
  const nowLocal = session.data ? instantToLocal(new Date(), session.data.family_timezone) : null;

  /** Complete, or (issue 21) reopen a completed task: SPEC §4 allows both ways. */
  function setStatus(task: TaskDto, status: TaskStatus) {
    updateStatus.mutate(
      { id: task.id, status },
      {
        onSuccess: () =>
          toast({ title: 'Task updated', description: 'Task status has been updated successfully.' }),
        onError: () =>
          toast({ title: 'Error', description: 'Failed to update task status.', variant: 'destructive' }),
      },
    );
  }

  const [toDelete, setToDelete] = useState<TaskDto | null>(null);

  function remove() {
    const task = toDelete;
    setToDelete(null);
    if (!task) return;
    deleteTask.mutate(task.id, {
      onSuccess: (reply) => toast({ title: 'Task deleted', action: undoAction(reply.undo_id) }),
      onError: () => toast({ title: 'Error', description: 'Failed to delete task.', variant: 'destructive' }),
    });
  }

  // Issue 46: when no reminder can go out to anyone (nothing set up, or the family turned it off), say so once
  // with what to do, instead of on every card.
  const familyGap = (membersQuery.data ?? []).find(
    (m) => m.reminder_gap === 'not_set_up' || m.reminder_gap === 'switched_off',
  )?.reminder_gap;

  const addTask = (
    <Button onClick={() => navigate('/add-task')}>
      <Plus className="h-4 w-4" aria-hidden />
      Add Task
    </Button>
  );

  return (
    <div>
      <PageHeader title="Family Tasks" actions={addTask} />
      {familyGap ? (
        <p
          data-testid="tasks-reminder-note"
          className="mb-4 flex items-start gap-2 rounded-md border border-slate-200 bg-slate-50 px-3 py-2 text-xs text-slate-700 sm:text-sm"
        >
          <BellOff className="mt-0.5 h-4 w-4 shrink-0 text-slate-500" aria-hidden />
          <span>
            No task reminders can be sent.{' '}
            {familyGap === 'switched_off' ? (
              <>
                E-mail and SMS are turned off in Global Notification Settings on{' '}
                <Link to="/family-members" className="font-medium text-indigo-700 underline">
                  Family Members
                </Link>
                .
              </>
            ) : (
              'This FamilyHub has no e-mail or SMS set up: ask whoever runs it to set one up.'
            )}
          </span>
        </p>
      ) : null}
      <div className="grid grid-cols-1 gap-6 lg:grid-cols-[minmax(0,1fr)_16rem]">
        <StatusTabs label="Task status" tabs={TABS} value={tab} onValueChange={setTab}>
          {(status) => (
            <>
              {tasksQuery.isPending ? (
                <div className="flex justify-center py-12">
                  <Spinner />
                </div>
              ) : tasksQuery.isError ? (
                <ErrorAlert>The tasks could not be loaded. Please reload the page.</ErrorAlert>
              ) : visible.length === 0 ? (
                <EmptyState action={addTask}>No {status} tasks found.</EmptyState>
              ) : (
                <ul className="space-y-2 sm:space-y-3">
                  {visible.map((task) => (
                    <li key={task.id}>
                      <TaskCard
                        task={task}
                        membersById={membersById}
                        overdue={nowLocal !== null && isOverdue(task, nowLocal)}
                        familyReminderGap={familyGap !== undefined}
                        onComplete={() => setStatus(task, 'completed')}
                        onReopen={() => setStatus(task, 'open')}
                        onEdit={() => navigate(`/add-task/${String(task.id)}`)}
                        onDelete={() => setToDelete(task)}
                        busy={
                          (updateStatus.isPending && updateStatus.variables.id === task.id) ||
                          (deleteTask.isPending && deleteTask.variables === task.id)
                        }
                      />
                    </li>
                  ))}
                </ul>
              )}
            </>
          )}
        </StatusTabs>
        <aside aria-label="Filter by Assignee" className="lg:order-none">
          {membersQuery.data && membersQuery.data.length > 0 ? (
            <MemberFilter title="Filter by Assignee" members={membersQuery.data} filter={filter} />
          ) : null}
        </aside>
      </div>
      <ConfirmDialog
        open={toDelete !== null}
        onOpenChange={(open) => {
          if (!open) setToDelete(null);
        }}
        message="Are you sure you want to delete this task?"
        confirmLabel="Delete"
        onConfirm={remove}
      />
    </div>
  );
}
