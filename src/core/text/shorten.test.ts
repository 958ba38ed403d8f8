import { describe, expect, it } from 'vitest';
import { shorten, startOf } from './shorten.ts';

/** True when `text` holds a surrogate without its other half. */
const hasLoneSurrogate = (text: string) =>
  /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/.test(text);

describe('startOf and shorten', () => {
  it('leave text that fits as it is', () => {
    expect(startOf('party 🎉', 8)).toBe('party 🎉');
    expect(shorten('party 🎉', 8)).toBe('party 🎉');
  });

  it('never cut an emoji in half (a surrogate pair across the cut)', () => {
    const text = `${'a'.repeat(9)}😀 and more`;
    expect(startOf(text, 10)).toBe('a'.repeat(9));
    expect(shorten(text, 11)).toBe(`${'a'.repeat(9)}…`);
    for (let max = 1; max <= text.length; max += 1) {
      expect(hasLoneSurrogate(startOf(text, max)), String(max)).toBe(false);
      expect(hasLoneSurrogate(shorten(text, max)), String(max)).toBe(false);
    }
  });

  it('cut between what a person sees as one character: flags, joined emoji, combining accents', () => {
    expect(startOf('🇳🇿🇳🇿', 6)).toBe('🇳🇿'); // a flag is two regional indicators, four code units
    expect(startOf('hi 👨‍👩‍👧!', 9)).toBe('hi '); // the family is eight code units joined by U+200D
    expect(startOf('cafe\u0301s', 4)).toBe('caf'); // e + combining acute is one character
  });

  it('count the budget in UTF-16 code units, "…" included', () => {
    expect(shorten('ab😀cd', 4)).toBe('ab…');
    expect(shorten('ab😀cd', 5)).toBe('ab😀…');
    expect(shorten('abcdef', 4).length).toBe(4);
  });
});
