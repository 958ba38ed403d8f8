import type { QueryClient } from '@tanstack/react-query';
import type { ChangeEventData, ChangeKind } from '../../../core/contracts/live.ts';

/**
 * The query-key prefixes (their first element, as `invalidateQueries` matches them) a change of each kind can
 * alter: an event's tasks show on the event, an approved proposal becomes an event, a member's name and colour
 * show everywhere.
 * They are the features' own keys (`tasksQueryKey` in features/tasks/api.ts …), spelt out here: importing those
 * modules would pull them out of their screens' chunks into shared ones the shell then loads.
 */
const AFFECTED: Record<ChangeKind, readonly string[]> = {
  event: ['events'],
  task: ['tasks', 'events'],
  note: ['notes'],
  proposal: ['activity-proposals', 'events'],
  member: ['family-members', 'events', 'tasks'],
  message: ['notifications'],
};

/** First wait before reconnecting, and the cap it doubles to (ms). */
const RETRY_MS = { first: 1_000, max: 30_000 };
/**
 * How long the changes that arrive together are gathered before the screens refetch (ms): a message comes per
 * row written, so an .ics import of 40 events is 40 messages at its commit, and one refetch, not 40 (each
 * invalidation would cancel the refetch before it and send another).
 */
const GATHER_MS = 150;

/**
 * Follows `GET /api/changes` (core/contracts/live.ts) and invalidates the queries each change alters, so the
 * screens refetch what another device wrote; a `resync` invalidates everything. Changes are gathered for
 * `GATHER_MS` from the first, then each query they alter is invalidated once. On an error the stream is
 * closed and opened again after a jittered backoff (1 s doubling to 30 s), resuming from the last event id
 * (`?since=`, since a new EventSource does not send Last-Event-ID). `onConnected(true|false)` reports whether
 * the stream is open. Returns the function that stops.
 */
export function followChanges(
  queryClient: QueryClient,
  onConnected: (connected: boolean) => void,
): () => void {
  let source: EventSource | undefined;
  let lastId = '';
  let delay = RETRY_MS.first;
  let timer: ReturnType<typeof setTimeout> | undefined;
  /** The prefixes the changes of the current `GATHER_MS` alter, each once. */
  const gathered = new Set<string>();
  let gathering: ReturnType<typeof setTimeout> | undefined;
  const invalidateGathered = () => {
    gathering = undefined;
    for (const prefix of gathered) void queryClient.invalidateQueries({ queryKey: [prefix] });
    gathered.clear();
  };
  const connect = () => {
    source = new EventSource(`/api/changes${lastId ? `?since=${encodeURIComponent(lastId)}` : ''}`);
    source.onopen = () => {
      delay = RETRY_MS.first;
      onConnected(true);
    };
    const remember = (event: MessageEvent<string>) => {
      if (event.lastEventId) lastId = event.lastEventId;
    };
    source.addEventListener('ready', remember);
    source.addEventListener('change', (event) => {
      remember(event);
      const { kind } = JSON.parse(event.data) as ChangeEventData;
      for (const prefix of AFFECTED[kind] ?? []) gathered.add(prefix);
      gathering ??= setTimeout(invalidateGathered, GATHER_MS);
    });
    source.addEventListener('resync', () => void queryClient.invalidateQueries());
    source.onerror = () => {
      source?.close();
      onConnected(false);
      timer = setTimeout(connect, delay * (0.5 + Math.random()));
      delay = Math.min(delay * 2, RETRY_MS.max);
    };
  };
  connect();
  return () => {
    clearTimeout(timer);
    clearTimeout(gathering);
    source?.close();
  };
}
