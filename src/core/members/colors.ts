/**
 * The member colour palette (SPEC §3). Tailwind class tokens per colour: a tinted background with dark text
 * (AA contrast at normal text size) and a saturated dot.
 */
export const MEMBER_COLORS = [
  'blue',
  'green',
  'yellow',
  'purple',
  'pink',
  'orange',
  'red',
  'indigo',
] as const;
export type MemberColor = (typeof MEMBER_COLORS)[number];

export const MEMBER_ROLES = ['parent', 'child', 'other'] as const;
export type MemberRole = (typeof MEMBER_ROLES)[number];
