import { describe, expect, it } from 'vitest';
import { initials } from './initials.ts';

describe('initials (SPEC §3: first letters of words, at most 2, uppercased)', () => {
  it.each([
    ['Maya Lopez Garcia', 'ML'],
    ['ana rivera', 'AR'],
    ['  grandma ', 'G'],
    ['Mary-Jane  Watson', 'MW'],
    ['', ''],
    ['   ', ''],
    ['élodie ørsted', 'ÉØ'],
    ['😀 Smile', '😀S'],
  ])('%j → %j', (name, expected) => {
    expect(initials(name)).toBe(expected);
  });
});
