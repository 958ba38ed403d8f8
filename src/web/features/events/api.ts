import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  EventDeleteReply,
  EventDto,
  EventInput,
  EventTaskDto,
  OccurrenceScope,
} from '../../../core/contracts/events.ts';
import { apiFetch } from '../../platform/api.ts';
import { membersQueryKey } from '../../common/members.ts';

/** `GET /api/events/{id}`, for one occurrence of a series when `occurrence` is given. */
/**
 * What this page deleted (issue 46): whole events by id, single occurrences (and "this and following") as
 * `{id}@{occurrence}`. The form's queries of those are never asked again, even while the form is still on screen on
 * the way back to the calendar, when a live change notice marks every `['events']` query stale: asked, they would
 * answer 404 and log errors. Read at fetch time (`enabled` as a function), so no render is needed.
 */
const deletedEvents = new Set<number>();
const deletedOccurrences = new Set<string>();
/**
 * Events with a `DELETE` on its way: their queries wait for its answer. A live change notice of the delete can
 * come before the answer does (issue 46: on a loaded machine the form asked for the event again, 404).
 */
const deleting = new Set<number>();

/** After an Undo brought event `id` back (ADR 051): its queries may be asked again. */
export function forgetDeleted(id: number): void {
  deletedEvents.delete(id);
  for (const key of deletedOccurrences) if (key.startsWith(`${String(id)}@`)) deletedOccurrences.delete(key);
}

export function useEvent(id: number | null, occurrence: string | null) {
  return useQuery({
    queryKey: ['events', id, 'detail', occurrence],
    enabled: () =>
      id !== null &&
      !deleting.has(id) &&
      !deletedEvents.has(id) &&
      !deletedOccurrences.has(`${String(id)}@${occurrence ?? ''}`),
    queryFn: () =>
      apiFetch<EventDto>(
        `/api/events/${String(id)}${occurrence ? `?occurrence=${encodeURIComponent(occurrence)}` : ''}`,
      ),
  });
}

/** `GET /api/events/{id}/tasks` under `['events', id, 'tasks']` (refetched after any task change). */
export function useEventTasks(id: number | null) {
  return useQuery({
    queryKey: ['events', id, 'tasks'],
    enabled: () => id !== null && !deleting.has(id) && !deletedEvents.has(id),
    queryFn: () => apiFetch<EventTaskDto[]>(`/api/events/${String(id)}/tasks`),
  });
}

/**
 * SPEC §7: after event success, events, tasks and members are refetched. Not awaited: the form leaves right
 * away. `deleted`: what was just deleted (`whole`: the event or series itself, else the occurrence it was opened
 * on, and its following ones); the form's own queries of it are only marked stale and never asked again
 * (`deletedEvents`, `deletedOccurrences`; issue 46: that answered 404 and logged errors).
 */
function useRefetchAfterEvent() {
  const queryClient = useQueryClient();
  return (deleted?: { id: number; occurrence: string | null; whole: boolean }) => {
    if (deleted !== undefined) {
      if (deleted.whole) deletedEvents.add(deleted.id);
      else deletedOccurrences.add(`${String(deleted.id)}@${deleted.occurrence ?? ''}`);
      void queryClient.invalidateQueries({ queryKey: ['events', deleted.id], refetchType: 'none' });
    }
    void queryClient.invalidateQueries({
      queryKey: ['events'],
      predicate: (query) => deleted === undefined || query.queryKey[1] !== deleted.id,
    });
    void queryClient.invalidateQueries({ queryKey: ['tasks'] });
    void queryClient.invalidateQueries({ queryKey: membersQueryKey });
  };
}

/**
 * What a change of an event names (`PATCH`/`DELETE /api/events/{id}?scope=…&occurrence=…`): the event as it was
 * opened (`id` and the `occurrence` from the calendar) and the scope the user chose in 'Edit/Delete Recurring
 * Event' (null: none was asked, a one-off event or a series opened as a whole). The server works out the rows.
 */
export interface EventChange {
  id: number;
  scope: OccurrenceScope | null;
  occurrence: string | null;
}

function changeUrl({ id, scope, occurrence }: EventChange): string {
  const q = new URLSearchParams();
  if (scope) q.set('scope', scope);
  if (occurrence) q.set('occurrence', occurrence);
  const query = q.toString();
  return `/api/events/${String(id)}${query ? `?${query}` : ''}`;
}

/** A task the form adds, posted after the event is saved (SPEC §7: `POST /api/tasks` with event_id and due_date). */
export interface NewEventTask {
  title: string;
  assigneeId: number;
}

/** `POST /api/tasks` for each new task of a saved event. A failure is only logged (SPEC §8). */
async function postTasks(eventId: number, dueDate: string | null, list: NewEventTask[]): Promise<void> {
  for (const t of list) {
    try {
      await apiFetch('/api/tasks', {
        method: 'POST',
        body: {
          title: t.title,
          description: null,
          event_id: eventId,
          assigned_to: t.assigneeId,
          assigned_to_ids: [String(t.assigneeId)],
          due_date: dueDate,
          estimated_duration_minutes: 30,
          status: 'open',
          priority: 'medium',
          send_sms_reminder: true,
          reminder_frequency: '30_minutes_before',
        },
      });
    } catch (error) {
      console.error('Creating a task of the event failed', error);
    }
  }
}

/** `POST /api/events`, then the new tasks. */
export function useCreateEvent() {
  const refetch = useRefetchAfterEvent();
  return useMutation({
    mutationFn: async ({ input, newTasks }: { input: EventInput; newTasks: NewEventTask[] }) => {
      const created = await apiFetch<EventDto>('/api/events', { method: 'POST', body: input });
      await postTasks(created.id, created.start_date, newTasks);
      return created;
    },
    onSuccess: () => refetch(),
  });
}

/** `PATCH /api/events/{id}[?scope=…&occurrence=…]`, then the new tasks on the row written. */
export function useUpdateEvent() {
  const refetch = useRefetchAfterEvent();
  return useMutation({
    mutationFn: async (args: EventChange & { input: EventInput; newTasks: NewEventTask[] }) => {
      const updated = await apiFetch<EventDto>(changeUrl(args), { method: 'PATCH', body: args.input });
      await postTasks(updated.id, updated.start_date, args.newTasks);
      return updated;
    },
    onSuccess: () => refetch(),
  });
}

/** `DELETE /api/events/{id}` with the chosen scope. */
export function useDeleteEvent() {
  const refetch = useRefetchAfterEvent();
  return useMutation({
    mutationFn: (args: EventChange) => apiFetch<EventDeleteReply>(changeUrl(args), { method: 'DELETE' }),
    onMutate: (args) => {
      deleting.add(args.id);
    },
    onSuccess: ({ removed }, args) =>
      refetch({
        id: args.id,
        occurrence: args.occurrence,
        whole: removed === 'series' || removed === 'event',
      }),
    onSettled: (_data, _error, args) => {
      deleting.delete(args.id);
    },
  });
}

/** `PATCH /api/tasks/{id}` with the status alone (the open/completed toggle). */
export function useToggleEventTask() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, status }: { id: number; status: 'open' | 'completed' }) =>
      apiFetch(`/api/tasks/${String(id)}`, { method: 'PATCH', body: { status } }),
    onSuccess: () =>
      queryClient.invalidateQueries({ predicate: (q) => q.queryKey.some((part) => part === 'tasks') }),
  });
}
