import { z } from 'zod';

/** The global switches of SPEC §7 `/api/settings`; per family. */
export const SETTING_KEYS = ['disable_all_emails', 'disable_all_sms'] as const;
export type SettingKey = (typeof SETTING_KEYS)[number];

export const UNKNOWN_SETTING_MESSAGE = 'Unknown setting';

export const settingKeySchema = z.enum(SETTING_KEYS, UNKNOWN_SETTING_MESSAGE);

/** Payload of `POST /api/settings`: key and value as a string ('true' or 'false'). */
export const settingUpdateSchema = z.object({
  key: settingKeySchema,
  value: z.enum(['true', 'false'], "Value must be 'true' or 'false'"),
});
export type SettingUpdatePayload = z.input<typeof settingUpdateSchema>;

/** Reply of `GET /api/settings/{key}` and `POST /api/settings`. An unset switch reads 'false'. */
export interface SettingDto {
  key: SettingKey;
  value: string;
}
