import { useState } from 'react';
import { CheckCircle2, Circle, Plus, X } from 'lucide-react';
import { format, parseISO } from 'date-fns';
import { Link } from 'react-router';
import type { EventTaskDto } from '../../../core/contracts/events.ts';
import type { FamilyMemberDto } from '../../../core/contracts/members.ts';
import { eventTasksToShow } from '../../../core/tasks/event-task-list.ts';
import { Button } from '../../components/ui/button.tsx';
import { Field, Input, Select } from '../../components/ui/field.tsx';
import { useToast } from '../../components/ui/toast.tsx';
import { useToggleEventTask, type NewEventTask } from './api.ts';

interface AssociatedTasksProps {
  existing: EventTaskDto[];
  /** The occurrence of a series the form was opened on (its `occurrence_start`), null otherwise. */
  occurrence: string | null;
  members: FamilyMemberDto[];
  newTasks: NewEventTask[];
  onNewTasksChange: (tasks: NewEventTask[]) => void;
  defaultAssignee: number | null;
}

/**
 * SPEC §2 Associated Tasks: the event's tasks (edit) with an open/completed toggle, and new ones to add
 * (posted after the event is saved). Of a series' pickups and drop-offs (a week's worth, ADR 047), those of the
 * occurrence being edited; the others are counted, with the way to the Driving page (issue 46, `eventTasksToShow`).
 */
export function AssociatedTasks({
  existing: all,
  occurrence,
  members,
  newTasks,
  onNewTasksChange,
  defaultAssignee,
}: AssociatedTasksProps) {
  const [title, setTitle] = useState('');
  const [assignee, setAssignee] = useState('');
  const { shown: existing, otherDrives } = eventTasksToShow(all, occurrence);
  const toggle = useToggleEventTask();
  const { toast } = useToast();
  const name = (id: number | null) => members.find((m) => m.id === id)?.name ?? 'Unassigned';
  const chosen = assignee || (defaultAssignee ? String(defaultAssignee) : String(members[0]?.id ?? ''));

  const add = () => {
    const trimmed = title.trim();
    if (!trimmed || !chosen) return;
    onNewTasksChange([...newTasks, { title: trimmed, assigneeId: Number(chosen) }]);
    setTitle('');
  };

  return (
    <div className="space-y-3">
      {existing.length > 0 ? (
        <ul
          className="divide-y divide-slate-100 rounded-md border border-slate-200"
          aria-label="Existing tasks"
        >
          {existing.map((t) => {
            const done = t.status === 'completed';
            return (
              <li key={t.id} className="flex items-center gap-3 px-3 py-2">
                <button
                  type="button"
                  aria-pressed={done}
                  aria-label={`${t.title}: mark ${done ? 'open' : 'completed'}`}
                  disabled={toggle.isPending}
                  onClick={() =>
                    toggle.mutate(
                      { id: t.id, status: done ? 'open' : 'completed' },
                      {
                        onSuccess: () =>
                          toast({
                            title: 'Task updated',
                            description: 'Task status has been updated successfully.',
                          }),
                        onError: () =>
                          toast({
                            title: 'Error',
                            description: 'Failed to update task status.',
                            variant: 'destructive',
                          }),
                      },
                    )
                  }
                  className="text-indigo-600"
                >
                  {done ? (
                    <CheckCircle2 className="h-5 w-5" aria-hidden />
                  ) : (
                    <Circle className="h-5 w-5" aria-hidden />
                  )}
                </button>
                <div className="min-w-0 flex-1">
                  <p
                    className={
                      done ? 'text-sm text-slate-500 line-through' : 'text-sm font-medium text-slate-900'
                    }
                  >
                    {t.title}
                  </p>
                  <p className="text-xs text-slate-600">
                    {name(t.assigned_to)}
                    {t.due_date ? ` · ${format(parseISO(t.due_date), 'PPP h:mm a')}` : ''}
                  </p>
                </div>
                <span className="rounded-full bg-slate-100 px-2 py-0.5 text-xs text-slate-700">
                  {done ? 'Completed' : 'Open'}
                </span>
              </li>
            );
          })}
        </ul>
      ) : null}
      {newTasks.length > 0 ? (
        <ul className="space-y-1" aria-label="New tasks">
          {newTasks.map((t, i) => (
            <li
              key={`${t.title}-${String(i)}`}
              className="flex items-center gap-2 rounded-md bg-indigo-50 px-3 py-2 text-sm"
            >
              <span className="flex-1 text-slate-900">
                {t.title} <span className="text-slate-600">· {name(t.assigneeId)}</span>
              </span>
              <button
                type="button"
                aria-label={`Remove ${t.title}`}
                onClick={() => onNewTasksChange(newTasks.filter((_, j) => j !== i))}
                className="rounded p-1 text-slate-600 hover:bg-white"
              >
                <X className="h-4 w-4" aria-hidden />
              </button>
            </li>
          ))}
        </ul>
      ) : null}
      {existing.length === 0 && newTasks.length === 0 ? (
        <p className="text-sm text-slate-600">No tasks yet.</p>
      ) : null}
      {otherDrives > 0 ? (
        <p className="text-sm text-slate-600" data-testid="other-drives">
          {otherDrives === 1
            ? '1 pickup or drop-off on another day of this series is'
            : `${String(otherDrives)} pickups and drop-offs on other days of this series are`}{' '}
          on the{' '}
          <Link to="/driving" className="font-medium text-indigo-700 hover:underline">
            Driving
          </Link>{' '}
          page.
        </p>
      ) : null}
      <div className="grid gap-2 sm:grid-cols-[1fr_12rem_auto] sm:items-end">
        <Field label="New task">
          {(a11y) => (
            <Input
              {...a11y}
              value={title}
              placeholder="e.g. Pack the snacks"
              onChange={(e) => setTitle(e.target.value)}
              onKeyDown={(e) => {
                if (e.key === 'Enter') {
                  e.preventDefault();
                  add();
                }
              }}
            />
          )}
        </Field>
        <Field label="Task assignee">
          {(a11y) => (
            <Select {...a11y} value={chosen} onChange={(e) => setAssignee(e.target.value)}>
              {members.map((m) => (
                <option key={m.id} value={m.id}>
                  {m.name}
                </option>
              ))}
            </Select>
          )}
        </Field>
        <Button variant="secondary" onClick={add} disabled={!title.trim()}>
          <Plus className="h-4 w-4" aria-hidden />
          Add Task
        </Button>
      </div>
    </div>
  );
}
