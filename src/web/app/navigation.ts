import { Calendar, Car, CheckSquare, ClipboardList, StickyNote, Users, type LucideIcon } from 'lucide-react';

export interface NavEntry {
  label: string;
  to: string;
  icon: LucideIcon;
  /** Paths (prefixes) that belong to this section, for highlighting and the mobile title. */
  matches: string[];
}

/** SPEC §2 Layout: the five entries, in order, and issue 27's Driving after Calendar. `/` belongs to Calendar. */
export const NAV_ENTRIES: NavEntry[] = [
  { label: 'Calendar', to: '/calendar', icon: Calendar, matches: ['/calendar', '/add-event'] },
  { label: 'Driving', to: '/driving', icon: Car, matches: ['/driving'] },
  { label: 'Tasks', to: '/tasks', icon: CheckSquare, matches: ['/tasks', '/add-task'] },
  {
    label: 'Activity Requests',
    to: '/activities',
    icon: ClipboardList,
    matches: ['/activities', '/add-activity'],
  },
  { label: 'Notes', to: '/notes', icon: StickyNote, matches: ['/notes', '/add-note'] },
  { label: 'Family Members', to: '/family-members', icon: Users, matches: ['/family-members'] },
];

/** The section a path belongs to, or undefined (e.g. the 404 page). */
export function sectionFor(pathname: string): NavEntry | undefined {
  if (pathname === '/') return NAV_ENTRIES[0];
  return NAV_ENTRIES.find((entry) =>
    entry.matches.some((prefix) => pathname === prefix || pathname.startsWith(`${prefix}/`)),
  );
}
