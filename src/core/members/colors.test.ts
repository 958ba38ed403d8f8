import { describe, expect, it } from 'vitest';
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

/** OKLCH → linear sRGB (Björn Ottosson's OKLab matrices), clipped to the gamut as browsers do. */
function linearRgb([l, c, h]: [number, number, number]): [number, number, number] {
  const a = c * Math.cos((h * Math.PI) / 180);
  const b = c * Math.sin((h * Math.PI) / 180);
  const l3 = (l + 0.3963377774 * a + 0.2158037573 * b) ** 3;
  const m3 = (l - 0.1055613458 * a - 0.0638541728 * b) ** 3;
  const s3 = (l - 0.0894841775 * a - 1.291485548 * b) ** 3;
  const clip = (x: number) => Math.min(1, Math.max(0, x));
  return [
    clip(4.0767416621 * l3 - 3.3077115913 * m3 + 0.2309699292 * s3),
    clip(-1.2684380046 * l3 + 2.6097574011 * m3 - 0.3413193965 * s3),
    clip(-0.0041960863 * l3 - 0.7034186147 * m3 + 1.707614701 * s3),
  ];
}

/** WCAG 2.2 contrast ratio (relative luminance from linear sRGB). */
function contrast(x: [number, number, number], y: [number, number, number]): number {
  const luminance = (color: [number, number, number]) => {
    const [r, g, b] = linearRgb(color);
    return 0.2126 * r + 0.7152 * g + 0.0722 * b;
  };
  const [hi, lo] = [luminance(x), luminance(y)].sort((p, q) => q - p) as [number, number];
  return (hi + 0.05) / (lo + 0.05);
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
});
