import { useEffect, useState } from 'react';
import { Link, useLocation, useNavigate, useParams, useSearchParams } from 'react-router';
import { useForm, useWatch } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { ArrowLeft } from 'lucide-react';
import {
  DROPOFF_PREFIX,
  DURATION_CHOICES,
  EVENT_CATEGORIES,
  eventFormSchema,
  formToEventInput,
  MINUTE_CHOICES,
  PICKUP_PREFIX,
  type EventDto,
  type EventFormValues,
  type EventTaskDto,
  type OccurrenceScope,
} from '../../../core/contracts/events.ts';
import { readEventPrefill, type EventPrefill } from '../../../core/contracts/event-prefill.ts';
import type { FamilyMemberDto } from '../../../core/contracts/members.ts';
import { parseView } from '../../../core/calendar/range.ts';
import { PRIORITY_CHOICES } from '../../../core/contracts/tasks.ts';
import { durationLabel, HOUR_CHOICES } from '../../../core/tasks/time-choices.ts';
import { serverMessageOr } from '../../platform/api.ts';
import { EventDrivingWarning } from '../../common/driving/event-driving-warning.tsx';
import { ChoiceField } from '../../components/choice-select.tsx';
import { ErrorAlert } from '../../components/ui/alert.tsx';
import { Button } from '../../components/ui/button.tsx';
import { Field, Input, Select, Textarea } from '../../components/ui/field.tsx';
import { Spinner } from '../../components/ui/spinner.tsx';
import { Switch } from '../../components/ui/switch.tsx';
import { useToast } from '../../components/ui/toast.tsx';
import { useUndoAction } from '../../common/undo/undo-action.ts';
import {
  forgetDeleted,
  useCreateEvent,
  useDeleteEvent,
  useEvent,
  useEventTasks,
  useUpdateEvent,
  type NewEventTask,
} from './api.ts';
import { AssociatedTasks } from './associated-tasks.tsx';
import { AttendeesFields } from './attendees-fields.tsx';
import { initialValues } from './form-values.ts';
import { FormSection } from './form-section.tsx';
import { RecurrenceSection } from './recurrence-section.tsx';
import { TransportSections } from './transport-sections.tsx';
import { ConfirmDeleteDialog, ScopeDialog } from './scope-dialog.tsx';
import { useFamilyMembers } from '../../common/members.ts';
import { todayIn } from '../../../core/time/today.ts';
import { browserTimeZone } from '../../platform/device-zone.ts';
import { useSession } from '../../common/session.ts';
import {
  calendarDateOf,
  calendarReturnState,
  type CalendarReturnState,
} from '../../common/calendar-return.ts';

const CATEGORY_LABELS: Record<(typeof EVENT_CATEGORIES)[number], string> = {
  appointment: 'Appointment',
  activity: 'Activity',
  school: 'School',
  work: 'Work',
  family: 'Family',
  other: 'Other',
};

/**
 * SPEC §2 Event form at /add-event and /add-event/{id}: 'Add New Event' / 'Edit Event'. Reads `date` and `hour`
 * (prefill, with Quick add's other fields: `readEventPrefill`), `view` (kept for the way back) and `occurrence` (which occurrence of a series was opened). Opened
 * from the calendar, it goes back to the calendar's date too (issue 46: the history state of
 * `calendarReturnState`, handed back).
 */
export function EventFormPage() {
  const { id: idParam } = useParams();
  const [params] = useSearchParams();
  const { state } = useLocation();
  const id = idParam && /^[1-9][0-9]{0,9}$/.test(idParam) ? Number(idParam) : null;
  const occurrence = params.get('occurrence');
  const viewParam = params.get('view');
  const backTo =
    params.get('from') === 'driving'
      ? '/driving'
      : viewParam
        ? `/calendar?view=${parseView(viewParam)}`
        : '/calendar';
  const calendarDate = calendarDateOf(state);
  const backState = calendarDate && backTo !== '/driving' ? calendarReturnState(calendarDate) : undefined;
  const event = useEvent(id, occurrence);
  const members = useFamilyMembers();
  const eventTasks = useEventTasks(id);

  if (idParam !== undefined && id === null) return <NotFoundEvent />;
  if ((id !== null && event.isPending) || members.isPending) {
    return (
      <div className="flex justify-center py-16">
        <Spinner />
      </div>
    );
  }
  if (id !== null && event.isError) return <NotFoundEvent />;
  return (
    <EventForm
      key={`${String(id)}-${occurrence ?? ''}`}
      id={id}
      event={event.data}
      occurrence={occurrence}
      members={members.data ?? []}
      tasks={eventTasks.data ?? []}
      backTo={backTo}
      backState={backState}
      prefill={readEventPrefill(params)}
    />
  );
}

function NotFoundEvent() {
  return (
    <div className="mx-auto max-w-3xl space-y-4">
      <ErrorAlert>This event could not be found.</ErrorAlert>
      <Link to="/calendar" className="text-sm font-medium text-indigo-700 hover:underline">
        Back to Calendar
      </Link>
    </div>
  );
}

interface EventFormProps {
  /** The event opened (`/add-event/{id}`), null for a new one. */
  id: number | null;
  event: EventDto | undefined;
  /** The occurrence of a series it was opened on (`?occurrence=`, its `occurrence_start`). */
  occurrence: string | null;
  members: FamilyMemberDto[];
  tasks: EventTaskDto[];
  backTo: string;
  /** The history state the way back carries (the calendar's date, `calendarReturnState`), if any. */
  backState: CalendarReturnState | undefined;
  /** What the address opens a new event with (`?date=&hour=…`, Quick add's "Edit details"). */
  prefill: EventPrefill;
}

function EventForm({ id, event, occurrence, members, tasks, backTo, backState, prefill }: EventFormProps) {
  const navigate = useNavigate();
  const { toast } = useToast();
  const undoAction = useUndoAction();
  const editing = event !== undefined;
  const partOfSeries = editing && (event.rrule !== null || event.parent_event_id !== null);
  const familyZone = useSession().data?.family_timezone ?? browserTimeZone();
  const form = useForm<EventFormValues>({
    resolver: zodResolver(eventFormSchema),
    defaultValues: initialValues(event, prefill, todayIn(familyZone, new Date())),
  });
  const { register, control, setValue, setFocus, formState } = form;
  // Issue 46: the form opens with the focus in its first field.
  useEffect(() => {
    setFocus('title');
  }, [setFocus]);
  const values = useWatch({ control });
  const [newTasks, setNewTasks] = useState<NewEventTask[]>([]);
  const [dialog, setDialog] = useState<'none' | 'delete-scope' | 'delete-confirm' | 'edit-scope'>('none');
  const [pendingValues, setPendingValues] = useState<EventFormValues | null>(null);
  const create = useCreateEvent();
  const update = useUpdateEvent();
  const remove = useDeleteEvent();
  const errors = formState.errors;

  const organizer = values.organizer_id ?? '';

  /** SPEC §5: tasks titled with a transport prefix or matching an existing one are not re-posted. */
  const tasksToPost = () =>
    newTasks.filter(
      (t) =>
        !t.title.startsWith(PICKUP_PREFIX.trim()) &&
        !t.title.startsWith(DROPOFF_PREFIX.trim()) &&
        !tasks.some((e) => e.title === t.title && e.description === null && e.assigned_to === t.assigneeId),
    );

  // The calendar opens at the top (this page is scrolled down to its buttons), not at its Subscribe panel.
  const finish = () => {
    window.scrollTo(0, 0);
    void navigate(backTo, { state: backState });
  };

  const save = (v: EventFormValues, scope: OccurrenceScope | null) => {
    if (!editing) {
      create.mutate(
        { input: formToEventInput(v, 'create'), newTasks: tasksToPost() },
        {
          onSuccess: () => {
            toast({ title: 'Event created', description: `${v.title} has been added to the calendar.` });
            finish();
          },
          onError: (error) =>
            toast({
              title: 'Error',
              description: serverMessageOr(error, 'Failed to create event.'),
              variant: 'destructive',
            }),
        },
      );
      return;
    }
    // What the user chose and the event as it was opened; the server works out which rows change.
    const change = { id: id ?? event.id, scope, occurrence };
    update.mutate(
      { ...change, input: formToEventInput(v, 'update'), newTasks: tasksToPost() },
      {
        onSuccess: () => {
          toast({ title: 'Event updated', description: `${v.title} has been updated.` });
          finish();
        },
        onError: (error) =>
          toast({
            title: 'Error',
            description: serverMessageOr(error, 'Failed to update event.'),
            variant: 'destructive',
          }),
      },
    );
  };

  const onSubmit = form.handleSubmit((v) => {
    if (editing && partOfSeries && (occurrence !== null || event.parent_event_id !== null)) {
      setPendingValues(v);
      setDialog('edit-scope');
      return;
    }
    save(v, null);
  });

  const doDelete = (scope: OccurrenceScope | null) => {
    if (!editing) return;
    const deletedId = id ?? event.id;
    remove.mutate(
      { id: deletedId, scope, occurrence },
      {
        onSuccess: (reply) => {
          toast({
            title: 'Event deleted',
            description:
              scope === 'all'
                ? 'All events in the series have been deleted.'
                : scope === 'following'
                  ? 'This and the following events have been deleted.'
                  : 'The event has been deleted.',
            action: undoAction(reply.undo_id, () => forgetDeleted(deletedId)),
          });
          finish();
        },
        onError: () =>
          toast({ title: 'Error', description: 'Failed to delete event.', variant: 'destructive' }),
      },
    );
  };

  const pending = create.isPending || update.isPending || remove.isPending;
  const allDay = values.is_all_day ?? false;

  return (
    <div className="mx-auto max-w-3xl space-y-4">
      <Link
        to={backTo}
        state={backState}
        className="inline-flex items-center gap-1 text-sm font-medium text-indigo-700 hover:underline"
      >
        <ArrowLeft className="h-4 w-4" aria-hidden />
        {backTo === '/driving' ? 'Back to Driving' : 'Back to Calendar'}
      </Link>
      <h1 className="text-2xl font-bold text-slate-900">{editing ? 'Edit Event' : 'Add New Event'}</h1>
      {editing && partOfSeries && occurrence ? (
        <p className="text-sm text-slate-600">You are editing one occurrence of a recurring event.</p>
      ) : null}

      <form onSubmit={(e) => void onSubmit(e)} noValidate className="space-y-4">
        <FormSection title="Event Details">
          <Field label="Title" error={errors.title?.message}>
            {(a11y) => <Input {...a11y} placeholder="e.g. Soccer practice" {...register('title')} />}
          </Field>
          <div className="grid gap-4 sm:grid-cols-2">
            <Field
              label={values.is_multi_day || allDay ? 'Start Date' : 'Event Date'}
              error={errors.event_date?.message}
            >
              {(a11y) => <Input type="date" {...a11y} {...register('event_date')} />}
            </Field>
            {values.is_multi_day || allDay ? (
              <Field
                label="End Date"
                error={errors.end_date?.message}
                hint={allDay ? 'The last day it lasts (the same day for one day).' : undefined}
              >
                {(a11y) => <Input type="date" {...a11y} {...register('end_date')} />}
              </Field>
            ) : null}
          </div>
          <div className="grid gap-x-8 gap-y-3 sm:grid-cols-2">
            <Switch
              label="All day"
              checked={allDay}
              onCheckedChange={(on) => {
                setValue('is_all_day', on, { shouldValidate: formState.isSubmitted });
                // The end date starts on the start day: a one-day event, ready to be stretched.
                if (on && !values.end_date) setValue('end_date', values.event_date ?? '');
              }}
            />
            {allDay ? null : (
              <Switch
                label="Multi-day event"
                checked={values.is_multi_day ?? false}
                onCheckedChange={(on) =>
                  setValue('is_multi_day', on, { shouldValidate: formState.isSubmitted })
                }
              />
            )}
          </div>
          {allDay ? null : (
            <div className="grid gap-4 sm:grid-cols-3">
              <ChoiceField
                label="Start Hour"
                error={errors.start_hour?.message}
                registration={register('start_hour')}
                choices={HOUR_CHOICES}
              />
              <Field label="Start Minute" error={errors.start_minute?.message}>
                {(a11y) => (
                  <Select {...a11y} {...register('start_minute')}>
                    {MINUTE_CHOICES.map((m) => (
                      <option key={m} value={m}>
                        :{m}
                      </option>
                    ))}
                  </Select>
                )}
              </Field>
              {values.is_multi_day ? null : (
                <Field label="Duration" error={errors.duration_minutes?.message}>
                  {(a11y) => (
                    <Select {...a11y} {...register('duration_minutes', { valueAsNumber: true })}>
                      {[
                        ...new Set([
                          ...DURATION_CHOICES,
                          event?.duration_minutes ?? prefill.durationMinutes ?? 60,
                        ]),
                      ]
                        .sort((a, b) => a - b)
                        .map((d) => (
                          <option key={d} value={d}>
                            {durationLabel(d)}
                          </option>
                        ))}
                    </Select>
                  )}
                </Field>
              )}
            </div>
          )}
          <Field label="Location" error={errors.location?.message}>
            {(a11y) => <Input {...a11y} placeholder="e.g. Riverside Park" {...register('location')} />}
          </Field>
          <div className="grid gap-4 sm:grid-cols-3">
            <Field label="Category">
              {(a11y) => (
                <Select {...a11y} {...register('category')}>
                  {EVENT_CATEGORIES.map((c) => (
                    <option key={c} value={c}>
                      {CATEGORY_LABELS[c]}
                    </option>
                  ))}
                </Select>
              )}
            </Field>
            <ChoiceField label="Priority" registration={register('priority')} choices={PRIORITY_CHOICES} />
            <Field label="Organizer">
              {(a11y) => (
                <Select {...a11y} {...register('organizer_id')}>
                  <option value="">No organizer</option>
                  {members.map((m) => (
                    <option key={m.id} value={m.id}>
                      {m.name}
                    </option>
                  ))}
                </Select>
              )}
            </Field>
          </div>
          <AttendeesFields form={form} members={members} />
          <Field label="Description" error={errors.description?.message}>
            {(a11y) => <Textarea rows={3} {...a11y} {...register('description')} />}
          </Field>
        </FormSection>

        <RecurrenceSection form={form} />

        {event ? <EventDrivingWarning event={event} occurrence={occurrence} /> : null}
        <TransportSections form={form} members={members} />

        <FormSection title="Associated Tasks">
          <AssociatedTasks
            existing={tasks}
            occurrence={occurrence}
            members={members}
            newTasks={newTasks}
            onNewTasksChange={setNewTasks}
            defaultAssignee={organizer ? Number(organizer) : null}
          />
        </FormSection>

        <div className="flex flex-wrap items-center justify-between gap-2 border-t border-slate-200 pt-4">
          <Button variant="secondary" onClick={finish} disabled={pending}>
            Cancel
          </Button>
          <div className="flex gap-2">
            {editing ? (
              <Button
                variant="destructive"
                disabled={pending}
                onClick={() => setDialog(partOfSeries ? 'delete-scope' : 'delete-confirm')}
              >
                Delete Event
              </Button>
            ) : null}
            <Button type="submit" disabled={pending}>
              {editing ? 'Update Event' : 'Create Event'}
            </Button>
          </div>
        </div>
      </form>

      <ScopeDialog
        open={dialog === 'delete-scope'}
        onOpenChange={(open) => setDialog(open ? 'delete-scope' : 'none')}
        action="delete"
        pending={pending}
        onChoose={(scope) => doDelete(scope)}
      />
      <ScopeDialog
        open={dialog === 'edit-scope'}
        onOpenChange={(open) => setDialog(open ? 'edit-scope' : 'none')}
        action="edit"
        pending={pending}
        onChoose={(scope) => {
          if (pendingValues) save(pendingValues, scope);
        }}
      />
      <ConfirmDeleteDialog
        open={dialog === 'delete-confirm'}
        onOpenChange={(open) => setDialog(open ? 'delete-confirm' : 'none')}
        pending={pending}
        onConfirm={() => doDelete(null)}
      />
    </div>
  );
}
