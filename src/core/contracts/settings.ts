import { z } from 'zod';
import { isKnownZone } from '../time/local-time.ts';

/**
 * The family settings of SPEC §7 `/api/settings`: the two global switches, and (issue 18) the family's time zone,
 * which is `families.timezone` rather than a switch.
 */
export const SWITCH_KEYS = ['disable_all_emails', 'disable_all_sms'] as const;
export type SwitchKey = (typeof SWITCH_KEYS)[number];
export const SETTING_KEYS = [...SWITCH_KEYS, 'timezone'] as const;
export type SettingKey = (typeof SETTING_KEYS)[number];

export const UNKNOWN_SETTING_MESSAGE = 'Unknown setting';

export const settingKeySchema = z.enum(SETTING_KEYS, UNKNOWN_SETTING_MESSAGE);

/** Path parameters of `GET /api/settings/{key}`: one of `SETTING_KEYS`, else 400 'Unknown setting'. */
export const settingParamsSchema = z.object({ key: settingKeySchema });

/** SPEC §3 Family: a family that chose no zone at registration is in this one. */
export const DEFAULT_FAMILY_TIMEZONE = 'America/Los_Angeles';
export const TIMEZONE_CHOICE_MESSAGE = 'Choose a time zone from the list';

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

/** A family time zone as the register and settings payloads carry it; any other text is refused. */
export const familyTimezoneSchema = z
  .string(TIMEZONE_CHOICE_MESSAGE)
  .refine(isIanaZoneName, TIMEZONE_CHOICE_MESSAGE);

/**
 * Payload of `POST /api/settings`: a switch with its value as a string ('true' or 'false'), or `timezone` with an
 * IANA zone name (issue 18). An unknown key is 400 `{ key: 'Unknown setting' }`.
 */
export const settingUpdateSchema = z.discriminatedUnion(
  'key',
  [
    z.object({
      key: z.enum(SWITCH_KEYS),
      value: z.enum(['true', 'false'], "Value must be 'true' or 'false'"),
    }),
    z.object({ key: z.literal('timezone'), value: familyTimezoneSchema }),
  ],
  { error: (issue) => (issue.code === 'invalid_union' ? UNKNOWN_SETTING_MESSAGE : undefined) },
);
export type SettingUpdatePayload = z.input<typeof settingUpdateSchema>;

/**
 * Reply of `GET /api/settings/{key}` and `POST /api/settings`. An unset switch reads 'false'; `timezone` reads the
 * family's IANA zone.
 */
export interface SettingDto {
  key: SettingKey;
  value: string;
}
