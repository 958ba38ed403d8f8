import { colord, extend, type Colord } from 'colord';
import a11yPlugin from 'colord/plugins/a11y';
import mixPlugin from 'colord/plugins/mix';
import { isMemberColor, MEMBER_COLORS, type MemberColor } from './colors.ts';

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

/** The theme a colour is drawn for: the light one, or the dark one of `prefers-color-scheme: dark` (ADR 053). */
export type ColorScheme = 'light' | 'dark';

/**
 * What chips sit on in each theme (hex): the card (`bg-white`: month cells, the time grid) and the page
 * (`bg-slate-50`: other months' days). Dark: slate 900 and 950, what the dark theme maps them to (ADR 053).
 * The card's colour is also the text on `solid` (`text-white`, which the dark theme maps to slate 900).
 */
export const CHIP_SURFACES: Readonly<Record<ColorScheme, { card: string; page: string }>> = {
  light: { card: '#ffffff', page: '#f8fafc' },
  dark: { card: '#0f172b', page: '#020618' },
};

/** The CSS colours (hex `#rrggbb`) a calendar chip of one member colour is drawn in. */
export interface ChipColors {
  /** The chip's tint of the member colour (light on the light theme's cards, deep on the dark theme's). */
  background: string;
  /** Title, time and location on `background`: the member's hue darkened (dark theme: lightened) until ≥ 5.5:1 against it (AA: 4.5). */
  text: string;
  /** The coloured edge (and a bar's fill accent): the member's hue, at least 3:1 against the card, the page and `background`. */
  edge: string;
  /** Filled badges (initials, '+N') with the card's colour as text (`text-white`): ≥ 4.5:1 against it. */
  solid: string;
}

/** How much of the member colour the chip's background holds (the rest is the card; mixed channel by channel). */
const TINT: Readonly<Record<ColorScheme, number>> = { light: 0.16, dark: 0.28 };
/**
 * What the text aims for: AA's 4.5:1 with a margin, so that 11–12 px chip text stays comfortable to read and a
 * hover shade of the background cannot push it under the line.
 */
const TEXT_TARGET = 5.5;
/** HSL lightness taken off (dark theme: added) per step while moving towards a contrast target. */
const STEP = 0.02;

/**
 * `color` darkened (light theme) or lightened (dark theme) in small steps until it reaches `ratio` against
 * every colour of `against` (black or white at worst).
 */
function adjustUntil(color: Colord, against: Colord[], ratio: number, scheme: ColorScheme): Colord {
  let c = color;
  const room = () => (scheme === 'light' ? c.toHsl().l > 0 : c.toHsl().l < 100);
  while (against.some((bg) => c.contrast(bg) < ratio) && room()) {
    c = scheme === 'light' ? c.darken(STEP) : c.lighten(STEP);
  }
  return c;
}

/** The names a chip's colours go by: the palette's, and 'none' for an event without a member. */
export type ChipColorName = MemberColor | 'none';
export const CHIP_COLOR_NAMES: readonly ChipColorName[] = [...MEMBER_COLORS, 'none'];

const cache = new Map<string, ChipColors>();

/**
 * The chip colours for a stored member colour name in `scheme` (default light), derived from its hue (issue
 * 22: never hard-coded pairs), so that every pair meets WCAG 2.2 AA on that theme's backgrounds: text ≥ 4.5:1
 * on the chip, the card colour on `solid` ≥ 4.5:1, the edge ≥ 3:1 next to the card, the page and the chip.
 * `colord`'s `contrast` is WCAG 2's ratio, rounded down, so a pair it accepts is never below the target. A
 * name outside the palette draws as blue (as `memberColorTokens` does); results are cached per name and scheme.
 */
export function chipColors(color: string, scheme: ColorScheme = 'light'): ChipColors {
  const name: MemberColor = isMemberColor(color) ? color : 'blue';
  const key = `${scheme}:${name}`;
  const known = cache.get(key);
  if (known) return known;
  const card = colord(CHIP_SURFACES[scheme].card);
  const page = colord(CHIP_SURFACES[scheme].page);
  const base = colord(MEMBER_BASE_HEX[name]);
  const background = card.mix(base, TINT[scheme], 'rgb');
  const result: ChipColors = {
    background: background.toHex(),
    text: adjustUntil(base, [background], TEXT_TARGET, scheme).toHex(),
    edge: adjustUntil(base, [card, page, background], AA_NON_TEXT_CONTRAST, scheme).toHex(),
    solid: adjustUntil(base, [card], AA_TEXT_CONTRAST, scheme).toHex(),
  };
  cache.set(key, result);
  return result;
}

/** The colours of an event with no member (no organizer, no attendee): slate, checked like the others. */
export const NEUTRAL_CHIP_COLORS: ChipColors = {
  background: '#f1f5f9', // slate-100
  text: '#1e293b', // slate-800: 13.3:1 on it
  edge: '#64748b', // slate-500: 4.3:1 on white
  solid: '#475569', // slate-600: 7.6:1 with white
};

/** `NEUTRAL_CHIP_COLORS` on the dark theme (Tailwind 4.3's slate). */
export const DARK_NEUTRAL_CHIP_COLORS: ChipColors = {
  background: '#1d293d', // slate-800
  text: '#f1f5f9', // slate-100: 13.5:1 on it
  edge: '#90a1b9', // slate-400: 6.8:1 on slate-900
  solid: '#cad5e2', // slate-300: 12.6:1 with slate-900
};

/** Every chip colour name's colours in `scheme`: what the style sheet's custom properties hold (`chipColorVars`). */
export function chipPalette(scheme: ColorScheme): Record<ChipColorName, ChipColors> {
  const entries = CHIP_COLOR_NAMES.map((name) => [
    name,
    name === 'none'
      ? scheme === 'light'
        ? NEUTRAL_CHIP_COLORS
        : DARK_NEUTRAL_CHIP_COLORS
      : chipColors(name, scheme),
  ]);
  return Object.fromEntries(entries) as Record<ChipColorName, ChipColors>;
}

/** The CSS custom property that holds one part of a chip colour: `--chip-blue-text`. */
export function chipColorProperty(name: ChipColorName, part: keyof ChipColors): string {
  return `--chip-${name}-${part}`;
}

/**
 * A chip colour as CSS `var()` references (`var(--chip-blue-text)`), for style properties and style sheets: the
 * style sheet's custom properties (src/web/tailwind-theme.ts) give them the light or the dark theme's colours,
 * and black text in print (ADR 053). An unknown stored colour is blue, a null one 'none'.
 */
export function chipColorVars(color: string | null): ChipColors {
  const name: ChipColorName = color === null ? 'none' : isMemberColor(color) ? color : 'blue';
  const ref = (part: keyof ChipColors) => `var(${chipColorProperty(name, part)})`;
  return { background: ref('background'), text: ref('text'), edge: ref('edge'), solid: ref('solid') };
}
