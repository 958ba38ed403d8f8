import { formatTime } from '../reminders/summary.ts';
import type { CoverageIssue, TransportLeg } from './coverage.ts';

/**
 * The words of transport coverage (issue 27), shared by the web view, the daily summary, the evening alert and
 * the assistant. Times are family wall-clock text, shown like "4:30 PM".
 */

/** "Maya", "Maya and Leo", "Maya, Leo and Ada"; empty for no names. */
export function joinNames(names: readonly string[]): string {
  if (names.length <= 1) return names[0] ?? '';
  return `${names.slice(0, -1).join(', ')} and ${names[names.length - 1] ?? ''}`;
}

/** Who rides: the leg's attendees other than its driver, by name (unknown ids are skipped). */
export function passengersOf(leg: TransportLeg, nameOf: (memberId: number) => string | undefined): string {
  return joinNames(leg.attendeeIds.filter((id) => id !== leg.driverId).flatMap((id) => nameOf(id) ?? []));
}

/**
 * The gap sentence: "No one is picking up Maya from Soccer at 4:30 PM" / "No one is dropping off Maya at
 * Soccer at 3:30 PM" (without passengers: "No one is picking up from Soccer at 4:30 PM").
 */
export function gapSentence(leg: TransportLeg, nameOf: (memberId: number) => string | undefined): string {
  const who = passengersOf(leg, nameOf);
  const whom = who ? ` ${who}` : '';
  return leg.kind === 'pickup'
    ? `No one is picking up${whom} from ${leg.title} at ${formatTime(leg.at)}`
    : `No one is dropping off${whom} at ${leg.title} at ${formatTime(leg.at)}`;
}

/** "pickup from Soccer at 4:30 PM" / "drop-off at Piano at 4:30 PM". */
export function legPhrase(leg: Pick<TransportLeg, 'kind' | 'title' | 'at'>): string {
  return leg.kind === 'pickup'
    ? `pickup from ${leg.title} at ${formatTime(leg.at)}`
    : `drop-off at ${leg.title} at ${formatTime(leg.at)}`;
}

/**
 * The small warning for one issue, naming what clashes: "No driver yet", "Mom also has the drop-off at Piano at
 * 4:30 PM", "Mom is at PTA (6:00 PM–7:00 PM)".
 */
export function issueMessage(issue: CoverageIssue, nameOf: (memberId: number) => string | undefined): string {
  if (issue.type === 'no_driver') return 'No driver yet';
  const driver = (issue.leg.driverId !== null && nameOf(issue.leg.driverId)) || 'The driver';
  if (issue.type === 'double_booked') return `${driver} also has the ${legPhrase(issue.other)}`;
  return `${driver} is at ${issue.other.title} (${formatTime(issue.other.start)}–${formatTime(issue.other.end)})`;
}

/** Issue 27: the evening alert is planned from this local time the day before the pickups… */
export const EVENING_ALERT_LOCAL_TIME = '19:00';
/**
 * …and never sent from the start of quiet hours (21:00–07:00 local, the house rule for messages nobody asked
 * for at that moment): a message still unsent then expires instead of arriving in the night.
 */
export const QUIET_HOURS_START_LOCAL_TIME = '21:00';

/**
 * The evening SMS about tomorrow's uncovered pickups, numbered in the order given, saying what a reply does
 * (issue 27 part 3): "FamilyHub, the Rivera family: no one is picking up tomorrow, Tue, Nov 24: 1) Maya from
 * Soccer at 4:30 PM; 2) Leo from Piano at 6:00 PM. Who can drive? Reply I'LL DRIVE and its number to take one.
 * {link}" (one pickup: "Reply I'LL DRIVE to take it."). Items that do not fit in 3 SMS segments become "+N more"
 * (the link stays).
 * @param pickups `who` (passenger names, may be empty), `title`, `at` (family wall-clock).
 */
export function eveningAlertSms(input: {
  familyPhrase: string;
  dayLabel: string;
  pickups: readonly { who: string; title: string; at: string }[];
  link: string;
  fits: (text: string) => boolean;
}): string {
  const items = input.pickups.map(
    (p, i) => `${i + 1}) ${p.who ? `${p.who} from ` : ''}${p.title} at ${formatTime(p.at)}`,
  );
  const build = (shown: number) => {
    const more = items.length - shown;
    const list = [...items.slice(0, shown), ...(more > 0 ? [`+${more} more`] : [])].join('; ');
    return `FamilyHub, ${input.familyPhrase}: no one is picking up tomorrow, ${input.dayLabel}: ${list}. Who can drive? ${reply} ${input.link}`;
  };
  const reply =
    items.length === 1 ? "Reply I'LL DRIVE to take it." : "Reply I'LL DRIVE and its number to take one.";
  let shown = items.length;
  let text = build(shown);
  while (shown > 1 && !input.fits(text)) text = build(--shown);
  return text;
}
