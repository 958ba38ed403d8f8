/**
 * A member's initials (SPEC §3): the first letter of each word of the name, at most two, uppercased.
 * Letters are taken by code point, so an emoji or accented first letter stays whole.
 *
 * @example initials('Maya Lopez Garcia') === 'ML'; initials('  grandma ') === 'G'; initials('') === ''
 */
export function initials(name: string): string {
  return name
    .trim()
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((word) => Array.from(word)[0]?.toUpperCase() ?? '')
    .join('');
}
