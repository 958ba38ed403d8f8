import { useMemo, useState } from 'react';
import { useNavigate } from 'react-router';
import { format, parseISO } from 'date-fns';
import {
  AlertTriangle,
  Bell,
  CalendarDays,
  CheckCircle2,
  Clock,
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

function TaskCard({
  task,
  membersById,
  overdue,
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
  return (
    <Card className={cn('p-4', overdue && 'border-l-4 border-l-red-600')} data-testid="task-card">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0 flex-1">
          <h3
            className={cn(
              'text-base font-semibold text-slate-900',
              task.status === 'completed' && 'text-slate-600 line-through',
            )}
          >
            {task.title}
          </h3>
          {task.description ? (
            <p className="mt-1 text-sm whitespace-pre-line text-slate-700">{task.description}</p>
          ) : null}
          {/* The list carries only the description's start (ADR 046); the form loads all of it. */}
          {task.description_truncated ? (
            <p className="mt-1 text-xs text-slate-600">Open the task to read the rest…</p>
          ) : null}
        </div>
        <div className="flex flex-wrap gap-2">
          {overdue ? (
            <span className="inline-flex items-center gap-1 rounded-full bg-red-100 px-2.5 py-0.5 text-xs font-medium text-red-800">
              <AlertTriangle className="h-3 w-3" aria-hidden />
              Overdue
            </span>
          ) : null}
          <PriorityBadge priority={task.priority} />
        </div>
      </div>

      <div className="mt-3 flex flex-wrap items-center gap-x-5 gap-y-2 text-sm text-slate-700">
        <span className="flex items-center gap-1" aria-label="Assigned to">
          {assignees.length > 0 ? (
            assignees.map((m) => <MemberInitials key={m.id} member={m} />)
          ) : (
            <span className="text-slate-600">Unassigned</span>
          )}
        </span>
        {due ? (
          <>
            <span className="flex items-center gap-1.5">
              <CalendarDays className="h-4 w-4 text-slate-500" aria-hidden />
              {due.date}
            </span>
            <span className="flex items-center gap-1.5">
              <Clock className="h-4 w-4 text-slate-500" aria-hidden />
              {due.time}
              <span className="text-slate-500">({durationLabel(task.estimated_duration_minutes)})</span>
            </span>
          </>
        ) : null}
        <span className="flex items-center gap-1.5">
          <Link2 className="h-4 w-4 text-slate-500" aria-hidden />
          {task.event_id !== null ? (task.event_title ?? 'Event') : 'Standalone Task'}
        </span>
        {task.send_sms_reminder && task.status === 'open' ? (
          <span className="flex items-center gap-1.5 text-indigo-700">
            <Bell className="h-4 w-4" aria-hidden />
            {taskReminderText(assignees.map((m) => ({ name: m.name, channel: m.reminder_channel })))}
          </span>
        ) : null}
      </div>

      <div className="mt-4 flex flex-wrap justify-end gap-2">
        {task.status === 'open' ? (
          <Button size="sm" onClick={onComplete} disabled={busy}>
            <CheckCircle2 className="h-4 w-4" aria-hidden />
            Complete
          </Button>
        ) : (
          <Button size="sm" variant="secondary" onClick={onReopen} disabled={busy}>
            <RotateCcw className="h-4 w-4" aria-hidden />
            Reopen
          </Button>
        )}
        <Button size="sm" variant="secondary" onClick={onEdit} aria-label={`Edit ${task.title}`}>
          <Pencil className="h-4 w-4" aria-hidden />
          Edit
        </Button>
        <Button
          size="sm"
          variant="secondary"
          onClick={onDelete}
          disabled={busy}
          aria-label={`Delete ${task.title}`}
        >
          <Trash2 className="h-4 w-4" aria-hidden />
          Delete
        </Button>
      </div>
    </Card>
  );
}

/**
 * SPEC §2 Tasks screen: 'Family Tasks', Open / Completed tabs, the 'Filter by Assignee' panel (a task shows when
 * any of its assignees is selected), tasks by due date ascending with undated ones last (SPEC §9), so overdue ones
 * come first, marked 'Overdue' (issue 21). Complete on open tasks, Reopen on completed ones; delete after the
 * SPEC §8 confirmation.
 */
export function TasksPage() {
  const navigate = useNavigate();
  const { toast } = useToast();
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

  function remove(task: TaskDto) {
    if (!window.confirm('Are you sure you want to delete this task?')) return;
    deleteTask.mutate(task.id, {
      onSuccess: () => toast({ title: 'Task deleted' }),
      onError: () => toast({ title: 'Error', description: 'Failed to delete task.', variant: 'destructive' }),
    });
  }

  const addTask = (
    <Button onClick={() => navigate('/add-task')}>
      <Plus className="h-4 w-4" aria-hidden />
      Add Task
    </Button>
  );

  return (
    <div>
      <PageHeader title="Family Tasks" actions={addTask} />
      <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_16rem]">
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
                <ul className="space-y-3">
                  {visible.map((task) => (
                    <li key={task.id}>
                      <TaskCard
                        task={task}
                        membersById={membersById}
                        overdue={nowLocal !== null && isOverdue(task, nowLocal)}
                        onComplete={() => setStatus(task, 'completed')}
                        onReopen={() => setStatus(task, 'open')}
                        onEdit={() => navigate(`/add-task/${String(task.id)}`)}
                        onDelete={() => remove(task)}
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
    </div>
  );
}
