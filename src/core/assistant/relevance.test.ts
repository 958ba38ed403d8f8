import { describe, expect, it } from 'vitest';
import { familyMatcher } from './normalize.ts';
import { relevance } from './relevance.ts';

// A family whose titles are these (issue 43 round 7): its own words mean only themselves.
const TITLES = ['Cake sale', 'Book club', 'Haircut', 'Piano', "Nan's 70th", 'Office party', 'Swim meet'];
const match = familyMatcher(TITLES.flatMap((t) => t.toLowerCase().split(' ')));
const enough = (words: string[], title: string) => relevance(words, title, null, match).enough;

describe('relevance (issue 43 round 7)', () => {
  it('matches words run together or split apart', () => {
    expect(enough(['bookclub'], 'Book club')).toBe(true);
    expect(enough(['hair', 'cut'], 'Haircut')).toBe(true);
    expect(enough(['swimmeet'], 'Swim meet')).toBe(true);
    expect(enough(['book'], 'Haircut')).toBe(false);
  });

  it('takes one two-edit typo of a short word only beside a word that matches', () => {
    expect(enough(['cake', 'sail'], 'Cake sale')).toBe(true);
    expect(enough(['cake', 'sell'], 'Cake sale')).toBe(true);
    expect(enough(['sail'], 'Cake sale')).toBe(false);
    expect(enough(['bike', 'sale'], 'Cake sale')).toBe(false);
    // A word of the family's own is never a typo of another: "book" is not "cake".
    expect(enough(['book', 'sale'], 'Cake sale')).toBe(false);
  });

  it('lets a kind word the title leaves out go unmatched when another word matches', () => {
    expect(enough(['piano', 'lesson'], 'Piano')).toBe(true);
    expect(enough(['lesson'], 'Piano')).toBe(false);
    expect(enough(['chess', 'club'], 'Book club')).toBe(false);
  });

  it('reads a birthday or party word as an age in the title', () => {
    expect(enough(['nans', 'party'], "Nan's 70th")).toBe(true);
    expect(enough(['nans', 'birthday'], "Nan's 70th")).toBe(true);
    expect(enough(['office', 'birthday'], "Nan's 70th")).toBe(false);
  });
});
