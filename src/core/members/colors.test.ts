import { describe, expect, it } from 'vitest';
import colors from 'tailwindcss/colors';
import {
  contrast as wcagContrast,
  cssToLinearRgb,
  oklabDistance,
  oklchToLinearRgb,
  type LinearRgb,
} from '../../../test/colors/wcag.ts';
import { DARK_WHITE, darkShade, type Shade } from '../theme/dark-palette.ts';
import { MEMBER_COLOR_TOKENS, MEMBER_COLORS, isMemberColor, memberColorTokens, roleLabel } from './colors.ts';

// Tailwind CSS 4.3 palette (node_modules/tailwindcss/theme.css), as OKLCH [lightness 0..1, chroma, hue°].
// Only the shades the tokens use. If a token moves to another shade, add that shade here.
const TAILWIND_OKLCH: Record<string, [number, number, number]> = {
  'blue-100': [0.932, 0.032, 255.585],
  'blue-600': [0.546, 0.245, 262.881],
  'blue-800': [0.424, 0.199, 265.638],
  'green-100': [0.962, 0.044, 156.743],
  'green-600': [0.627, 0.194, 149.214],
  'green-800': [0.448, 0.119, 151.328],
  'yellow-100': [0.973, 0.071, 103.193],
  'yellow-600': [0.681, 0.162, 75.834],
  'yellow-700': [0.554, 0.135, 66.442],
  'yellow-800': [0.476, 0.114, 61.907],
  'purple-100': [0.946, 0.033, 307.174],
  'purple-600': [0.558, 0.288, 302.321],
  'purple-800': [0.438, 0.218, 303.724],
  'pink-100': [0.948, 0.028, 342.258],
  'pink-600': [0.592, 0.249, 0.584],
  'pink-800': [0.459, 0.187, 3.815],
  'orange-100': [0.954, 0.038, 75.164],
  'orange-600': [0.646, 0.222, 41.116],
  'orange-800': [0.47, 0.157, 37.304],
  'red-100': [0.936, 0.032, 17.717],
  'red-600': [0.577, 0.245, 27.325],
  'red-800': [0.444, 0.177, 26.899],
  'indigo-100': [0.93, 0.034, 272.788],
  'indigo-600': [0.511, 0.262, 276.966],
  'indigo-800': [0.398, 0.195, 277.366],
};
const WHITE: [number, number, number] = [1, 0, 0];

/** WCAG 2.2 contrast of two OKLCH colours. */
function contrast(x: [number, number, number], y: [number, number, number]): number {
  return wcagContrast(oklchToLinearRgb(x), oklchToLinearRgb(y));
}

function shade(token: string): [number, number, number] {
  const key = token.replace(/^(bg|text|ring)-/, '');
  const value = TAILWIND_OKLCH[key];
  if (!value) throw new Error(`no OKLCH value recorded for ${token}`);
  return value;
}

describe('member colour tokens', () => {
  it('cover exactly the eight palette colours of SPEC §3', () => {
    expect(Object.keys(MEMBER_COLOR_TOKENS).sort()).toEqual([...MEMBER_COLORS].sort());
    expect(MEMBER_COLORS).toHaveLength(8);
  });

  it.each(MEMBER_COLORS)('%s: text on background meets WCAG AA 4.5:1', (color) => {
    const t = MEMBER_COLOR_TOKENS[color];
    expect(contrast(shade(t.text), shade(t.background))).toBeGreaterThanOrEqual(4.5);
  });

  it.each(MEMBER_COLORS)('%s: the dot on a white card meets WCAG AA non-text 3:1', (color) => {
    expect(contrast(shade(MEMBER_COLOR_TOKENS[color].dot), WHITE)).toBeGreaterThanOrEqual(3);
  });

  it('the contrast maths is right: yellow 600 on white fails 3:1, black on white is 21:1', () => {
    expect(contrast(shade('bg-yellow-600'), WHITE)).toBeLessThan(3);
    expect(contrast([0, 0, 0], WHITE)).toBeCloseTo(21, 5);
  });

  it('are whole literal Tailwind class names in the colour’s own hue', () => {
    for (const color of MEMBER_COLORS) {
      const t = MEMBER_COLOR_TOKENS[color];
      expect(t.background).toMatch(new RegExp(`^bg-${color}-\\d{3}$`));
      expect(t.text).toMatch(new RegExp(`^text-${color}-\\d{3}$`));
      expect(t.dot).toMatch(new RegExp(`^bg-${color}-\\d{3}$`));
      expect(t.label.toLowerCase()).toBe(color);
    }
  });

  it('draws an unknown stored colour (the old teal) as blue', () => {
    expect(isMemberColor('teal')).toBe(false);
    expect(memberColorTokens('teal')).toBe(MEMBER_COLOR_TOKENS.blue);
    expect(memberColorTokens('pink')).toBe(MEMBER_COLOR_TOKENS.pink);
  });

  it('labels roles with a capital', () => {
    expect(roleLabel('parent')).toBe('Parent');
    expect(roleLabel('child')).toBe('Child');
  });

  describe('in the dark theme (ADR 053: the palette remapped, `darkShade`)', () => {
    /** A token's colour in the dark theme, from Tailwind's own palette. */
    const dark = (token: string): LinearRgb => {
      const [, hue = '', shade = ''] = /^[a-z]+-([a-z]+)-(\d{2,3})$/.exec(token) ?? [];
      const palette: Record<string, string | Record<string, string>> = colors;
      const shades = palette[hue];
      const to = darkShade(hue, shade as Shade); // the token patterns above hold Tailwind shades only
      const value = to === 'white' ? colors.white : typeof shades === 'object' ? shades[to] : undefined;
      if (!value) throw new Error(`no Tailwind colour for ${token}`);
      return cssToLinearRgb(value);
    };
    const card = cssToLinearRgb(colors[DARK_WHITE.hue][DARK_WHITE.shade]);

    it.each(MEMBER_COLORS)('%s: text on background meets WCAG AA 4.5:1', (color) => {
      const t = MEMBER_COLOR_TOKENS[color];
      expect(wcagContrast(dark(t.text), dark(t.background))).toBeGreaterThanOrEqual(4.5);
    });

    it.each(MEMBER_COLORS)(
      '%s: the dot on the dark card, and the check mark on the dot, meet 3:1',
      (color) => {
        const dot = dark(MEMBER_COLOR_TOKENS[color].dot);
        expect(wcagContrast(dot, card)).toBeGreaterThanOrEqual(3);
        // `text-white` on the dot (the member filter's check mark) is the card colour in the dark theme.
        expect(wcagContrast(card, dot)).toBeGreaterThanOrEqual(3);
      },
    );

    it('the colours stay as far apart as in the light theme (OKLab distance)', () => {
      const closest = (part: 'background' | 'text' | 'dot', colorOf: (token: string) => LinearRgb) => {
        let min = Number.POSITIVE_INFINITY;
        for (const a of MEMBER_COLORS) {
          for (const b of MEMBER_COLORS) {
            if (a >= b) continue;
            const distance = oklabDistance(
              colorOf(MEMBER_COLOR_TOKENS[a][part]),
              colorOf(MEMBER_COLOR_TOKENS[b][part]),
            );
            min = Math.min(min, distance);
          }
        }
        return min;
      };
      const light = (token: string) => oklchToLinearRgb(shade(token));
      for (const part of ['background', 'text', 'dot'] as const) {
        expect(closest(part, dark), part).toBeGreaterThanOrEqual(Math.min(0.02, closest(part, light)));
      }
      // The dots, which tell members apart on the cards, are clearly apart in both themes.
      expect(closest('dot', light)).toBeGreaterThan(0.06);
      expect(closest('dot', dark)).toBeGreaterThan(0.06);
    });
  });
});
