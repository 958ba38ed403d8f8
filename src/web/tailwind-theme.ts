import plugin from 'tailwindcss/plugin';
import colors from 'tailwindcss/colors';
import {
  CHIP_COLOR_NAMES,
  chipColorProperty,
  chipPalette,
  type ChipColors,
  type ColorScheme,
} from '../core/members/chip-colors.ts';
import { DARK_WHITE, darkShade, SHADES } from '../core/theme/dark-palette.ts';

type Declarations = Record<string, string>;

/** The chip colours' custom properties (`--chip-blue-text: #…`) for `scheme`, or only `parts` of them. */
function chipProperties(scheme: ColorScheme, parts?: readonly (keyof ChipColors)[]): Declarations {
  const palette = chipPalette(scheme);
  const out: Declarations = {};
  for (const name of CHIP_COLOR_NAMES) {
    for (const [part, value] of Object.entries(palette[name]) as [keyof ChipColors, string][]) {
      if (!parts || parts.includes(part)) out[chipColorProperty(name, part)] = value;
    }
  }
  return out;
}

/**
 * The dark theme's palette (ADR 053): every `--color-{hue}-{shade}` of Tailwind's palette with the light value
 * of `darkShade(hue, shade)`, and `--color-white` with the card surface's. Literal values: a `var()` to
 * another shade would be a cycle once both are remapped.
 */
function darkPalette(): Declarations {
  const palette: Record<string, string | Record<string, string>> = colors; // hue → shade → value
  const out: Declarations = {};
  for (const [hue, shades] of Object.entries(palette)) {
    if (typeof shades !== 'object') continue; // black, white, transparent, current, inherit
    for (const shade of SHADES) {
      const to = darkShade(hue, shade);
      const value = to === 'white' ? colors.white : shades[to];
      if (value) out[`--color-${hue}-${shade}`] = value;
    }
  }
  out['--color-white'] = colors[DARK_WHITE.hue][DARK_WHITE.shade];
  return out;
}

/**
 * FamilyHub's themes as a Tailwind plugin (`@plugin` in styles.css, run at build time): the calendar chips'
 * colours as custom properties (light by default, dark under `prefers-color-scheme: dark` on screens, black
 * text in print), and the dark theme's remapped palette. Print always uses the light theme.
 */
export default plugin(({ addBase }) => {
  addBase({
    ':root': chipProperties('light'),
    '@media screen and (prefers-color-scheme: dark)': {
      ':root': { ...darkPalette(), ...chipProperties('dark') },
    },
    '@media print': {
      ':root': Object.fromEntries(
        CHIP_COLOR_NAMES.map((name) => [chipColorProperty(name, 'text'), '#000000']),
      ),
    },
  });
});
