import colors from 'tailwindcss/colors';
import { describe, expect, it } from 'vitest';
import { contrast, cssToLinearRgb, type LinearRgb } from '../../../test/colors/wcag.ts';
import { DARK_WHITE, darkShade, SHADES, type Shade } from './dark-palette.ts';

// Tailwind 4's palette as the CSS has it (tailwind-theme.ts writes the dark theme from the same values).
const PALETTE = Object.entries(colors).filter(
  (entry): entry is [string, Record<Shade, string>] => typeof entry[1] === 'object',
);
const HUES = PALETTE.map(([hue]) => hue);
const shadesOf = (hue: string): Record<Shade, string> => {
  const found = PALETTE.find(([h]) => h === hue);
  if (!found) throw new Error(`no Tailwind hue ${hue}`);
  return found[1];
};

/** A class's colour (`white` or a hue's shade) in one theme, as `--color-*` holds it there. */
function themed(color: 'white' | [string, Shade], dark: boolean): LinearRgb {
  if (color === 'white')
    return cssToLinearRgb(dark ? shadesOf(DARK_WHITE.hue)[DARK_WHITE.shade] : colors.white);
  const [hue, shade] = color;
  const to = dark ? darkShade(hue, shade) : shade;
  return cssToLinearRgb(to === 'white' ? colors.white : shadesOf(hue)[to]);
}

type Color = 'white' | [string, Shade];
const name = (c: Color) => (c === 'white' ? 'white' : `${c[0]}-${c[1]}`);

/**
 * The pairs the app draws text in: a text shade (600–950, or white) of a hue on a light background (white, or
 * 50–200 of the same hue or of slate, the app's grey), and white text on a fill (500–700). Shade 600 as text
 * only on the card and page (white, 50): the app's 600 text is icons on cards.
 */
function textPairs(hue: string): [Color, Color][] {
  const pairs: [Color, Color][] = [];
  const backgrounds = (textShade: Shade): Color[] => {
    const tints: Shade[] = textShade === '600' ? ['50'] : ['50', '100', '200'];
    return [
      'white',
      ...tints.flatMap((s): Color[] => [
        [hue, s],
        ['slate', s],
      ]),
    ];
  };
  for (const text of ['600', '700', '800', '900', '950'] as const) {
    for (const bg of backgrounds(text)) pairs.push([[hue, text], bg]);
  }
  for (const fill of ['500', '600', '700'] as const) pairs.push(['white', [hue, fill]]);
  return pairs;
}

describe('the dark theme palette (ADR 053)', () => {
  it('maps every shade of every Tailwind hue to a colour Tailwind has', () => {
    expect(HUES).toEqual(expect.arrayContaining(['slate', 'indigo', 'amber', 'red', 'green', 'emerald']));
    for (const hue of HUES) {
      for (const shade of SHADES) {
        const to = darkShade(hue, shade);
        expect(to === 'white' || shadesOf(hue)[to] !== undefined, `${hue}-${shade}`).toBe(true);
      }
    }
  });

  it.each(HUES)(
    '%s: every text pair that meets WCAG AA (4.5:1) in the light theme meets it in the dark',
    (hue) => {
      const failing: string[] = [];
      for (const [text, bg] of textPairs(hue)) {
        if (contrast(themed(text, false), themed(bg, false)) < 4.5) continue;
        const dark = contrast(themed(text, true), themed(bg, true));
        if (dark < 4.5) failing.push(`${name(text)} on ${name(bg)}: ${dark.toFixed(2)}`);
      }
      expect(failing).toEqual([]);
    },
  );

  it('keeps the surfaces in layers: the page under the card, tints above it, borders visible on the card', () => {
    const luminance = ([r, g, b]: LinearRgb) => 0.2126 * r + 0.7152 * g + 0.0722 * b;
    const page = themed(['slate', '50'], true);
    const card = themed('white', true);
    const tint = themed(['slate', '100'], true);
    const border = themed(['slate', '200'], true);
    expect(luminance(page)).toBeLessThan(luminance(card));
    expect(luminance(card)).toBeLessThan(luminance(tint));
    expect(luminance(tint)).toBeLessThan(luminance(border));
    // WCAG 2.2 SC 1.4.11 asks 3:1 only of borders that identify a control; an input's (slate-300) has it.
    expect(contrast(themed(['slate', '300'], true), card)).toBeGreaterThanOrEqual(1.9);
    expect(contrast(themed(['slate', '600'], true), card)).toBeGreaterThanOrEqual(4.5);
  });

  it('the check can fail: the light palette left as it is on the dark card would not pass', () => {
    const slate700 = cssToLinearRgb(colors.slate['700']);
    expect(contrast(slate700, themed('white', true))).toBeLessThan(4.5);
    expect(darkShade('slate', '700')).toBe('200');
    expect(darkShade('indigo', '600')).toBe('400');
  });
});
