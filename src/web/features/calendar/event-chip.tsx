import { Fragment, type CSSProperties, type KeyboardEvent, type MouseEvent, type ReactElement } from 'react';
import { MapPin, Repeat, TriangleAlert } from 'lucide-react';
import type { EventOccurrenceDto } from '../../../core/contracts/events.ts';
import type { FamilyMemberDto } from '../../../core/contracts/members.ts';
import { attendeeBadges, clockTime, shortTime, whenText } from '../../../core/calendar/layout.ts';
import { CHIP_COLOR_NAMES, chipColorVars, type ChipColors } from '../../../core/members/chip-colors.ts';
import { isMemberColor } from '../../../core/members/colors.ts';
import { initials } from '../../../core/members/initials.ts';
import { cn } from '../../components/ui/cn.ts';
import { useOccurrenceIssues } from '../../common/driving/driving-issues.tsx';
import { useLongPressPeek, type LongPressHandlers } from './long-press.tsx';

/** Where an occurrence opens: `/add-event/{id}`, with the occurrence of a series so that one can be edited alone. */
export function eventHref(item: EventOccurrenceDto, view: string): string {
  const params = new URLSearchParams({ view });
  if (item.series_id !== null && !item.is_exception && item.occurrence_start) {
    params.set('occurrence', item.occurrence_start);
  }
  return `/add-event/${String(item.id)}?${params.toString()}`;
}

/**
 * The member an event is drawn for (issue 46: whose event it is, not who organised it): its first attendee that
 * is a family member, else its organizer, else none.
 */
function eventMember(
  item: EventOccurrenceDto,
  membersById: ReadonlyMap<number, FamilyMemberDto>,
): FamilyMemberDto | undefined {
  for (const id of item.attendees) {
    const member = membersById.get(Number(id));
    if (member) return member;
  }
  return item.organizer_id !== null ? membersById.get(item.organizer_id) : undefined;
}

/**
 * The colours an event is drawn in (issue 22: derived from its member's colour, AA in both themes), as CSS
 * `var()` references to the style sheet's chip colours (ADR 053: they follow the light or dark theme, and print).
 */
export function eventColors(
  item: EventOccurrenceDto,
  membersById: ReadonlyMap<number, FamilyMemberDto>,
): ChipColors {
  return chipColorVars(eventMember(item, membersById)?.color ?? null);
}

/** The event's attendees that are (still) family members, in the event's order. */
export function attendeesOf(
  item: EventOccurrenceDto,
  membersById: ReadonlyMap<number, FamilyMemberDto>,
): FamilyMemberDto[] {
  return item.attendees
    .map((id) => membersById.get(Number(id)))
    .filter((m): m is FamilyMemberDto => m !== undefined);
}

/**
 * Everything a chip shows and more, for its accessible name and hover text (issue 22: the full text is there
 * even when the chip cuts the title): 'Soccer practice, 4:00 PM – 5:30 PM, Riverside Park, with Teo Rivera'.
 */
export function eventLabel(item: EventOccurrenceDto, attendees: readonly FamilyMemberDto[]): string {
  const parts = [item.title, whenText(item)];
  if (item.location) parts.push(item.location);
  if (attendees.length > 0) parts.push(`with ${attendees.map((m) => m.name).join(', ')}`);
  if (item.series_id !== null) parts.push('repeats');
  return parts.join(', ');
}

interface EventChipProps {
  item: EventOccurrenceDto;
  membersById: ReadonlyMap<number, FamilyMemberDto>;
  onOpen: (item: EventOccurrenceDto) => void;
  /**
   * 'month': one line in a month cell (short time, then the title; initials only when the chip is wide);
   * 'bar': a multi-day or all-day event across its days; 'block': an event in the week/day time grid.
   */
  variant: 'month' | 'bar' | 'block';
  /** For blocks: the block's width and height in CSS px, which decide what of its text it draws (`blockLayout`). */
  blockSize?: { width: number; height: number };
  /** For bars: the event began before / goes on after the row (the bar's end is drawn open). */
  continuesBefore?: boolean;
  continuesAfter?: boolean;
  className?: string;
  style?: CSSProperties;
}

/**
 * An event: title, time, location and up to 3 attendee initials with '+N' (SPEC §2), in its member's colours.
 * The title gets the room (issue 22); the whole text is the accessible name, the hover text and, on touch
 * screens, what a long-press shows. Opens on click, Enter or Space. Its transport issues (issue 27) come from
 * the nearest `DrivingIssuesProvider`.
 */
export function EventChip(props: EventChipProps) {
  const issues = useOccurrenceIssues(props.item);
  const peek = useLongPressPeek();
  return (
    <>
      {chipElement({ ...props, issues, longPress: peek.handlers })}
      {peek.bubble}
    </>
  );
}

/**
 * The month grid's chip colours as one style sheet (issue 23: a chip mounts with no style property of its own):
 * `[data-chip-color=NAME]` gives a chip its member colour's background, text and edge, and an initials badge
 * (`[data-badge-color=NAME]`) its solid colour; `none` is the neutral chip of an event without a member.
 * Scoped to `scope` (a selector). Built once per scope; the colours are the theme's (`chipColorVars`, ADR 053).
 */
export function chipColorSheet(scope: string): string {
  const rules: string[] = [];
  for (const name of CHIP_COLOR_NAMES) {
    const colors = chipColorVars(name === 'none' ? null : name);
    rules.push(`${scope} [data-chip-color="${name}"]{${chipRule(colors)}}`);
    if (name !== 'none')
      rules.push(`${scope} [data-badge-color="${name}"]{background-color:${colors.solid}}`);
  }
  return rules.join('\n');
}

const chipRule = (c: ChipColors) =>
  `background-color:${c.background};color:${c.text};border-left-color:${c.edge}`;

/** The palette name a chip's colours come from in `chipColorSheet`: its member's colour, else 'none'. */
function chipColorName(item: EventOccurrenceDto, membersById: ReadonlyMap<number, FamilyMemberDto>): string {
  const member = eventMember(item, membersById);
  if (!member) return 'none';
  return isMemberColor(member.color) ? member.color : 'blue'; // as `chipColorVars` draws an unknown colour
}

interface ChipFacts {
  attendees: FamilyMemberDto[];
  /** `eventLabel`: the accessible name and hover text, before any transport issue. */
  label: string;
  /** `chipColorName`. */
  colorName: string;
}
const factsByMembers = new WeakMap<
  ReadonlyMap<number, FamilyMemberDto>,
  WeakMap<EventOccurrenceDto, ChipFacts>
>();

/**
 * A chip's attendees, label and colour name, worked out once per occurrence object and family (issue 23: the
 * month's occurrences come from the query cache as the same objects, so going back to a month shown before
 * names its chips again without building their text). Keyed weakly: gone with the data.
 */
function chipFacts(item: EventOccurrenceDto, membersById: ReadonlyMap<number, FamilyMemberDto>): ChipFacts {
  let byItem = factsByMembers.get(membersById);
  if (!byItem) {
    byItem = new WeakMap();
    factsByMembers.set(membersById, byItem);
  }
  let facts = byItem.get(item);
  if (!facts) {
    const attendees = attendeesOf(item, membersById);
    facts = { attendees, label: eventLabel(item, attendees), colorName: chipColorName(item, membersById) };
    byItem.set(item, facts);
  }
  return facts;
}

/**
 * True when two occurrences draw the same chip (title, times of day, when-text, location, member, attendees,
 * repeats): a month switch can keep a chip whose day changed but whose text did not (issue 23).
 */
export function sameChipContent(a: EventOccurrenceDto, b: EventOccurrenceDto): boolean {
  return (
    a === b ||
    (a.title === b.title &&
      a.location === b.location &&
      a.is_all_day === b.is_all_day &&
      a.organizer_id === b.organizer_id &&
      (a.series_id === null) === (b.series_id === null) &&
      a.start_date.slice(10) === b.start_date.slice(10) &&
      a.attendees.join() === b.attendees.join() &&
      whenText(a) === whenText(b))
  );
}

/**
 * What `EventChip` draws, as elements (a function, not a component: the month view calls it from its own
 * memoised chip, one component less per chip, issue 23), with its transport issues given (`issues`: 'Pickup:
 * No driver yet', … or empty) instead of read from the context, so that a memoised caller decides when it
 * draws again.
 * `longPress`: the long-press handlers for this chip alone (the month view sets one set on its grid instead).
 * `colorsFromSheet`: the chip's colours come from `chipColorSheet` on a `data-chip-color` attribute instead
 * of style properties of its own, and the 'month' variant's time and initials are shown as the month grid
 * measured its width (`time`, `initials`) instead of by a container query (issue 23: a month switch mounts
 * ~130 chips; a size container makes style wait for layout). Such a chip with only text to draw (no initials,
 * no transport flag) is one element: the title as its text, the time before it from `data-time` (a `::before`
 * rule in styles.css), where the others are a flex line of spans (ADR 028: half the elements to lay out).
 */
export function chipElement({
  item,
  membersById,
  onOpen,
  variant,
  blockSize,
  continuesBefore = false,
  continuesAfter = false,
  className,
  style,
  issues,
  longPress,
  colorsFromSheet = false,
  time = true,
  initials = true,
}: EventChipProps & {
  issues: readonly string[];
  longPress?: LongPressHandlers;
  colorsFromSheet?: boolean;
  /**
   * With `colorsFromSheet`, a month chip's time and initials: false where the grid is narrower than
   * `monthTimeMinWidth` / `monthInitialsMinWidth`, and then they are not made at all (issue 23: fewer elements).
   */
  time?: boolean;
  initials?: boolean;
}): ReactElement {
  const { attendees, label: base, colorName } = chipFacts(item, membersById);
  // Issue 27: a transport clash is part of the chip's name and hover text, and flagged by an icon.
  const label = issues.length > 0 ? `${base}. ${issues.join('. ')}` : base;
  const open = (e: MouseEvent | KeyboardEvent) => {
    e.stopPropagation();
    onOpen(item);
  };
  const timed = !item.is_all_day;
  // A month chip sized by the grid: its time and initials are shown as the grid's width allows, not its own.
  const gridSized = colorsFromSheet && variant === 'month';
  // Issue 46: in a grid too narrow for the time (a phone's ~50 px cell), the title alone on up to two lines.
  const twoLines = gridSized && !time;
  // A month bar in such a grid: the title alone too, without the arrows (its open end says it goes on).
  const bareBar = colorsFromSheet && variant === 'bar' && !time;
  const showTime = timed && !continuesBefore && (!colorsFromSheet || time);
  const badges =
    initials && variant !== 'block' && !twoLines && !bareBar
      ? initialsElement(attendees, gridSized ? 'flex' : 'hidden @min-[11rem]:flex', colorsFromSheet)
      : null;
  // One element where there is only text to draw: the time comes from `data-time` through `::before`. A
  // two-line chip marks a transport issue with a stripe (`ISSUE_STRIPE`), not a glyph taking its width.
  const textOnly = gridSized && badges === null && (issues.length === 0 || twoLines);
  const block = variant === 'block' ? blockLayout(blockSize) : null;
  let colorStyle: CSSProperties | undefined;
  if (!colorsFromSheet) {
    const colors = eventColors(item, membersById);
    colorStyle = { backgroundColor: colors.background, color: colors.text, borderLeftColor: colors.edge };
  }
  return (
    <div
      role="button"
      tabIndex={0}
      aria-label={label}
      title={label}
      data-testid="event-chip"
      data-variant={variant}
      data-chip-color={colorsFromSheet ? colorName : undefined}
      data-driving-issues={issues.length > 0 ? issues.length : undefined}
      data-time={textOnly && showTime ? shortTime(item.start_date) : undefined}
      {...longPress}
      onClick={open}
      onKeyDown={(e) => {
        if (e.key === 'Enter' || e.key === ' ') {
          e.preventDefault();
          open(e);
        }
      }}
      style={colorStyle && style ? { ...colorStyle, ...style } : (colorStyle ?? style)}
      className={cn(
        'min-w-0 cursor-pointer overflow-hidden text-left outline-none focus-visible:ring-2 focus-visible:ring-indigo-600',
        !gridSized && '@container',
        // A month chip or bar lays its line out itself (no inner box: one element less per chip, issue 23).
        block
          ? cn(
              'text-xs leading-4',
              block.narrow ? 'rounded border-l-2 px-0.5' : 'rounded-md border-l-4 px-1.5',
              block.padded ? 'py-1' : 'py-0',
              issues.length > 0 && block.narrow ? ISSUE_STRIPE : 'shadow-sm',
            )
          : twoLines
            ? cn(
                'line-clamp-2 h-7 py-px text-[11px] leading-[13px] font-medium tracking-tight',
                issues.length > 0 && ISSUE_STRIPE,
              )
            : textOnly
              ? 'block h-5 truncate text-xs leading-5 font-medium tracking-tight'
              : 'flex h-5 items-baseline gap-0.5 text-xs leading-5 tracking-tight',
        variant === 'month' &&
          (twoLines ? 'rounded-sm border-l-2 pr-px pl-0.5' : 'rounded border-l-[3px] pr-0.5 pl-1'),
        variant === 'bar' && 'px-1.5 font-medium',
        variant === 'bar' && (continuesBefore ? 'border-l-0' : 'rounded-l border-l-[3px]'),
        variant === 'bar' && !continuesAfter && 'rounded-r',
        className,
      )}
    >
      {block ? (
        <BlockContent item={item} attendees={attendees} flagged={issues.length > 0} layout={block} />
      ) : textOnly ? (
        item.title
      ) : (
        // The name is the chip's label; what it shows in short ('7a', initials) is hidden from it.
        <>
          {continuesBefore && !bareBar ? (
            <span aria-hidden className="shrink-0">
              ←
            </span>
          ) : null}
          {issues.length > 0 ? <DrivingFlag /> : null}
          {showTime ? (
            <span
              aria-hidden
              className={cn('shrink-0 text-[11px] font-normal', !gridSized && 'hidden @min-[5.5rem]:inline')}
            >
              {shortTime(item.start_date)}
            </span>
          ) : null}
          <span aria-hidden className="min-w-0 flex-1 truncate font-medium" data-testid="chip-title">
            {item.title}
          </span>
          {/* Initials only when the chip is wide enough; otherwise its coloured edge says whose it is. */}
          {badges}
          {continuesAfter && !bareBar ? (
            <span aria-hidden className="shrink-0">
              →
            </span>
          ) : null}
        </>
      )}
    </div>
  );
}

/** Issue 46: the mark of a transport issue on a chip too narrow for the flag glyph (an amber stripe at its foot). */
const ISSUE_STRIPE = 'shadow-[inset_0_-3px_0_var(--color-amber-500)]';
/** A time-grid block's text lines are this tall (CSS px, `leading-4`): what it shows is counted in lines. */
const BLOCK_LINE_PX = 16;
/** The lines of a narrow block's 10 px title (CSS px, `leading-[13px]`). */
const NARROW_LINE_PX = 13;
/** A block's vertical padding (CSS px, `py-1` on each side), from `PADDED_BLOCK_PX` tall. */
const BLOCK_PADDING_PX = 8;
const PADDED_BLOCK_PX = 38;
/** Narrower than this (CSS px, the whole block) a block draws its title alone, smaller, on all its lines. */
const NARROW_BLOCK_PX = 64;

/** What a time-grid block has room for (`blockLayout`). */
interface BlockLayout {
  /** Whole text lines of `lineHeight` CSS px (1: title and time share the line). */
  lines: number;
  lineHeight: number;
  /** Tall enough for its vertical padding (`py-1`). */
  padded: boolean;
  /** Too narrow for more than a word or two a line: the title alone, in 10 px type, thin edge and padding. */
  narrow: boolean;
}

/**
 * Issue 46: how a time-grid block `size` (CSS px; unknown before the grid is measured: roomy) lays out its
 * text: in whole lines, so that no line is drawn over another and none is cut through.
 */
function blockLayout(size: { width: number; height: number } | undefined): BlockLayout {
  const width = size?.width ?? Number.POSITIVE_INFINITY;
  const height = size?.height ?? BLOCK_LINE_PX * 4 + BLOCK_PADDING_PX;
  const narrow = width < NARROW_BLOCK_PX;
  const padded = height >= PADDED_BLOCK_PX;
  const lineHeight = narrow ? NARROW_LINE_PX : BLOCK_LINE_PX;
  const lines = Math.floor((height - (padded ? BLOCK_PADDING_PX : 0)) / lineHeight);
  return { lines: Math.max(1, lines), lineHeight, padded, narrow };
}

/**
 * The month grid's content width (CSS px) from which its chips show their time, for a root font size `remPx`
 * (CSS px, 16 by default). A month chip's content box is the grid's content width ÷ 7, less its margins
 * (2 × 0.125rem), padding (0.375rem) and edge (3 px); the time shows from a 5.5rem content box, as on a chip
 * sized by itself (`@min-[5.5rem]`): 7 × (5.5 + 0.625)rem + 7 × 3 px of grid.
 */
export function monthTimeMinWidth(remPx: number): number {
  return 42.875 * remPx + 21;
}

/** As `monthTimeMinWidth`, for the initials: from an 11rem content box (`@min-[11rem]`). */
export function monthInitialsMinWidth(remPx: number): number {
  return 81.375 * remPx + 21;
}

/**
 * The time grid's block (issue 46: laid out in whole lines, `layout.lines` of them, the rest clipped): the title
 * first, wrapping between words (a word wider than the block ends in an ellipsis, `WrappedWords`), on all
 * lines but the last, which is the time's; then the location and the initials as room remains. A narrow block
 * gives every line to its title. A one-line block shows the title, then the time where it fits.
 */
function BlockContent({
  item,
  attendees,
  flagged,
  layout,
}: {
  item: EventOccurrenceDto;
  attendees: readonly FamilyMemberDto[];
  flagged: boolean;
  layout: BlockLayout;
}) {
  const { lines, lineHeight, narrow } = layout;
  const flag = flagged && !narrow ? <DrivingFlag className="mt-0.5" /> : null;
  const titleType = narrow ? 'text-[10px] leading-[13px]' : 'text-[11px] @min-[6rem]:text-xs';
  if (lines === 1) {
    return (
      <div className="flex items-baseline gap-1" aria-hidden>
        {flag}
        <span className={cn('min-w-0 truncate font-semibold', titleType)} data-testid="chip-title">
          {item.title}
        </span>
        {narrow ? null : (
          <span className="hidden shrink-0 text-[11px] @min-[8rem]:inline">{shortTime(item.start_date)}</span>
        )}
      </div>
    );
  }
  const titleLines = narrow ? lines : lines - 1;
  return (
    <div aria-hidden className="flex flex-col overflow-hidden" style={{ maxHeight: lines * lineHeight }}>
      <div className="flex shrink-0 items-start gap-1">
        {flag}
        {item.series_id !== null && !narrow ? (
          <Repeat className="mt-0.5 hidden h-3 w-3 shrink-0 @min-[7rem]:block" />
        ) : null}
        {titleLines === 1 ? (
          // One line: as much of the title as fits on it ('Parent-teacher confer…', not 'Parent-…').
          <span className={cn('min-w-0 truncate font-semibold', titleType)} data-testid="chip-title">
            {item.title}
          </span>
        ) : (
          <span
            className={cn('min-w-0 font-semibold', titleType)}
            style={{
              display: '-webkit-box',
              WebkitBoxOrient: 'vertical',
              WebkitLineClamp: titleLines,
              overflow: 'hidden',
            }}
            data-testid="chip-title"
          >
            <WrappedWords text={item.title} />
          </span>
        )}
      </div>
      {narrow ? null : (
        <>
          <span className="shrink-0 truncate" data-testid="chip-time">
            {clockTime(item.start_date)}
            {item.end_date && item.end_date !== item.start_date ? ` – ${clockTime(item.end_date)}` : ''}
          </span>
          {item.location ? (
            <span className="flex shrink-0 items-center gap-1">
              <MapPin className="h-3 w-3 shrink-0" />
              <span className="truncate">{item.location}</span>
            </span>
          ) : null}
          <Initials members={attendees} className="hidden h-4 shrink-0 @min-[7rem]:flex" />
        </>
      )}
    </div>
  );
}

/**
 * `text` broken into lines only between words and after a word's hyphen (issue 46: a narrow block broke
 * 'Homework' into 'Home' / 'work', `overflow-wrap: break-word` in a column narrower than the word): each piece is
 * an inline block at most a line wide, so a piece longer than the line ends in an ellipsis instead of being split
 * into letters; a `<wbr>` after a hyphen lets 'Parent-teacher' wrap there.
 */
function WrappedWords({ text }: { text: string }) {
  return text.split(/(\s+)/).map((part, i) =>
    /^\s*$/.test(part)
      ? part
      : part.split(/(?<=-)(?=.)/).map((piece, j) => (
          <Fragment key={`${String(i)}-${String(j)}`}>
            {j > 0 ? <wbr /> : null}
            <span className="inline-block max-w-full truncate align-top">{piece}</span>
          </Fragment>
        )),
  );
}

/** Issue 27: the chip's mark for a pickup or drop-off nobody can do (the words are in the chip's name). */
function DrivingFlag({ className }: { className?: string }) {
  return (
    <TriangleAlert
      aria-hidden
      data-testid="chip-driving-flag"
      className={cn('h-3 w-3 shrink-0 self-center fill-amber-300 text-amber-800', className)}
    />
  );
}

/**
 * Up to three attendee initials on their member's solid colour (white text, ≥ 4.5:1), then '+N'. Hidden from
 * assistive technology: where they are shown, the attendees' names are in the accessible name or text.
 */
export function Initials({
  members,
  className,
}: {
  members: readonly FamilyMemberDto[];
  className?: string;
}) {
  return initialsElement(members, className, false);
}

/**
 * `Initials` as elements (null without attendees), for a caller that draws them without a component of their
 * own (a month chip, issue 23). `colorsFromSheet`: the badges' colours from `chipColorSheet`
 * (`data-badge-color`) instead of a style property each.
 */
function initialsElement(
  members: readonly FamilyMemberDto[],
  className: string | undefined,
  colorsFromSheet: boolean,
): ReactElement | null {
  const { shown, extra } = attendeeBadges(members);
  if (shown.length === 0) return null;
  return (
    <span aria-hidden className={cn('shrink-0 items-center -space-x-1', className)}>
      {shown.map((m) => (
        <span
          key={m.id}
          style={colorsFromSheet ? undefined : { backgroundColor: chipColorVars(m.color).solid }}
          data-badge-color={colorsFromSheet ? (isMemberColor(m.color) ? m.color : 'blue') : undefined}
          className="inline-flex h-4 w-4 items-center justify-center rounded-full border border-white text-[8px] leading-none font-semibold text-white"
        >
          {initials(m.name)}
        </span>
      ))}
      {extra > 0 ? (
        <span className="inline-flex h-4 items-center rounded-full bg-white px-1 text-[8px] leading-none font-semibold text-slate-800">
          +{extra}
        </span>
      ) : null}
    </span>
  );
}
