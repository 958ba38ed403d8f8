import { countSmsSegments, MAX_SMS_SEGMENTS } from '../notifications/sms-segments.ts';
import { localToFloating } from '../time/local-time.ts';

/**
 * The daily summary's words (issue 8): one concise message per member per local date, as SMS text within
 * 3 segments or as a readable e-mail. Pure: the scheduler gathers the items, this module only writes.
 * All times are local wall-clock text (`YYYY-MM-DDTHH:mm:00`) in the family's zone.
 */

export interface SummaryEvent {
  start: string;
  allDay: boolean;
  title: string;
  location: string | null;
}

export interface SummaryTask {
  title: string;
  /** Local due time; overdue tasks show their due date. */
  due: string;
}

export interface SummaryTransport {
  kind: 'pickup' | 'dropoff';
  /** When to be there (local). */
  at: string;
  /** The event's title (the "for whom" is in `forWhom`). */
  title: string;
  location: string | null;
  /** Names of the event's attendees, e.g. "Mia and Leo"; empty when the event names none. */
  forWhom: string;
}

export interface SummaryInput {
  familyPhrase: string;
  memberName: string;
  /** The local date `YYYY-MM-DD` the summary is for. */
  date: string;
  events: readonly SummaryEvent[];
  tasksDue: readonly SummaryTask[];
  overdue: readonly SummaryTask[];
  transport: readonly SummaryTransport[];
  /**
   * Issue 27: the family's pickups and drop-offs of the day with no driver, as sentences ("No one is picking
   * up Maya from Soccer at 4:30 PM"); the summary opens with them. Absent = none.
   */
  gaps?: readonly string[];
  /** Link to the app's calendar (PUBLIC_URL + path). */
  link: string;
}

const WEEKDAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** "Sun, Nov 22" for `2026-11-22` (zone-free). */
export function formatDay(date: string): string {
  const d = localToFloating(`${date}T00:00`);
  return `${WEEKDAYS[d.getUTCDay()] ?? ''}, ${MONTHS[d.getUTCMonth()] ?? ''} ${d.getUTCDate()}`;
}

/** "9:05 AM" for a local date-time's time of day. */
export function formatTime(local: string): string {
  const hour = Number(local.slice(11, 13));
  const minute = local.slice(14, 16);
  const h12 = hour % 12 === 0 ? 12 : hour % 12;
  return `${h12}:${minute} ${hour < 12 ? 'AM' : 'PM'}`;
}

/** "Nov 20" for an overdue task's due date. */
function formatShortDate(local: string): string {
  const d = localToFloating(`${local.slice(0, 10)}T00:00`);
  return `${MONTHS[d.getUTCMonth()] ?? ''} ${d.getUTCDate()}`;
}

/** One line per item, in reading order, as both SMS and e-mail use them. */
interface Sections {
  gaps: string[];
  events: string[];
  tasks: string[];
  overdue: string[];
  transport: string[];
}

function sections(input: SummaryInput): Sections {
  const at = (location: string | null) => (location ? ` at ${location}` : '');
  return {
    gaps: [...(input.gaps ?? [])],
    events: [...input.events]
      .sort((a, b) => Number(b.allDay) - Number(a.allDay) || a.start.localeCompare(b.start))
      .map((e) => `${e.allDay ? 'All day' : formatTime(e.start)} ${e.title}${at(e.location)}`),
    tasks: [...input.tasksDue]
      .sort((a, b) => a.due.localeCompare(b.due))
      .map((t) => `${t.title} (by ${formatTime(t.due)})`),
    overdue: [...input.overdue]
      .sort((a, b) => a.due.localeCompare(b.due))
      .map((t) => `${t.title} (due ${formatShortDate(t.due)})`),
    transport: [...input.transport]
      .sort((a, b) => a.at.localeCompare(b.at))
      .map(
        (t) =>
          `${formatTime(t.at)} ${t.kind === 'pickup' ? 'pick up' : 'drop off'}${t.forWhom ? ` ${t.forWhom}` : ''} (${t.title})${at(t.location)}`,
      ),
  };
}

/** True when the member has nothing that day (the summary then says so in one line). */
export function isEmptySummary(input: SummaryInput): boolean {
  return (
    (input.gaps?.length ?? 0) +
      input.events.length +
      input.tasksDue.length +
      input.overdue.length +
      input.transport.length ===
    0
  );
}

/**
 * The SMS text: header, then events, pickups/drop-offs, tasks due and overdue tasks, then the link. When it
 * does not fit in 3 segments, items are dropped from the end of the longest section first and counted as
 * "+N more", so the text always fits and always ends with the link.
 */
export function summarySms(input: SummaryInput): string {
  const s = sections(input);
  const header = `FamilyHub, ${input.familyPhrase}: ${input.memberName}'s day, ${formatDay(input.date)}.`;
  const shown = {
    gaps: [...s.gaps],
    events: [...s.events],
    transport: [...s.transport],
    tasks: [...s.tasks],
    overdue: [...s.overdue],
  };
  const build = () => {
    const part = (label: string, items: string[], total: number) => {
      if (total === 0) return null;
      const more = total - items.length;
      return `${label}: ${[...items, ...(more > 0 ? [`+${more} more`] : [])].join('; ')}.`;
    };
    const more = (items: string[], total: number) =>
      total > items.length ? [...items, `+${total - items.length} more`] : items;
    const parts = [
      header,
      // Issue 27: the day's gaps open the summary, as sentences.
      s.gaps.length > 0 ? `${more(shown.gaps, s.gaps.length).join('. ')}.` : null,
      part('Events', shown.events, s.events.length),
      part('Transport', shown.transport, s.transport.length),
      part('Tasks due', shown.tasks, s.tasks.length),
      part('Overdue', shown.overdue, s.overdue.length),
      isEmptySummary(input) ? 'Nothing scheduled today.' : null,
      input.link,
    ];
    return parts.filter((p): p is string => p !== null).join(' ');
  };
  let text = build();
  while (countSmsSegments(text).segments > MAX_SMS_SEGMENTS) {
    const lists = [shown.overdue, shown.tasks, shown.events, shown.transport, shown.gaps];
    const longest = lists.reduce((a, b) => (b.length > a.length ? b : a));
    if (longest.length === 0) break; // only the header and link left: the outbox cuts it, never reached in practice
    longest.pop();
    text = build();
  }
  return text;
}

/** The e-mail subject, plain-text body and the sections (for the HTML view). */
export function summaryEmail(input: SummaryInput): {
  subject: string;
  text: string;
  sections: { heading: string; items: string[] }[];
} {
  const s = sections(input);
  const all = [
    { heading: 'No driver yet', items: s.gaps },
    { heading: 'Events', items: s.events },
    { heading: 'Pickups and drop-offs', items: s.transport },
    { heading: 'Tasks due today', items: s.tasks },
    { heading: 'Overdue tasks', items: s.overdue },
  ].filter((section) => section.items.length > 0);
  const subject = `Your day, ${formatDay(input.date)}: ${input.familyPhrase} on FamilyHub`;
  const lines = [
    `Good morning ${input.memberName},`,
    '',
    `Here is your day for ${formatDay(input.date)}.`,
    '',
  ];
  if (all.length === 0) lines.push('Nothing is scheduled for you today.', '');
  for (const section of all) {
    lines.push(`${section.heading}:`, ...section.items.map((item) => `- ${item}`), '');
  }
  lines.push(
    `Open FamilyHub: ${input.link}`,
    '',
    `You get this summary because daily reminders are on for you in ${input.familyPhrase}.`,
  );
  return { subject, text: lines.join('\n'), sections: all };
}
