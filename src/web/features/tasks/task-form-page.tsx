import { Controller, useForm, type FieldErrors } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useNavigate, useParams } from 'react-router';
import { ArrowLeft, Check } from 'lucide-react';
import type { FamilyMemberDto } from '../../../core/contracts/members.ts';
import {
  ASSIGNEE_REQUIRED_TOAST,
  PRIORITY_CHOICES,
  TASK_FORM_DEFAULTS,
  taskEditFormSchema,
  taskFormSchema,
  taskToFormValues,
  toCreateTaskPayload,
  toUpdateTaskPayload,
  type TaskDto,
  type TaskFormValues,
} from '../../../core/contracts/tasks.ts';
import { memberColorTokens } from '../../../core/members/colors.ts';
import { initials } from '../../../core/members/initials.ts';
import { DURATION_CHOICES, HOUR_CHOICES, MINUTE_CHOICES } from '../../../core/tasks/time-choices.ts';
import { ChoiceField } from '../../components/choice-select.tsx';
import { ErrorAlert } from '../../components/ui/alert.tsx';
import { Button } from '../../components/ui/button.tsx';
import { Card } from '../../components/ui/card.tsx';
import { cn } from '../../components/ui/cn.ts';
import { Field, Input, Textarea } from '../../components/ui/field.tsx';
import { Spinner } from '../../components/ui/spinner.tsx';
import { useToast } from '../../components/ui/toast.tsx';
import { ApiError } from '../../platform/api.ts';
import { useCreateTask, useTask, useUpdateTask } from './api.ts';
import { useFamilyMembers } from '../../common/members.ts';

const DEFAULTS: TaskFormValues = {
  title: '',
  assigned_to_ids: [],
  due_date: '',
  hour: TASK_FORM_DEFAULTS.hour,
  minute: TASK_FORM_DEFAULTS.minute,
  priority: TASK_FORM_DEFAULTS.priority,
  estimated_duration_minutes: TASK_FORM_DEFAULTS.estimated_duration_minutes,
  description: '',
  status: TASK_FORM_DEFAULTS.status,
};

/** The assignee multi-select: one toggle button per member (keyboard: Tab then Space / Enter). */
function AssigneePicker({
  members,
  value,
  onChange,
  error,
}: {
  members: FamilyMemberDto[];
  value: string[];
  onChange: (ids: string[]) => void;
  error: string | undefined;
}) {
  return (
    <fieldset className="space-y-1" aria-describedby={error ? 'assignees-error' : undefined}>
      <legend className="block text-sm font-medium text-slate-800">Assign To</legend>
      <div className="flex flex-wrap gap-2 pt-1">
        {members.map((member) => {
          const id = String(member.id);
          const on = value.includes(id);
          const tokens = memberColorTokens(member.color);
          return (
            <button
              key={id}
              type="button"
              aria-pressed={on}
              onClick={() => onChange(on ? value.filter((v) => v !== id) : [...value, id])}
              className={cn(
                'flex min-h-11 items-center gap-2 rounded-full border py-1 pr-4 pl-1 text-sm',
                on
                  ? 'border-indigo-600 bg-indigo-50 text-indigo-900'
                  : 'border-slate-300 bg-white text-slate-800',
              )}
            >
              <span
                aria-hidden
                className={cn(
                  'inline-flex h-8 w-8 items-center justify-center rounded-full text-xs font-semibold',
                  tokens.background,
                  tokens.text,
                )}
              >
                {on ? <Check className="h-4 w-4" /> : initials(member.name)}
              </span>
              {member.name}
            </button>
          );
        })}
      </div>
      {error ? (
        <p id="assignees-error" role="alert" className="text-sm text-red-700">
          {error}
        </p>
      ) : null}
    </fieldset>
  );
}

/** The task form: new (`task` undefined) or editing `task` (issue 21: the same form, its values read in). */
function TaskForm({ members, task }: { members: FamilyMemberDto[]; task?: TaskDto }) {
  const navigate = useNavigate();
  const { toast } = useToast();
  const createTask = useCreateTask();
  const updateTask = useUpdateTask();
  const {
    register,
    control,
    handleSubmit,
    formState: { errors },
  } = useForm<TaskFormValues>({
    // A task saved without a due date (an event's task) may stay without one when edited.
    resolver: zodResolver(task && !task.due_date ? taskEditFormSchema : taskFormSchema),
    defaultValues: task ? taskToFormValues(task) : DEFAULTS,
  });
  const pending = createTask.isPending || updateTask.isPending;

  const onValid = (values: TaskFormValues) => {
    if (task) {
      updateTask.mutate(
        { id: task.id, payload: toUpdateTaskPayload(values) },
        {
          onSuccess: () => {
            toast({ title: 'Task updated', description: 'Task has been updated successfully.' });
            navigate('/tasks');
          },
          onError: () =>
            toast({ title: 'Error', description: 'Failed to update task.', variant: 'destructive' }),
        },
      );
      return;
    }
    createTask.mutate(toCreateTaskPayload(values), {
      onSuccess: () => {
        toast({ title: 'Task created' });
        navigate('/tasks');
      },
      onError: () => toast({ title: 'Error', description: 'Failed to create task.', variant: 'destructive' }),
    });
  };

  // SPEC §5: the missing assignee is shown inline and, on submit, as a toast too.
  const onInvalid = (invalid: FieldErrors<TaskFormValues>) => {
    if (invalid.assigned_to_ids)
      toast({ title: 'Error', description: ASSIGNEE_REQUIRED_TOAST, variant: 'destructive' });
  };

  return (
    <Card className="p-6">
      <form noValidate onSubmit={handleSubmit(onValid, onInvalid)} className="space-y-5">
        <Field label="Title" error={errors.title?.message}>
          {(a11y) => <Input {...a11y} placeholder="What needs to be done?" {...register('title')} />}
        </Field>

        <Controller
          control={control}
          name="assigned_to_ids"
          render={({ field }) => (
            <AssigneePicker
              members={members}
              value={field.value}
              onChange={field.onChange}
              error={errors.assigned_to_ids?.message}
            />
          )}
        />

        <div className="grid gap-4 sm:grid-cols-3">
          <Field label="Due Date" error={errors.due_date?.message}>
            {(a11y) => <Input {...a11y} type="date" {...register('due_date')} />}
          </Field>
          <ChoiceField
            label="Hour"
            error={errors.hour?.message}
            registration={register('hour')}
            choices={HOUR_CHOICES}
          />
          <ChoiceField
            label="Minute"
            error={errors.minute?.message}
            registration={register('minute')}
            choices={MINUTE_CHOICES}
          />
        </div>

        <div className="grid gap-4 sm:grid-cols-2">
          <ChoiceField
            label="Priority"
            error={errors.priority?.message}
            registration={register('priority')}
            choices={PRIORITY_CHOICES}
          />
          <ChoiceField
            label="Estimated Duration"
            error={errors.estimated_duration_minutes?.message}
            registration={register('estimated_duration_minutes', { valueAsNumber: true })}
            choices={DURATION_CHOICES}
          />
        </div>

        <Field label="Description" error={errors.description?.message}>
          {(a11y) => (
            <Textarea {...a11y} rows={4} placeholder="Add details (optional)" {...register('description')} />
          )}
        </Field>

        <div className="flex justify-end gap-2 border-t border-slate-200 pt-4">
          <Button variant="secondary" onClick={() => navigate('/tasks')}>
            Cancel
          </Button>
          <Button type="submit" disabled={pending}>
            {task
              ? updateTask.isPending
                ? 'Updating...'
                : 'Update Task'
              : createTask.isPending
                ? 'Creating...'
                : 'Create Task'}
          </Button>
        </div>
      </form>
    </Card>
  );
}

/**
 * SPEC §2 New Task screen at /add-task, with SPEC §9's defaults (30 minutes, medium, open, 06:00); at
 * /add-task/{id} the same form edits that task (issue 21), read whole with `GET /api/tasks/{id}` (the list carries
 * only the start of each description, ADR 046).
 */
export function TaskFormPage() {
  const navigate = useNavigate();
  const { id } = useParams();
  const membersQuery = useFamilyMembers();
  const editing = id !== undefined;
  const taskId = editing && /^[1-9]\d{0,9}$/.test(id) ? Number(id) : null;
  const taskQuery = useTask(taskId);
  const gone =
    editing && (taskId === null || (taskQuery.error instanceof ApiError && taskQuery.error.status === 404));
  const task = editing ? taskQuery.data : undefined;
  const loading = membersQuery.isPending || (editing && !gone && taskQuery.isPending);
  return (
    <div className="mx-auto max-w-2xl">
      <Button variant="ghost" className="mb-4 -ml-2" onClick={() => navigate('/tasks')}>
        <ArrowLeft className="h-4 w-4" aria-hidden />
        Back to Tasks
      </Button>
      <h1 className="mb-6 text-2xl font-bold text-slate-900">{editing ? 'Edit Task' : 'Add New Task'}</h1>
      {loading ? (
        <div className="flex justify-center py-12">
          <Spinner />
        </div>
      ) : gone ? (
        <ErrorAlert>This task no longer exists.</ErrorAlert>
      ) : membersQuery.isError || (editing && taskQuery.isError) ? (
        <ErrorAlert>The task form could not be loaded. Please reload the page.</ErrorAlert>
      ) : editing && !task ? (
        <ErrorAlert>This task no longer exists.</ErrorAlert>
      ) : (
        <TaskForm key={id ?? 'new'} members={membersQuery.data ?? []} task={task} />
      )}
    </div>
  );
}
