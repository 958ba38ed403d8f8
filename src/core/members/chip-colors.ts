import { colord, extend, type Colord } from 'colord';
import a11yPlugin from 'colord/plugins/a11y';
import mixPlugin from 'colord/plugins/mix';
import { isMemberColor, type MemberColor } from './colors.ts';

extend([a11yPlugin, mixPlugin]);

/**
 * Each palette colour's own hue as a hex value (Tailwind's shade 600 of the same name): the one input the
 * calendar's chip colours are derived from.
 */
export const MEMBER_BASE_HEX: Readonly<Record<MemberColor, string>> = {
  blue: '#2563eb',
  green: '#16a34a',
  yellow: '#ca8a04',
  purple: '#9333ea',
  pink: '#db2777',
  orange: '#ea580c',
  red: '#dc2626',
  indigo: '#4f46e5',
};

/** WCAG 2.2 SC 1.4.3 (AA): text smaller than 18 pt (14 pt bold) needs 4.5:1 against its background. */
export const AA_TEXT_CONTRAST = 4.5;
/** WCAG 2.2 SC 1.4.11 (AA): a graphical object (the chip's coloured edge) needs 3:1 against what is around it. */
export const AA_NON_TEXT_CONTRAST = 3;

/** The CSS colours (hex `#rrggbb`) a calendar chip of one member colour is drawn in. */
export interface ChipColors {
  /** The chip's light tint of the member colour. */
  background: string;
  /** Title, time and location on `background`: the member's hue darkened until ≥ 5.5:1 against it (AA: 4.5). */
  text: string;
  /** The coloured edge (and a bar's fill accent): the member's hue, at least 3:1 against white and `background`. */
  edge: string;
  /** Filled badges (initials, '+N') with white text on them: the member's hue darkened until white reads ≥ 4.5:1. */
  solid: string;
}

const WHITE = colord('#ffffff');
/** How much of the member colour the chip's background holds (the rest is white; mixed channel by channel). */
const TINT = 0.16;
/**
 * What the text aims for: AA's 4.5:1 with a margin, so that 11–12 px chip text stays comfortable to read and a
 * hover shade of the background cannot push it under the line.
 */
const TEXT_TARGET = 5.5;
/** HSL lightness taken off per step while darkening towards a contrast target. */
const STEP = 0.02;

/** `color` darkened in small steps until it reaches `ratio` against every colour of `against` (black at worst). */
function darkenUntil(color: Colord, against: Colord[], ratio: number): Colord {
  let c = color;
  while (against.some((bg) => c.contrast(bg) < ratio) && c.toHsl().l > 0) c = c.darken(STEP);
  return c;
}

const cache = new Map<string, ChipColors>();

/**
 * The chip colours for a stored member colour name, derived from its hue (issue 22: never hard-coded pairs),
 * so that every pair meets WCAG AA on the calendar's light backgrounds: text ≥ 4.5:1 on the chip, white on
 * `solid` ≥ 4.5:1, the edge ≥ 3:1 next to white and the chip. `colord`'s `contrast` is WCAG 2's ratio,
 * rounded down, so a pair it accepts is never below the target. A name outside the palette draws as blue
 * (as `memberColorTokens` does); results are cached per name.
 */
export function chipColors(color: string): ChipColors {
  const name: MemberColor = isMemberColor(color) ? color : 'blue';
  const known = cache.get(name);
  if (known) return known;
  const base = colord(MEMBER_BASE_HEX[name]);
  const background = WHITE.mix(base, TINT, 'rgb');
  const result: ChipColors = {
    background: background.toHex(),
    text: darkenUntil(base, [background], TEXT_TARGET).toHex(),
    edge: darkenUntil(base, [WHITE, background], AA_NON_TEXT_CONTRAST).toHex(),
    solid: darkenUntil(base, [WHITE], AA_TEXT_CONTRAST).toHex(),
  };
  cache.set(name, result);
  return result;
}

/** The colours of an event with no member (no organizer, no attendee): slate, checked like the others. */
export const NEUTRAL_CHIP_COLORS: ChipColors = {
  background: '#f1f5f9', // slate-100
  text: '#1e293b', // slate-800: 13.3:1 on it
  edge: '#64748b', // slate-500: 4.3:1 on white
  solid: '#475569', // slate-600: 7.6:1 with white
};
