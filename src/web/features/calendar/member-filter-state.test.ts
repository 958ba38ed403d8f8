import { describe, expect, it } from 'vitest';
import { formatMembersParam, parseMembersParam } from './member-filter-state.ts';

const MEMBERS = [3, 7, 12];

describe('parseMembersParam', () => {
  it('reads no text as everyone and `none` as nobody', () => {
    expect(parseMembersParam(null, MEMBERS)).toBeNull();
    expect(parseMembersParam('none', MEMBERS)).toEqual(new Set());
  });

  it('keeps the ids that are members and drops the others', () => {
    expect(parseMembersParam('7,3', MEMBERS)).toEqual(new Set([3, 7]));
    expect(parseMembersParam('7,99,abc', MEMBERS)).toEqual(new Set([7]));
  });

  it("reads a text naming no member (another family's link, members gone) as everyone", () => {
    expect(parseMembersParam('99,100', MEMBERS)).toBeNull();
    expect(parseMembersParam('', MEMBERS)).toBeNull();
  });
});

describe('formatMembersParam', () => {
  it('writes everyone as no text, so that a member added later shows too', () => {
    expect(formatMembersParam(new Set([12, 3, 7]), MEMBERS)).toBeNull();
  });

  it('writes nobody as `none` and a selection as its ids in ascending order', () => {
    expect(formatMembersParam(new Set(), MEMBERS)).toBe('none');
    expect(formatMembersParam(new Set([12, 3]), MEMBERS)).toBe('3,12');
  });

  it('reads back what it writes', () => {
    for (const selected of [new Set<number>(), new Set([7]), new Set([3, 12])]) {
      expect(parseMembersParam(formatMembersParam(selected, MEMBERS), MEMBERS)).toEqual(selected);
    }
  });
});
