import { isKnownZone } from './local-time.ts';

/*
 * Family time-zone names (issue 18), apart from the API contracts (../contracts/settings.ts) so that screens
 * which only read a zone do not load the schema library (issue 23: the signed-in shell's size).
 */

/** SPEC §3 Family: a family that chose no zone at registration is in this one. */
export const DEFAULT_FAMILY_TIMEZONE = 'America/Los_Angeles';
/**
 * The shape of an IANA zone name (`Area/Location`, `America/Argentina/Buenos_Aires`, `Etc/GMT+2`, `UTC`): ASCII
 * segments starting with a capital letter, separated by `/`. Refuses offsets ("UTC+2", "+02:00"), Windows names
 * ("W. Europe Standard Time") and lower-case spellings the runtime would also accept.
 */
const IANA_NAME = /^[A-Z][A-Za-z0-9_+-]*(?:\/[A-Z][A-Za-z0-9_+-]*)*$/;

/**
 * True when `zone` is an IANA time zone name (tz database, at most 64 characters) this runtime knows: what the
 * family's zone may be. `Intl.supportedValuesOf('timeZone')` is not the test, because runtimes list only canonical
 * names (Node 20 lists `Asia/Calcutta`, not `Asia/Kolkata`, and no `UTC`) while a browser reports either.
 */
export function isIanaZoneName(zone: string): boolean {
  return zone.length <= 64 && IANA_NAME.test(zone) && isKnownZone(zone);
}
