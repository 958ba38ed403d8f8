import { useState, type ReactNode } from 'react';
import { Link, useNavigate, useParams, useSearchParams } from 'react-router';
import { useForm, useWatch } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { ArrowLeft } from 'lucide-react';
import {
  DROPOFF_PREFIX,
  DURATION_CHOICES,
  EVENT_CATEGORIES,
  EVENT_DEFAULTS,
  eventFormSchema,
  formDatesOf,
  formToEventInput,
  LEAD_TIME_CHOICES,
  MINUTE_CHOICES,
  PICKUP_PREFIX,
  PRIORITIES,
  type EventDto,
  type EventFormValues,
  type EventTaskDto,
} from '../../../core/contracts/events.ts';
import type { FamilyMemberDto } from '../../../core/contracts/members.ts';
import { parseView } from '../../../core/calendar/layout.ts';
import { memberColorTokens } from '../../../core/members/colors.ts';
import { initials } from '../../../core/members/initials.ts';
import { reminderChannelLabel } from '../../../core/notifications/reminder-channel.ts';
import {
  describeRecurrence,
  RECURRENCE_LABELS,
  RECURRENCE_PATTERNS,
} from '../../../core/recurrence/patterns.ts';
import { PRIORITY_CHOICES } from '../../../core/contracts/tasks.ts';
import { durationLabel, HOUR_CHOICES, roundedTimeChoice } from '../../../core/tasks/time-choices.ts';
import { familyToEventTime } from '../../../core/time/family-time.ts';
import { addLocalMinutes, isLocalDate, localMinutesBetween } from '../../../core/time/local-time.ts';
import { serverMessageOr } from '../../app/api.ts';
import { EventDrivingWarning } from '../../shared/driving/event-driving-warning.tsx';
import { ChoiceField } from '../../components/choice-select.tsx';
import { browserTimeZone } from '../../components/time-zone-field.tsx';
import { ErrorAlert } from '../../components/ui/alert.tsx';
import { Button } from '../../components/ui/button.tsx';
import { Card } from '../../components/ui/card.tsx';
import { cn } from '../../components/ui/cn.ts';
import { Field, Input, Select, Textarea } from '../../components/ui/field.tsx';
import { Spinner } from '../../components/ui/spinner.tsx';
import { Switch } from '../../components/ui/switch.tsx';
import { useToast } from '../../components/ui/toast.tsx';
import { useSession } from '../../shared/session.ts';
import {
  useCreateEvent,
  useDeleteEvent,
  useEvent,
  useEventTasks,
  useUpdateEvent,
  type NewEventTask,
  type OccurrenceScope,
} from './api.ts';
import { AssociatedTasks } from './associated-tasks.tsx';
import { ConfirmDeleteDialog, ScopeDialog } from './scope-dialog.tsx';
import { useFamilyMembers } from '../../shared/members.ts';

const CATEGORY_LABELS: Record<(typeof EVENT_CATEGORIES)[number], string> = {
  appointment: 'Appointment',
  activity: 'Activity',
  school: 'School',
  work: 'Work',
  family: 'Family',
  other: 'Other',
};

/**
 * The Drop-off and Pickup sections (SPEC §2) ask the same things of different fields: who drives, and how long
 * before the event's start (drop-off) or end (pickup); the task it creates is titled with the SPEC §5 prefix.
 */
const TRANSPORT = [
  {
    title: 'Drop-off Coordination',
    toggle: 'Needs drop-off',
    who: 'Drop-off by',
    lead: 'Drop-off lead time',
    anchor: 'start',
    prefix: DROPOFF_PREFIX,
    flag: 'has_dropoff',
    assignee: 'dropoff_assigned_to',
    minutesBefore: 'dropoff_minutes_before',
  },
  {
    title: 'Pickup Coordination',
    toggle: 'Needs pickup',
    who: 'Pickup by',
    lead: 'Pickup lead time',
    anchor: 'end',
    prefix: PICKUP_PREFIX,
    flag: 'has_pickup',
    assignee: 'pickup_assigned_to',
    minutesBefore: 'pickup_minutes_before',
  },
] as const;

function todayDate(): string {
  const d = new Date();
  return `${String(d.getFullYear())}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
}

/** The form's starting values: an existing event's, or the defaults with the `date` / `hour` query prefill. */
function initialValues(
  event: EventDto | undefined,
  date: string | null,
  hour: string | null,
): EventFormValues {
  if (event) {
    return {
      title: event.title,
      ...formDatesOf(event),
      // An all-day event has no time: switched to timed, it starts at the default hour for the default length.
      // SPEC §9: read-in times rounded to the nearest 15 minutes (10:53 → 11:00).
      start_hour: event.is_all_day ? EVENT_DEFAULTS.hour : roundedTimeChoice(event.start_date).hour,
      start_minute: event.is_all_day
        ? EVENT_DEFAULTS.minute
        : (roundedTimeChoice(event.start_date).minute as EventFormValues['start_minute']),
      duration_minutes: event.is_all_day ? EVENT_DEFAULTS.durationMinutes : event.duration_minutes,
      location: event.location ?? '',
      category: (EVENT_CATEGORIES as readonly string[]).includes(event.category)
        ? (event.category as EventFormValues['category']) // checked by the includes() just above
        : 'other',
      priority: (PRIORITIES as readonly string[]).includes(event.priority)
        ? (event.priority as EventFormValues['priority']) // checked by the includes() just above
        : 'medium',
      organizer_id: event.organizer_id === null ? '' : String(event.organizer_id),
      attendees: event.attendees,
      alert_members: event.alert_members,
      description: event.description ?? '',
      is_recurring: event.is_recurring,
      recurrence_pattern:
        event.recurrence_pattern &&
        (RECURRENCE_PATTERNS as readonly string[]).includes(event.recurrence_pattern)
          ? (event.recurrence_pattern as EventFormValues['recurrence_pattern']) // checked just above
          : '',
      recurrence_end_date: event.recurrence_end_date ?? '',
      has_dropoff: event.has_dropoff,
      dropoff_assigned_to: event.dropoff_assigned_to === null ? '' : String(event.dropoff_assigned_to),
      dropoff_minutes_before: event.dropoff_minutes_before,
      has_pickup: event.has_pickup,
      pickup_assigned_to: event.pickup_assigned_to === null ? '' : String(event.pickup_assigned_to),
      pickup_minutes_before: event.pickup_minutes_before,
    };
  }
  return {
    title: '',
    event_date: date && isLocalDate(date) ? date : todayDate(),
    is_all_day: false,
    is_multi_day: false,
    end_date: '',
    start_hour: hour && /^([01][0-9]|2[0-3])$/.test(hour) ? hour : EVENT_DEFAULTS.hour,
    start_minute: EVENT_DEFAULTS.minute,
    duration_minutes: EVENT_DEFAULTS.durationMinutes,
    location: '',
    category: EVENT_DEFAULTS.category,
    priority: EVENT_DEFAULTS.priority,
    organizer_id: '',
    attendees: [],
    alert_members: [],
    description: '',
    is_recurring: false,
    recurrence_pattern: '',
    recurrence_end_date: '',
    has_dropoff: false,
    dropoff_assigned_to: '',
    dropoff_minutes_before: EVENT_DEFAULTS.leadMinutes,
    has_pickup: false,
    pickup_assigned_to: '',
    pickup_minutes_before: EVENT_DEFAULTS.leadMinutes,
  };
}

/**
 * SPEC §2 Event form at /add-event and /add-event/{id}: 'Add New Event' / 'Edit Event'. Reads `date` and `hour`
 * (prefill), `view` (kept for the way back) and `occurrence` (which occurrence of a series was opened).
 */
export function EventFormPage() {
  const { id: idParam } = useParams();
  const [params] = useSearchParams();
  const id = idParam && /^[1-9][0-9]{0,9}$/.test(idParam) ? Number(idParam) : null;
  const occurrence = params.get('occurrence');
  const viewParam = params.get('view');
  const backTo =
    params.get('from') === 'driving'
      ? '/driving'
      : viewParam
        ? `/calendar?view=${parseView(viewParam)}`
        : '/calendar';
  const event = useEvent(id, occurrence);
  // Editing "all events" from one occurrence keeps the series' own first date: the series row is needed too.
  const seriesId = occurrence ? id : (event.data?.parent_event_id ?? null);
  const series = useEvent(seriesId, null);
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
      event={event.data}
      seriesStart={series.data?.start_date ?? null}
      occurrence={occurrence}
      members={members.data ?? []}
      tasks={eventTasks.data ?? []}
      backTo={backTo}
      date={params.get('date')}
      hour={params.get('hour')}
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
  event: EventDto | undefined;
  seriesStart: string | null;
  occurrence: string | null;
  members: FamilyMemberDto[];
  tasks: EventTaskDto[];
  backTo: string;
  date: string | null;
  hour: string | null;
}

function Section({ title, children, action }: { title: string; children: ReactNode; action?: ReactNode }) {
  return (
    <Card className="p-5">
      <div className="mb-4 flex items-center justify-between gap-3">
        <h2 className="text-base font-semibold text-slate-900">{title}</h2>
        {action}
      </div>
      <div className="space-y-4">{children}</div>
    </Card>
  );
}

function EventForm({ event, seriesStart, occurrence, members, tasks, backTo, date, hour }: EventFormProps) {
  const navigate = useNavigate();
  const { toast } = useToast();
  const session = useSession();
  const familyZone = session.data?.family_timezone ?? browserTimeZone();
  const editing = event !== undefined;
  const partOfSeries = editing && (event.rrule !== null || event.parent_event_id !== null);
  const form = useForm<EventFormValues>({
    resolver: zodResolver(eventFormSchema),
    defaultValues: initialValues(event, date, hour),
  });
  const { register, control, setValue, formState } = form;
  const values = useWatch({ control });
  const [newTasks, setNewTasks] = useState<NewEventTask[]>([]);
  const [dialog, setDialog] = useState<'none' | 'delete-scope' | 'delete-confirm' | 'edit-scope'>('none');
  const [pendingValues, setPendingValues] = useState<EventFormValues | null>(null);
  const create = useCreateEvent();
  const update = useUpdateEvent();
  const remove = useDeleteEvent();
  const errors = formState.errors;

  const attendees = values.attendees ?? [];
  const organizer = values.organizer_id ?? '';
  const alertable = members.filter((m) => String(m.id) !== organizer && !attendees.includes(String(m.id)));
  const memberName = (id: string) => members.find((m) => String(m.id) === id)?.name ?? '';

  /** SPEC §5: tasks titled with a transport prefix or matching an existing one are not re-posted. */
  const tasksToPost = () =>
    newTasks.filter(
      (t) =>
        !t.title.startsWith(PICKUP_PREFIX.trim()) &&
        !t.title.startsWith(DROPOFF_PREFIX.trim()) &&
        !tasks.some((e) => e.title === t.title && e.description === null && e.assigned_to === t.assigneeId),
    );

  const finish = () => void navigate(backTo);

  const save = (v: EventFormValues, scope: OccurrenceScope) => {
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
    const input = formToEventInput(v, 'update');
    let targetId = event.id;
    let occ = occurrence ?? event.recurrence_id;
    if (scope === 'all') {
      targetId = event.parent_event_id ?? event.id;
      // Opened from one occurrence, the series keeps its first date; the edit moves its time (and span) only.
      const first = occ !== null ? seriesStart : null;
      if (first && input.start_date) {
        const start = `${first.slice(0, 10)}T${input.start_date.slice(11)}`;
        if (input.end_date)
          input.end_date = addLocalMinutes(start, localMinutesBetween(input.start_date, input.end_date));
        input.start_date = start;
      }
      occ = null;
    }
    if (scope === 'following' && event.parent_event_id !== null) targetId = event.parent_event_id;
    update.mutate(
      { id: targetId, input, scope, occurrence: occ, newTasks: tasksToPost() },
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
    save(v, editing && event.rrule !== null ? 'all' : 'single');
  });

  const doDelete = (scope: OccurrenceScope) => {
    if (!editing) return;
    const seriesScope = scope === 'following' && event.parent_event_id !== null;
    remove.mutate(
      {
        id: seriesScope ? (event.parent_event_id ?? event.id) : event.id,
        scope,
        // A series opened without an occurrence: "this event only" is its first one, named in the series'
        // own terms (its start_date is the family's wall-clock).
        occurrence:
          event.parent_event_id !== null
            ? event.recurrence_id
            : (occurrence ??
              (event.rrule
                ? familyToEventTime(event.start_date, event.timezone, event.is_all_day, familyZone)
                : null)),
      },
      {
        onSuccess: () => {
          toast({
            title: 'Event deleted',
            description:
              scope === 'all'
                ? 'All events in the series have been deleted.'
                : scope === 'following'
                  ? 'This and the following events have been deleted.'
                  : 'The event has been deleted.',
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
  const startForDescription = `${values.event_date ?? ''}T${values.start_hour ?? '09'}:${values.start_minute ?? '00'}:00`;

  return (
    <div className="mx-auto max-w-3xl space-y-4">
      <Link
        to={backTo}
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
        <Section title="Event Details">
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
                      {[...new Set([...DURATION_CHOICES, event?.duration_minutes ?? 60])]
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
          <fieldset>
            <legend className="mb-2 text-sm font-medium text-slate-800">Attendees</legend>
            <div className="flex flex-wrap gap-2">
              {members.map((m) => {
                const on = attendees.includes(String(m.id));
                const tokens = memberColorTokens(m.color);
                return (
                  <button
                    key={m.id}
                    type="button"
                    aria-pressed={on}
                    onClick={() =>
                      setValue(
                        'attendees',
                        on ? attendees.filter((a) => a !== String(m.id)) : [...attendees, String(m.id)],
                      )
                    }
                    className={cn(
                      'inline-flex min-h-10 items-center gap-2 rounded-full border px-3 py-1 text-sm',
                      on
                        ? 'border-indigo-600 bg-indigo-50 font-medium text-indigo-800'
                        : 'border-slate-300 text-slate-700',
                    )}
                  >
                    <span
                      aria-hidden
                      className={cn(
                        'inline-flex h-6 w-6 items-center justify-center rounded-full text-[10px] font-semibold',
                        tokens.background,
                        tokens.text,
                      )}
                    >
                      {initials(m.name)}
                    </span>
                    {m.name}
                  </button>
                );
              })}
            </div>
          </fieldset>
          <fieldset>
            <legend className="mb-2 text-sm font-medium text-slate-800">Alert Family Members</legend>
            {alertable.length === 0 ? (
              <p className="text-sm text-slate-600">Everyone is already attending or organizing.</p>
            ) : (
              <ul className="space-y-1">
                {alertable.map((m) => {
                  const id = String(m.id);
                  const checked = (values.alert_members ?? []).includes(id);
                  return (
                    <li key={m.id}>
                      <label className="flex min-h-10 items-center gap-3 text-sm text-slate-800">
                        <input
                          type="checkbox"
                          checked={checked}
                          onChange={() =>
                            setValue(
                              'alert_members',
                              checked
                                ? (values.alert_members ?? []).filter((a) => a !== id)
                                : [...(values.alert_members ?? []), id],
                            )
                          }
                          className="h-4 w-4 rounded border-slate-300 text-indigo-600"
                        />
                        {m.name}
                        <span
                          className={cn(
                            'rounded-full px-2 py-0.5 text-xs font-medium',
                            m.reminder_channel
                              ? 'bg-green-100 text-green-800'
                              : 'bg-slate-100 text-slate-700',
                          )}
                        >
                          {reminderChannelLabel(m.reminder_channel)}
                        </span>
                      </label>
                    </li>
                  );
                })}
              </ul>
            )}
          </fieldset>
          <Field label="Description" error={errors.description?.message}>
            {(a11y) => <Textarea rows={3} {...a11y} {...register('description')} />}
          </Field>
        </Section>

        <Section
          title="Recurring Event"
          action={
            <div className="w-48">
              <Switch
                label="Repeats"
                checked={values.is_recurring ?? false}
                onCheckedChange={(on) => setValue('is_recurring', on)}
              />
            </div>
          }
        >
          {values.is_recurring ? (
            <div className="grid gap-4 sm:grid-cols-2">
              <Field
                label="Repeat"
                error={errors.recurrence_pattern?.message}
                hint={
                  values.recurrence_pattern && isLocalDate(values.event_date ?? '')
                    ? describeRecurrence(values.recurrence_pattern, startForDescription)
                    : undefined
                }
              >
                {(a11y) => (
                  <Select {...a11y} {...register('recurrence_pattern')}>
                    <option value="">Select a pattern</option>
                    {RECURRENCE_PATTERNS.map((p) => (
                      <option key={p} value={p}>
                        {RECURRENCE_LABELS[p]}
                      </option>
                    ))}
                  </Select>
                )}
              </Field>
              <Field label="Recurrence End Date (optional)" error={errors.recurrence_end_date?.message}>
                {(a11y) => <Input type="date" {...a11y} {...register('recurrence_end_date')} />}
              </Field>
            </div>
          ) : (
            <p className="text-sm text-slate-600">This event happens once.</p>
          )}
        </Section>

        {event ? <EventDrivingWarning event={event} occurrence={occurrence} /> : null}
        {TRANSPORT.map((t) => {
          const driver = values[t.assignee];
          return (
            <TransportSection
              key={t.flag}
              title={t.title}
              label={t.toggle}
              on={values[t.flag] ?? false}
              onToggle={(on) => setValue(t.flag, on)}
              who={
                <Field label={t.who} error={errors[t.assignee]?.message}>
                  {(a11y) => (
                    <Select {...a11y} {...register(t.assignee)}>
                      <option value="">To be decided</option>
                      {members.map((m) => (
                        <option key={m.id} value={m.id}>
                          {m.name}
                        </option>
                      ))}
                    </Select>
                  )}
                </Field>
              }
              when={
                <Field label={t.lead}>
                  {(a11y) => (
                    <Select {...a11y} {...register(t.minutesBefore, { valueAsNumber: true })}>
                      {LEAD_TIME_CHOICES.map((m) => (
                        <option key={m} value={m}>
                          {m} minutes before {t.anchor}
                        </option>
                      ))}
                    </Select>
                  )}
                </Field>
              }
              note={
                driver
                  ? `Creates the task '${t.prefix}${values.title || '…'}' for ${memberName(driver)}.`
                  : 'No driver yet: it shows as a gap in Driving this week until someone takes it.'
              }
            />
          );
        })}

        <Section title="Associated Tasks">
          <AssociatedTasks
            existing={tasks}
            members={members}
            newTasks={newTasks}
            onNewTasksChange={setNewTasks}
            defaultAssignee={organizer ? Number(organizer) : null}
          />
        </Section>

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
        onConfirm={() => doDelete(editing && event.rrule !== null ? 'all' : 'single')}
      />
    </div>
  );
}

function TransportSection({
  title,
  label,
  on,
  onToggle,
  who,
  when,
  note,
}: {
  title: string;
  label: string;
  on: boolean;
  onToggle: (on: boolean) => void;
  who: ReactNode;
  when: ReactNode;
  note: string | null;
}) {
  return (
    <Section
      title={title}
      action={
        <div className="w-48">
          <Switch label={label} checked={on} onCheckedChange={onToggle} />
        </div>
      }
    >
      {on ? (
        <>
          <div className="grid gap-4 sm:grid-cols-2">
            {who}
            {when}
          </div>
          {note ? <p className="text-xs text-slate-600">{note}</p> : null}
        </>
      ) : (
        <p className="text-sm text-slate-600">No one needs to be driven.</p>
      )}
    </Section>
  );
}
