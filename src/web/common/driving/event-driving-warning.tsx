import { TriangleAlert } from 'lucide-react';
import type { EventDto } from '../../../core/contracts/events.ts';
import { occurrenceKey } from '../../../core/driving/coverage.ts';
import { addLocalDays } from '../../../core/time/local-time.ts';
import { useDriving } from './api.ts';

/**
 * Issue 27: in the event form, a small warning naming what clashes with this occurrence's pickup or drop-off
 * ("Pickup: Ben is at PTA (4:30 PM–5:30 PM)"), as last saved; nothing when all is well.
 * @param occurrence the `?occurrence=` of a series opened on one occurrence, else null.
 */
export function EventDrivingWarning({ event, occurrence }: { event: EventDto; occurrence: string | null }) {
  const day = event.start_date.slice(0, 10);
  const lastDay = (event.end_date ?? event.start_date).slice(0, 10);
  const driving = useDriving(
    { start: day, end: addLocalDays(lastDay, 1) },
    event.has_pickup || event.has_dropoff,
  );
  const key =
    occurrence !== null
      ? occurrenceKey({ eventId: event.id, seriesId: event.id, occurrenceId: occurrence })
      : event.parent_event_id !== null
        ? occurrenceKey({
            eventId: event.id,
            seriesId: event.parent_event_id,
            occurrenceId: event.recurrence_id,
          })
        : occurrenceKey({ eventId: event.id, seriesId: null, occurrenceId: null });
  const messages = (driving.data?.legs ?? [])
    .filter(
      (l) =>
        occurrenceKey({ eventId: l.event_id, seriesId: l.series_id, occurrenceId: l.occurrence_start }) ===
        key,
    )
    .flatMap((l) => l.issues.map((i) => `${l.kind === 'pickup' ? 'Pickup' : 'Drop-off'}: ${i.message}`));
  if (messages.length === 0) return null;
  return (
    <div
      role="status"
      data-testid="event-driving-warning"
      className="flex items-start gap-2 rounded-md border border-amber-300 bg-amber-50 px-3 py-2 text-sm text-amber-900"
    >
      <TriangleAlert aria-hidden className="mt-0.5 h-4 w-4 shrink-0 fill-amber-300 text-amber-800" />
      <ul>
        {messages.map((m) => (
          <li key={m}>{m}</li>
        ))}
      </ul>
    </div>
  );
}
