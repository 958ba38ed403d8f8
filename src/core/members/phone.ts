import { type CountryCode, isSupportedCountry, parsePhoneNumberFromString } from 'libphonenumber-js/max';
import { getTimezone } from 'countries-and-timezones';

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

/**
 * The country of an IANA time zone (its first in the IANA zone.tab data via countries-and-timezones), as a
 * phone region: 'America/Los_Angeles' → 'US', 'Europe/London' → 'GB'; null for a countryless zone (Etc/UTC).
 */
export function phoneRegionOfZone(timeZone: string): CountryCode | null {
  const country = getTimezone(timeZone)?.countries[0] ?? null;
  return isPhoneRegion(country) ? country : null;
}

/**
 * A stored E.164 number as the family reads it (issue 21): national format for a number of the family's region
 * (`+14155550123` → `(415) 555-0123` in the US), international format for others (`+44 20 7946 0958`), and the
 * text unchanged when it is not a number libphonenumber can read.
 */
export function formatPhone(e164: string, region: CountryCode | null): string {
  const parsed = parsePhoneNumberFromString(e164);
  if (!parsed) return e164;
  return region !== null && parsed.country === region
    ? parsed.formatNational()
    : parsed.formatInternational();
}
