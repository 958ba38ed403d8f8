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

/** Tailwind utility classes that draw one palette colour. */
export interface MemberColorTokens {
  /** The colour's display name, e.g. 'Blue'. */
  label: string;
  /** Tinted background for initials avatars and badges (Tailwind shade 100). */
  background: string;
  /** Text on `background` (shade 800): contrast ≥ 4.5:1, WCAG 2.2 SC 1.4.3 (AA, normal-size text). */
  text: string;
  /**
   * A solid dot on the white card (shade 600, yellow 700): contrast ≥ 3:1, WCAG 2.2 SC 1.4.11 (AA, non-text).
   * Yellow 600 reaches only 2.9:1 on white, hence the darker shade.
   */
  dot: string;
  /** Border in the same hue, for selected swatches. */
  ring: string;
}

// Full literal class names, never built from parts: Tailwind finds the classes it generates by scanning
// the source for whole tokens.
export const MEMBER_COLOR_TOKENS: Readonly<Record<MemberColor, MemberColorTokens>> = {
  blue: {
    label: 'Blue',
    background: 'bg-blue-100',
    text: 'text-blue-800',
    dot: 'bg-blue-600',
    ring: 'ring-blue-600',
  },
  green: {
    label: 'Green',
    background: 'bg-green-100',
    text: 'text-green-800',
    dot: 'bg-green-600',
    ring: 'ring-green-600',
  },
  yellow: {
    label: 'Yellow',
    background: 'bg-yellow-100',
    text: 'text-yellow-800',
    dot: 'bg-yellow-700',
    ring: 'ring-yellow-700',
  },
  purple: {
    label: 'Purple',
    background: 'bg-purple-100',
    text: 'text-purple-800',
    dot: 'bg-purple-600',
    ring: 'ring-purple-600',
  },
  pink: {
    label: 'Pink',
    background: 'bg-pink-100',
    text: 'text-pink-800',
    dot: 'bg-pink-600',
    ring: 'ring-pink-600',
  },
  orange: {
    label: 'Orange',
    background: 'bg-orange-100',
    text: 'text-orange-800',
    dot: 'bg-orange-600',
    ring: 'ring-orange-600',
  },
  red: {
    label: 'Red',
    background: 'bg-red-100',
    text: 'text-red-800',
    dot: 'bg-red-600',
    ring: 'ring-red-600',
  },
  indigo: {
    label: 'Indigo',
    background: 'bg-indigo-100',
    text: 'text-indigo-800',
    dot: 'bg-indigo-600',
    ring: 'ring-indigo-600',
  },
};

/** True when `value` names a palette colour. */
export function isMemberColor(value: string): value is MemberColor {
  return (MEMBER_COLORS as readonly string[]).includes(value);
}

/**
 * The tokens for a stored colour name. A name outside the palette (a row written before the palette changed,
 * e.g. the earlier 'teal') draws as blue rather than without colour.
 */
export function memberColorTokens(color: string): MemberColorTokens {
  return MEMBER_COLOR_TOKENS[isMemberColor(color) ? color : 'blue'];
}

/** 'Parent' for 'parent': the role as the badge shows it. */
export function roleLabel(role: string): string {
  return role.charAt(0).toUpperCase() + role.slice(1);
}
