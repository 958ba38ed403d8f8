import { type CountryCode, isSupportedCountry, parsePhoneNumberFromString } from 'libphonenumber-js/max';

export type { CountryCode };

/** True when `code` is an ISO 3166-1 alpha-2 region libphonenumber knows (e.g. 'US', 'GB'). */
export function isPhoneRegion(code: unknown): code is CountryCode {
  return typeof code === 'string' && isSupportedCountry(code);
}

/**
 * A phone number as typed (`(415) 555-0123`, `+44 20 7946 0958`) in ITU-T E.164 form (`+14155550123`).
 * A number without a country prefix is read in `defaultRegion`. Validity uses libphonenumber's full
 * metadata (number lengths and ranges per region), so a number that cannot exist is refused.
 *
 * @returns the E.164 string, or null when the input is not a valid number.
 */
export function toE164(raw: string, defaultRegion: CountryCode): string | null {
  const parsed = parsePhoneNumberFromString(raw.trim(), defaultRegion);
  return parsed?.isValid() ? parsed.number : null;
}
