/**
 * The dark theme as a remapping of Tailwind's palette (ADR 053): under `prefers-color-scheme: dark` every
 * `--color-{hue}-{shade}` variable takes the value of another shade of the same hue, so the app's ~100 screens
 * keep their light-theme classes (`bg-white`, `text-slate-700`, `bg-indigo-600 text-white`) and read as a dark
 * theme. Pure data: the Tailwind plugin (src/web/tailwind-theme.ts) writes the CSS from it, the tests check
 * contrast with it.
 */

/** Tailwind's shade steps, lightest first. */
export const SHADES = ['50', '100', '200', '300', '400', '500', '600', '700', '800', '900', '950'] as const;
export type Shade = (typeof SHADES)[number];

/** Tailwind's grey families (4.3 adds mauve, olive, mist and taupe): they hold the app's surfaces and text. */
export const NEUTRAL_HUES: readonly string[] = [
  'slate',
  'gray',
  'zinc',
  'neutral',
  'stone',
  'mauve',
  'olive',
  'mist',
  'taupe',
];

/**
 * Greys: the page (50) becomes the darkest, the card (white) the next (`DARK_WHITE`), each tint above it one step
 * lighter so that `bg-slate-100` on a card stays visible; text shades mirror (700 → 200). 950 becomes white.
 */
const NEUTRAL_SHADES: Readonly<Record<Shade, Shade | 'white'>> = {
  '50': '950',
  '100': '800',
  '200': '700',
  '300': '600',
  '400': '500',
  '500': '400',
  '600': '300',
  '700': '200',
  '800': '100',
  '900': '50',
  '950': 'white',
};

/**
 * Colours: tints (50–300) become deep shades and text shades (700–950) light ones, mirrored. The fills that
 * carry `text-white` (500, 600: buttons, the today marker, member dots) become 400, light enough for the
 * dark text `text-white` then draws (white is the dark card colour, `DARK_WHITE`): ≥ 4.5:1.
 */
const COLOR_SHADES: Readonly<Record<Shade, Shade>> = {
  '50': '950',
  '100': '900',
  '200': '800',
  '300': '700',
  '400': '600',
  '500': '400',
  '600': '400',
  '700': '300',
  '800': '200',
  '900': '100',
  '950': '50',
};

/** What `--color-white` becomes in the dark theme: the cards' surface, slate 900 (the page is slate 950). */
export const DARK_WHITE = { hue: 'slate', shade: '900' } as const satisfies { hue: string; shade: Shade };

/**
 * The shade whose light-theme value `{hue}-{shade}` takes in the dark theme: a shade of the same hue, or
 * 'white' (slate 950 and the other greys' 950). Any hue that is not a grey follows the colour mapping.
 */
export function darkShade(hue: string, shade: Shade): Shade | 'white' {
  return NEUTRAL_HUES.includes(hue) ? NEUTRAL_SHADES[shade] : COLOR_SHADES[shade];
}
