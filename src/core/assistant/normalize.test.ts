import { describe, expect, it } from 'vitest';
import { editDistance, firstNameKey, normalizeQuestion, stem, wordsMatch } from './normalize.ts';

describe('normalizeQuestion', () => {
  it.each([
    ["What's on 2moro?? 😀", 'what is on tomorrow'],
    ['WATS HAPPENING TMRW', 'what is happening tomorrow'],
    ['Maya’s tasks', "maya's tasks"],
    ['is sam free @ 4:30', 'is sam free at 4:30'],
    ['whos picking up leo thurs', 'who is picking up leo thursday'],
    ['pls what is on 12/5 thx', 'what is on 12/5'],
    ['👍🏽', ''],
    ["'quoted' words", 'quoted words'],
    ['wheres the dentist', 'where is the dentist'],
    ['whats on turkey day', 'what is on thanksgiving'],
    ['plans for tgiving?', 'plans for thanksgiving'],
    ['wot time is ballet', 'what time is ballet'],
    ['whos takin me, whos gettin me', 'who is taking me who is getting me'],
    ['is ther art club', 'is there art club'],
    ['did i do my history hw', 'did i do my history homework'],
  ])('%j → %j', (text, expected) => {
    expect(normalizeQuestion(text)).toBe(expected);
  });

  it('leaves the family’s first names alone even when they look like shorthand', () => {
    expect(normalizeQuestion('is sat free', new Set(['sat']))).toBe('is sat free');
    expect(normalizeQuestion('is sat free')).toBe('is saturday free');
  });
});

describe('word matching', () => {
  it('computes edit distance with adjacent swaps', () => {
    expect(editDistance('soccer', 'soccer')).toBe(0);
    expect(editDistance('socer', 'soccer')).toBe(1);
    expect(editDistance('scocer', 'soccer')).toBe(1);
    expect(editDistance('', 'abc')).toBe(3);
  });

  it('stems plurals and possessives', () => {
    expect(stem('lessons')).toBe('lesson');
    expect(stem("grandma's")).toBe('grandma');
    expect(stem('classes')).toBe('class');
    expect(stem('class')).toBe('class');
    // A plural of an -ing noun meets the noun: "spellings" and "Spelling homework".
    expect(stem('spellings')).toBe(stem('spelling'));
    expect(wordsMatch('spellings', 'spelling')).toBe(true);
  });

  it.each([
    ['soccer', 'soccer', true],
    ['socer', 'soccer', true],
    ['pianno', 'piano', true],
    ['ortho', 'orthodontist', true],
    ['lessons', 'lesson', true],
    ['swim', 'swimming', true],
    ['art', 'party', false],
    ['ca', 'card', false],
    ['book', 'books', true],
    ['piano', 'soccer', false],
  ])('%s ~ %s: %s', (typed, title, expected) => {
    expect(wordsMatch(typed, title)).toBe(expected);
  });

  it('keys members by first name, lowercased and without accents', () => {
    expect(firstNameKey('José Luis Pérez')).toBe('jose');
    expect(firstNameKey('  Maya  ')).toBe('maya');
  });
});
