import type { KeyboardEvent, MouseEvent } from 'react';
import { MapPin, Repeat } from 'lucide-react';
import { format, parseISO } from 'date-fns';
import type { EventOccurrenceDto } from '../../../core/contracts/events.ts';
import type { FamilyMemberDto } from '../../../core/contracts/members.ts';
import { attendeeBadges } from '../../../core/calendar/layout.ts';
import { memberColorTokens } from '../../../core/members/colors.ts';
import { initials } from '../../../core/members/initials.ts';
import { cn } from '../../components/ui/cn.ts';

/** Where an occurrence opens: `/add-event/{id}`, with the occurrence of a series so that one can be edited alone. */
export function eventHref(item: EventOccurrenceDto, view: string): string {
  const params = new URLSearchParams({ view });
  if (item.series_id !== null && !item.is_exception && item.occurrence_start) {
    params.set('occurrence', item.occurrence_start);
  }
  return `/add-event/${String(item.id)}?${params.toString()}`;
}

// Whole class names (Tailwind generates only classes it finds written out in the source).
const BORDER_BY_COLOR: Record<string, string> = {
  blue: 'border-blue-600',
  green: 'border-green-600',
  yellow: 'border-yellow-700',
  purple: 'border-purple-600',
  pink: 'border-pink-600',
  orange: 'border-orange-600',
  red: 'border-red-600',
  indigo: 'border-indigo-600',
};

/** The colours an event is drawn in: its organizer's, else its first attendee's, else null (slate). */
export function eventColor(item: EventOccurrenceDto, membersById: ReadonlyMap<number, FamilyMemberDto>) {
  const member =
    (item.organizer_id !== null ? membersById.get(item.organizer_id) : undefined) ??
    membersById.get(Number(item.attendees[0]));
  if (!member) return null;
  return { ...memberColorTokens(member.color), border: BORDER_BY_COLOR[member.color] ?? 'border-blue-600' };
}

interface EventChipProps {
  item: EventOccurrenceDto;
  membersById: ReadonlyMap<number, FamilyMemberDto>;
  onOpen: (item: EventOccurrenceDto) => void;
  /** 'compact' for month cells (one line), 'block' for the time grid. */
  variant: 'compact' | 'block';
  className?: string;
  style?: React.CSSProperties;
  showTime?: boolean;
}

/** An event: title, location, and up to 3 attendee initials with '+N' (SPEC §2). Opens on click or Enter. */
export function EventChip({
  item,
  membersById,
  onOpen,
  variant,
  className,
  style,
  showTime = true,
}: EventChipProps) {
  const tokens = eventColor(item, membersById);
  const attendees = item.attendees
    .map((id) => membersById.get(Number(id)))
    .filter((m): m is FamilyMemberDto => m !== undefined);
  const { shown, extra } = attendeeBadges(attendees);
  const time = item.is_all_day ? 'All day' : format(parseISO(item.start_date), 'h:mm a');
  const open = (e: MouseEvent | KeyboardEvent) => {
    e.stopPropagation();
    onOpen(item);
  };
  return (
    <div
      role="button"
      tabIndex={0}
      aria-label={`${item.title}, ${time}${item.location ? `, ${item.location}` : ''}`}
      data-testid="event-chip"
      onClick={open}
      onDoubleClick={(e) => e.stopPropagation()}
      onKeyDown={(e) => {
        if (e.key === 'Enter' || e.key === ' ') {
          e.preventDefault();
          open(e);
        }
      }}
      style={style}
      className={cn(
        'cursor-pointer overflow-hidden rounded-md border-l-4 text-left text-xs shadow-sm outline-none focus-visible:ring-2 focus-visible:ring-indigo-500',
        tokens ? cn(tokens.background, tokens.text) : 'bg-slate-100 text-slate-800',
        tokens ? tokens.border : 'border-slate-400',
        variant === 'compact' ? 'px-1.5 py-0.5' : 'px-2 py-1',
        className,
      )}
    >
      <div className="flex items-center gap-1">
        {item.series_id !== null ? (
          <Repeat
            className={cn('h-3 w-3 shrink-0', variant === 'compact' && 'hidden md:block')}
            aria-hidden
          />
        ) : null}
        {showTime && variant === 'compact' && !item.is_all_day ? (
          <span className="hidden shrink-0 font-medium md:inline">
            {format(parseISO(item.start_date), 'h:mmaaaaa')}
          </span>
        ) : null}
        <span className="truncate font-semibold">{item.title}</span>
      </div>
      {/* Phones: a month cell is ~50 px wide, so a chip keeps only its title. */}
      {variant === 'compact' && (item.location || shown.length > 0) ? (
        <div className="hidden items-center gap-1 md:flex">
          <span className="min-w-0 flex-1 truncate opacity-80">{item.location}</span>
          <Initials shown={shown} extra={extra} small />
        </div>
      ) : null}
      {variant === 'block' ? (
        <div className="flex items-center gap-1">
          <span className="min-w-0 flex-1 truncate opacity-90">
            {showTime ? time : null}
            {showTime && item.end_date && !item.is_all_day
              ? ` – ${format(parseISO(item.end_date), 'h:mm a')}`
              : ''}
          </span>
          <Initials shown={shown} extra={extra} small />
        </div>
      ) : null}
      {item.location && variant === 'block' ? (
        <div className="flex items-center gap-1 truncate opacity-90">
          <MapPin className="h-3 w-3 shrink-0" aria-hidden />
          <span className="truncate">{item.location}</span>
        </div>
      ) : null}
    </div>
  );
}

/** Up to three attendee initials in their colours, then '+N'. */
function Initials({ shown, extra, small }: { shown: FamilyMemberDto[]; extra: number; small: boolean }) {
  if (shown.length === 0) return null;
  return (
    <span className={cn('flex items-center -space-x-1', small ? 'ml-auto shrink-0' : 'mt-0.5')}>
      {shown.map((m) => (
        <span
          key={m.id}
          title={m.name}
          className={cn(
            'inline-flex items-center justify-center rounded-full border border-white font-semibold text-white',
            memberColorTokens(m.color).dot,
            small ? 'h-4 w-4 text-[8px]' : 'h-5 w-5 text-[10px]',
          )}
        >
          <span aria-hidden>{initials(m.name)}</span>
          <span className="sr-only">{m.name}</span>
        </span>
      ))}
      {extra > 0 ? (
        <span
          className={cn(
            'inline-flex items-center rounded-full bg-white px-1 font-semibold text-slate-700',
            small ? 'h-4 text-[8px]' : 'h-5 text-[10px]',
          )}
        >
          +{extra}
        </span>
      ) : null}
    </span>
  );
}
