import { describe, expect, it } from 'vitest';
import { BULLET_CHAR, bulletsToText, hasBulletMarker, textToBullets } from './bullets.ts';

describe('hasBulletMarker', () => {
  it.each([
    ['• milk', true],
    ['- milk', true],
    ['* milk', true],
    ['intro\n  - indented dash', true],
    ['-', true],
    ['windows\r\n* crlf', true],
    ['plain text', false],
    ['-5 degrees tonight', false],
    ['*bold* words', false],
    ['a - b in the middle', false],
    ['', false],
  ])('%j → %s', (content, expected) => {
    expect(hasBulletMarker(content)).toBe(expected);
  });
});

describe('textToBullets', () => {
  it('strips bullet, dash and asterisk markers and drops blank lines', () => {
    expect(textToBullets('• milk\n- eggs\n\n* bread\n   \n  •   butter  ')).toEqual([
      'milk',
      'eggs',
      'bread',
      'butter',
    ]);
  });

  it('keeps lines without a marker as bullets, so no text is lost', () => {
    expect(textToBullets('Weekend plan\nzoo then lunch\r\n-5 degrees')).toEqual([
      'Weekend plan',
      'zoo then lunch',
      '-5 degrees',
    ]);
  });

  it('gives one empty bullet for empty or blank text', () => {
    expect(textToBullets('')).toEqual(['']);
    expect(textToBullets(' \n\t\n')).toEqual(['']);
  });
});

describe('bulletsToText', () => {
  it('joins bullets as lines prefixed with the bullet character (SPEC §4)', () => {
    expect(bulletsToText(['milk', 'eggs'])).toBe(`${BULLET_CHAR} milk\n${BULLET_CHAR} eggs`);
  });

  it('drops blank bullets, trims, and folds whitespace runs', () => {
    expect(bulletsToText(['', '  milk  ', '   ', 'two\tspaces  here'])).toBe('• milk\n• two spaces here');
    expect(bulletsToText([''])).toBe('');
    expect(bulletsToText([])).toBe('');
  });
});

describe('round trips', () => {
  it('bullets → text → bullets gives the same non-blank bullets', () => {
    const bullets = ['milk', 'eggs (a dozen)', '- not a marker inside', 'crème brûlée'];
    expect(textToBullets(bulletsToText(bullets))).toEqual(bullets);
  });

  it('text → bullets → text keeps every word, with markers normalised to the bullet character', () => {
    const text = 'Groceries\n- milk\n* eggs\n• bread';
    const once = bulletsToText(textToBullets(text));
    expect(once).toBe('• Groceries\n• milk\n• eggs\n• bread');
    for (const word of ['Groceries', 'milk', 'eggs', 'bread']) expect(once).toContain(word);
  });

  it('is stable after the first conversion (switching back and forth changes nothing more)', () => {
    const text = 'first line\n\n  - second\n*third';
    const once = bulletsToText(textToBullets(text));
    expect(bulletsToText(textToBullets(once))).toBe(once);
    expect(textToBullets(bulletsToText(textToBullets(text)))).toEqual(textToBullets(text));
  });

  it('converted text opens in Bullets mode again', () => {
    expect(hasBulletMarker(bulletsToText(['a', 'b']))).toBe(true);
  });
});
