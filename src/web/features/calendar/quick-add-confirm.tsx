import { useMemo } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { AlertTriangle } from 'lucide-react';
import { regionOf } from '../../../core/assistant/date-order.ts';
import {
  parseEventCommand,
  proposedEventInput,
  proposedEventPrefill,
  type ProposedEvent,
} from '../../../core/assistant/event-command.ts';
import { clockTime, longDayName } from '../../../core/calendar/layout.ts';
import { eventPrefillQuery } from '../../../core/contracts/event-prefill.ts';
import type { EventDto } from '../../../core/contracts/events.ts';
import type { FamilyMemberDto } from '../../../core/contracts/members.ts';
import { describeRecurrence } from '../../../core/recurrence/patterns.ts';
import { durationLabel } from '../../../core/tasks/time-choices.ts';
import { addLocalMinutes, instantToLocal, localDateOf } from '../../../core/time/local-time.ts';
import { membersQueryKey, useFamilyMembers } from '../../common/members.ts';
import { useSession } from '../../common/session.ts';
import { apiFetch, serverMessageOr } from '../../platform/api.ts';
import { browserTimeZone } from '../../platform/device-zone.ts';
import { ErrorAlert } from '../../components/ui/alert.tsx';
import { Button } from '../../components/ui/button.tsx';
import { Dialog } from '../../components/ui/dialog.tsx';
import { Spinner } from '../../components/ui/spinner.tsx';
import { useToast } from '../../components/ui/toast.tsx';

interface QuickAddConfirmProps {
  /** The line as typed. */
  text: string;
  /** Escape, Cancel or the close button: nothing is saved, the line stays. */
  onCancel: () => void;
  /** The event was saved (`POST /api/events`). */
  onAdded: () => void;
  /** "Edit details": the `/add-event` query with what was understood. */
  onEditDetails: (query: string) => void;
}

/**
 * Quick add's confirming step (issue 45): what the line was read as (title, who, date, time, duration,
 * repeats) and what was guessed, then "Add event" (SPEC §7 `POST /api/events`) or "Edit details" (the Event
 * form, prefilled). A modal dialog: the focus starts on "Add event", Escape cancels. The line is read in the
 * family's zone (the session's `family_timezone`) with the family's member names.
 */
export function QuickAddConfirm({ text, onCancel, onAdded, onEditDetails }: QuickAddConfirmProps) {
  const members = useFamilyMembers();
  const zone = useSession().data?.family_timezone ?? browserTimeZone();
  const { toast } = useToast();
  const create = useCreateQuickEvent();
  const result = useMemo(
    () =>
      members.data
        ? parseEventCommand(text, {
            now: instantToLocal(new Date(), zone),
            members: members.data,
            region: regionOf(zone),
          })
        : null,
    [text, members.data, zone],
  );

  const add = (event: ProposedEvent) =>
    create.mutate(event, {
      onSuccess: () => {
        toast({ title: 'Event created', description: `${event.title} has been added to the calendar.` });
        onAdded();
      },
    });

  return (
    <Dialog
      open
      onOpenChange={(open) => {
        if (!open && !create.isPending) onCancel();
      }}
      title={result?.ok === false ? 'Quick add' : 'Add this event?'}
      description={`You typed: “${text}”`}
    >
      {result === null ? (
        members.isError ? (
          <ErrorAlert>Could not load family members. Try again.</ErrorAlert>
        ) : (
          <div className="flex justify-center py-6">
            <Spinner label="Reading" />
          </div>
        )
      ) : !result.ok ? (
        <div className="space-y-4">
          <p className="text-sm text-slate-800" role="alert">
            {result.message}
          </p>
          <div className="flex justify-end">
            <Button autoFocus onClick={onCancel}>
              Change it
            </Button>
          </div>
        </div>
      ) : (
        <div className="space-y-4">
          <Understood event={result.event} members={members.data ?? []} />
          {result.event.unsure.length > 0 ? (
            <div className="rounded-md border border-amber-300 bg-amber-50 p-3 text-sm text-amber-900">
              <p className="flex items-center gap-2 font-medium">
                <AlertTriangle className="h-4 w-4" aria-hidden />
                Please check
              </p>
              <ul className="mt-1 list-disc space-y-0.5 pl-6">
                {result.event.unsure.map((note) => (
                  <li key={note.kind + note.text}>{note.text}</li>
                ))}
              </ul>
            </div>
          ) : null}
          {create.isError ? (
            <ErrorAlert>{serverMessageOr(create.error, 'Failed to create event.')}</ErrorAlert>
          ) : null}
          {/* On a phone the buttons stack, the main action on top, each the dialog's width. */}
          <div className="flex flex-col-reverse gap-2 max-sm:[&>button]:justify-center sm:flex-row sm:justify-end">
            <Button variant="ghost" onClick={onCancel} disabled={create.isPending}>
              Cancel
            </Button>
            <Button
              variant="secondary"
              disabled={create.isPending}
              onClick={() => onEditDetails(eventPrefillQuery(proposedEventPrefill(result.event)))}
            >
              Edit details
            </Button>
            <Button autoFocus disabled={create.isPending} onClick={() => add(result.event)}>
              {create.isPending ? 'Adding...' : 'Add event'}
            </Button>
          </div>
        </div>
      )}
    </Dialog>
  );
}

/** The proposal in words, as a description list (title, who, date, time, duration, repeats). */
function Understood({ event, members }: { event: ProposedEvent; members: readonly FamilyMemberDto[] }) {
  const names = event.attendeeIds.map((id) => members.find((m) => m.id === id)?.name ?? `#${id}`);
  const day = localDateOf(event.start);
  const rows: Array<[string, string]> = [
    ['Title', event.title],
    ['Who', names.length > 0 ? names.join(', ') : 'No one named'],
    [
      'Date',
      event.allDay && event.lastDay !== null && event.lastDay !== day
        ? `${longDayName(day)} – ${longDayName(event.lastDay)}`
        : longDayName(day),
    ],
    [
      'Time',
      event.allDay
        ? 'All day'
        : `${clockTime(event.start)} – ${clockTime(addLocalMinutes(event.start, event.durationMinutes))}`,
    ],
    ...(event.allDay ? [] : [['Duration', durationLabel(event.durationMinutes)] as [string, string]]),
    [
      'Repeats',
      event.recurrence === null
        ? 'Does not repeat'
        : `${describeRecurrence(event.recurrence, event.start)}${
            event.recurrenceEndDate === null ? '' : `, until ${longDayName(event.recurrenceEndDate)}`
          }`,
    ],
  ];
  return (
    <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-2 text-sm">
      {rows.map(([label, value]) => (
        <div key={label} className="contents">
          <dt className="font-medium text-slate-600">{label}</dt>
          <dd className="text-slate-900">{value}</dd>
        </div>
      ))}
    </dl>
  );
}

/**
 * SPEC §7 `POST /api/events` for a confirmed proposal; then, as after any event change, events, tasks and
 * members are refetched.
 */
function useCreateQuickEvent() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (event: ProposedEvent) =>
      apiFetch<EventDto>('/api/events', { method: 'POST', body: proposedEventInput(event) }),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: ['events'] });
      void queryClient.invalidateQueries({ queryKey: ['tasks'] });
      void queryClient.invalidateQueries({ queryKey: membersQueryKey });
    },
  });
}
