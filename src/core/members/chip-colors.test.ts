import { describe, expect, it } from 'vitest';
import { MEMBER_COLORS } from './colors.ts';
import { chipColors, MEMBER_BASE_HEX, NEUTRAL_CHIP_COLORS } from './chip-colors.ts';

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
