import { describe, expect, it } from 'vitest';
import { isPhoneRegion, toE164 } from './phone.ts';

describe('toE164', () => {
  it.each([
    ['+14155550123', 'US', '+14155550123'],
    ['(415) 555-0123', 'US', '+14155550123'],
    ['415.555.2671', 'US', '+14155552671'],
    ['+44 20 7946 0958', 'US', '+442079460958'],
    ['020 7946 0958', 'GB', '+442079460958'],
    ['06 12 34 56 78', 'FR', '+33612345678'],
  ] as const)('%s read in %s → %s', (raw, region, expected) => {
    expect(toE164(raw, region)).toBe(expected);
  });

  it.each([['+1234567890'], ['12345'], ['020 7946 0958'], ['not a phone'], ['']])(
    'refuses %j in US',
    (raw) => {
      expect(toE164(raw, 'US')).toBeNull();
    },
  );
});

describe('isPhoneRegion', () => {
  it('knows ISO regions and nothing else', () => {
    expect(isPhoneRegion('US')).toBe(true);
    expect(isPhoneRegion('GB')).toBe(true);
    expect(isPhoneRegion('XX')).toBe(false);
    expect(isPhoneRegion('us')).toBe(false);
    expect(isPhoneRegion(undefined)).toBe(false);
  });
});
