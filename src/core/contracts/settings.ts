import { z } from 'zod';
import { isIanaZoneName } from '../time/zone-names.ts';

/**
 * The family settings of SPEC §7 `/api/settings`: the global switches (issue 41 added `disable_all_push`; issue
 * 43 `sms_commands_everyone`: members who are not parents may change the calendar by text, off until a parent
 * turns it on, ADR 058), and (issue 18) the family's time zone, which is `families.timezone` rather than a switch.
 */
export const SWITCH_KEYS = [
  'disable_all_emails',
  'disable_all_sms',
  'disable_all_push',
  'sms_commands_everyone',
] as const;
export type SwitchKey = (typeof SWITCH_KEYS)[number];
export const SETTING_KEYS = [...SWITCH_KEYS, 'timezone'] as const;
export type SettingKey = (typeof SETTING_KEYS)[number];

export const UNKNOWN_SETTING_MESSAGE = 'Unknown setting';

export const settingKeySchema = z.enum(SETTING_KEYS, UNKNOWN_SETTING_MESSAGE);

/** Path parameters of `GET /api/settings/{key}`: one of `SETTING_KEYS`, else 400 'Unknown setting'. */
export const settingParamsSchema = z.object({ key: settingKeySchema });

export const TIMEZONE_CHOICE_MESSAGE = 'Choose a time zone from the list';

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
export const settingReplySchema = z.object({ key: settingKeySchema, value: z.string() });
export type SettingDto = z.output<typeof settingReplySchema>;
