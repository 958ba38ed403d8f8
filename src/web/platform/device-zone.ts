import { DEFAULT_FAMILY_TIMEZONE, isIanaZoneName } from '../../core/time/zone-names.ts';

/**
 * The device's own IANA zone (what `Intl` reports), or America/Los_Angeles (SPEC §3's default) when the browser
 * reports nothing usable (an offset, "Etc/Unknown").
 */
export function browserTimeZone(): string {
  const zone = Intl.DateTimeFormat().resolvedOptions().timeZone;
  return zone && isIanaZoneName(zone) ? zone : DEFAULT_FAMILY_TIMEZONE;
}
