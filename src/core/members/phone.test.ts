import { describe, expect, it } from 'vitest';
import { formatPhone, isPhoneRegion, phoneRegionOfZone, toE164 } from './phone.ts';

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

describe('formatPhone (issue 21)', () => {
  it('shows a number of the family’s region in national format, others internationally', () => {
    expect(formatPhone('+14155550123', phoneRegionOfZone('America/Los_Angeles'))).toBe('(415) 555-0123');
    expect(formatPhone('+442079460958', phoneRegionOfZone('Europe/London'))).toBe('020 7946 0958');
    expect(formatPhone('+442079460958', phoneRegionOfZone('America/New_York'))).toBe('+44 20 7946 0958');
    expect(formatPhone('+14155550123', phoneRegionOfZone('Etc/UTC'))).toBe('+1 415 555 0123');
    expect(formatPhone('not a number', 'US')).toBe('not a number');
  });
});
