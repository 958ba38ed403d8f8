import { getTimezone } from 'countries-and-timezones';

/**
 * What a family's region changes in how a text is read: the order of numeric dates ("11/29" in the US,
 * "29/11" in the UK) and which holidays have names ("thanksgiving", "boxing day"). The region is the country of
 * the family's IANA zone (countries-and-timezones, from the IANA zone.tab data); families store only a zone.
 */
export interface Region {
  /** ISO 3166-1 alpha-2, or null when the zone belongs to no country (Etc/UTC). */
  country: string | null;
  /** True when numeric dates put the month first (US "11/29"), from CLDR via `Intl.DateTimeFormat`. */
  monthFirst: boolean;
}

const regions = new Map<string, Region>();

/** The region of an IANA zone (cached). Unknown zones and countryless zones read dates month-first, like en-US. */
export function regionOf(timeZone: string): Region {
  const cached = regions.get(timeZone);
  if (cached) return cached;
  const country = getTimezone(timeZone)?.countries[0] ?? null;
  let monthFirst = true;
  if (country !== null) {
    try {
      const parts = new Intl.DateTimeFormat(`en-${country}`).formatToParts(new Date(Date.UTC(2026, 10, 29)));
      const order = parts.filter((p) => p.type === 'month' || p.type === 'day').map((p) => p.type);
      monthFirst = order[0] === 'month';
    } catch {
      monthFirst = true;
    }
  }
  const region = { country, monthFirst };
  regions.set(timeZone, region);
  return region;
}
