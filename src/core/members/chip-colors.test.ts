import { describe, expect, it } from 'vitest';
import { MEMBER_COLORS } from './colors.ts';
import { cssToLinearRgb, oklabDistance } from '../../../test/colors/wcag.ts';
import {
  CHIP_COLOR_NAMES,
  CHIP_SURFACES,
  chipColors,
  chipColorVars,
  chipPalette,
  DARK_NEUTRAL_CHIP_COLORS,
  MEMBER_BASE_HEX,
  NEUTRAL_CHIP_COLORS,
} from './chip-colors.ts';

// WCAG 2.2's relative luminance and contrast ratio written out here, independently of the colour library.
function luminance(hex: string): number {
  const channel = (i: number) => {
    const c = parseInt(hex.slice(1 + 2 * i, 3 + 2 * i), 16) / 255;
    return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * channel(0) + 0.7152 * channel(1) + 0.0722 * channel(2);
}
function contrast(a: string, b: string): number {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (hi + 0.05) / (lo + 0.05);
}
const WHITE = '#ffffff';
const PAGE_BACKGROUNDS = [WHITE, '#f8fafc' /* slate-50: out-of-month cells */];

describe('chip colours', () => {
  it.each([...MEMBER_COLORS])('%s: every pair meets WCAG AA', (name) => {
    const c = chipColors(name);
    expect(contrast(c.text, c.background)).toBeGreaterThanOrEqual(4.5);
    expect(contrast(WHITE, c.solid)).toBeGreaterThanOrEqual(4.5);
    for (const page of PAGE_BACKGROUNDS) expect(contrast(c.edge, page)).toBeGreaterThanOrEqual(3);
    expect(contrast(c.edge, c.background)).toBeGreaterThanOrEqual(3);
    // The chip's background still reads as its member's colour: a light tint, not white or grey.
    expect(c.background).not.toBe(WHITE);
    expect(luminance(c.background)).toBeGreaterThan(0.6);
  });

  it('derives from the member hue: each colour gets its own text and background', () => {
    const all = MEMBER_COLORS.map((name) => chipColors(name));
    expect(new Set(all.map((c) => c.text)).size).toBe(MEMBER_COLORS.length);
    expect(new Set(all.map((c) => c.background)).size).toBe(MEMBER_COLORS.length);
    // Blue's text is bluish: its blue channel leads.
    const blue = chipColors('blue').text;
    expect(parseInt(blue.slice(5, 7), 16)).toBeGreaterThan(parseInt(blue.slice(1, 3), 16));
    // Colours already dark enough are kept as they are (indigo 600 is 6.3:1 on its tint).
    expect(chipColors('indigo').solid).toBe(MEMBER_BASE_HEX.indigo);
  });

  it('an unknown stored colour draws as blue; the neutral colours pass too', () => {
    expect(chipColors('teal')).toEqual(chipColors('blue'));
    expect(contrast(NEUTRAL_CHIP_COLORS.text, NEUTRAL_CHIP_COLORS.background)).toBeGreaterThanOrEqual(4.5);
    expect(contrast(WHITE, NEUTRAL_CHIP_COLORS.solid)).toBeGreaterThanOrEqual(4.5);
    expect(contrast(NEUTRAL_CHIP_COLORS.edge, WHITE)).toBeGreaterThanOrEqual(3);
  });
});

describe('chip colours in the dark theme (ADR 053)', () => {
  const { card, page } = CHIP_SURFACES.dark;

  it.each([...MEMBER_COLORS])('%s: every pair meets WCAG AA on the dark card and page', (name) => {
    const c = chipColors(name, 'dark');
    expect(contrast(c.text, c.background)).toBeGreaterThanOrEqual(4.5);
    // Initials on `solid` are drawn in `text-white`, which is the card colour in the dark theme.
    expect(contrast(card, c.solid)).toBeGreaterThanOrEqual(4.5);
    for (const bg of [card, page, c.background]) expect(contrast(c.edge, bg)).toBeGreaterThanOrEqual(3);
    // A deep tint of the member's colour: darker than the text on it, not the card itself.
    expect(c.background).not.toBe(card);
    expect(luminance(c.background)).toBeLessThan(0.1);
  });

  it('the neutral chip passes too, and the palette lists every name in both themes', () => {
    const n = DARK_NEUTRAL_CHIP_COLORS;
    expect(contrast(n.text, n.background)).toBeGreaterThanOrEqual(4.5);
    expect(contrast(card, n.solid)).toBeGreaterThanOrEqual(4.5);
    for (const bg of [card, page, n.background]) expect(contrast(n.edge, bg)).toBeGreaterThanOrEqual(3);
    expect(Object.keys(chipPalette('dark'))).toEqual([...CHIP_COLOR_NAMES]);
    expect(chipPalette('light').none).toBe(NEUTRAL_CHIP_COLORS);
    expect(chipPalette('dark').blue).toEqual(chipColors('blue', 'dark'));
  });

  it('the members stay apart from each other in both themes (OKLab distance)', () => {
    const closest = (scheme: 'light' | 'dark', part: 'background' | 'text' | 'edge' | 'solid') => {
      let min = Number.POSITIVE_INFINITY;
      for (const a of MEMBER_COLORS) {
        for (const b of MEMBER_COLORS) {
          if (a < b) {
            const [x, y] = [chipColors(a, scheme)[part], chipColors(b, scheme)[part]];
            min = Math.min(min, oklabDistance(cssToLinearRgb(x), cssToLinearRgb(y)));
          }
        }
      }
      return min;
    };
    // The closest pair (blue and indigo) in each part: the edge, the text and the badges say whose event it is,
    // at least twice a just-noticeable difference (~0.02) apart; the dark theme keeps 80% of the light's spacing.
    for (const part of ['edge', 'text', 'solid'] as const) {
      expect(closest('light', part), part).toBeGreaterThan(0.04);
      expect(closest('dark', part), part).toBeGreaterThan(0.04);
    }
    for (const part of ['background', 'edge', 'text', 'solid'] as const) {
      expect(closest('dark', part), part).toBeGreaterThanOrEqual(0.8 * closest('light', part));
    }
  });

  it('the light colours are unchanged by the dark theme, and each name has its own', () => {
    expect(chipColors('blue')).toBe(chipColors('blue', 'light'));
    expect(chipColors('blue', 'dark')).not.toEqual(chipColors('blue'));
    expect(new Set(MEMBER_COLORS.map((n) => chipColors(n, 'dark').background)).size).toBe(
      MEMBER_COLORS.length,
    );
  });
});

describe('chipColorVars', () => {
  it('names the custom properties of the style sheet; an unknown colour is blue, none is the neutral chip', () => {
    expect(chipColorVars('green')).toEqual({
      background: 'var(--chip-green-background)',
      text: 'var(--chip-green-text)',
      edge: 'var(--chip-green-edge)',
      solid: 'var(--chip-green-solid)',
    });
    expect(chipColorVars('teal')).toEqual(chipColorVars('blue'));
    expect(chipColorVars(null).text).toBe('var(--chip-none-text)');
  });
});
