import { describe, expect, it } from 'vitest';
import { nearness, prefixQuery, SEARCH_TERMS_MAX, searchTerms, snippetOf } from './terms.ts';

describe('searchTerms', () => {
  it('keeps runs of letters and digits of any script, once each, without one-letter noise', () => {
    expect(searchTerms("Maya's  piano, 3:30!")).toEqual(['Maya', 'piano', '30']);
    expect(searchTerms('Ärztin für Léa')).toEqual(['Ärztin', 'für', 'Léa']);
    expect(searchTerms('soccer SOCCER Soccer')).toEqual(['soccer']);
    expect(searchTerms('a')).toEqual(['a']);
    expect(searchTerms('&!|:*() \'"')).toEqual([]);
    expect(searchTerms('one two three four five six seven eight nine ten')).toHaveLength(SEARCH_TERMS_MAX);
  });

  it('quotes every term as a prefix, so nothing reads as query syntax', () => {
    expect(prefixQuery(['ortho', 'maya'])).toBe("'ortho':* & 'maya':*");
  });
});

describe('snippetOf', () => {
  const long = `${'Pack the bag the night before. '.repeat(8)}Bring the permission slip signed by a parent. ${'Lunch is provided on the day. '.repeat(8)}`;

  it('shows a short text whole, flattened, and a long one around the first match with ellipses', () => {
    expect(snippetOf('Bring\n\nflowers', ['flowers'])).toBe('Bring flowers');
    const cut = snippetOf(long, ['permission']);
    expect(cut).toContain('permission slip');
    expect(cut.startsWith('…') && cut.endsWith('…')).toBe(true);
    expect(cut.length).toBeLessThanOrEqual(162);
    expect(snippetOf(long, ['nothing']).startsWith('Pack the bag')).toBe(true);
    expect(snippetOf('', ['x'])).toBe('');
  });

  it('matches a word start only, ignoring case', () => {
    expect(snippetOf(`${'x '.repeat(100)}Ortho visit`, ['ortho'])).toContain('Ortho visit');
    expect(snippetOf(`${'y '.repeat(100)}the orthodontist`, ['dontist']).startsWith('y y')).toBe(true);
  });
});

describe('nearness', () => {
  it('is 1 today, 0.5 thirty days either way, and 0.5 without a date', () => {
    expect(nearness(0)).toBe(1);
    expect(nearness(30)).toBe(0.5);
    expect(nearness(-30)).toBe(0.5);
    expect(nearness(null)).toBe(0.5);
  });
});
