import type { FastifyInstance } from 'fastify';
import {
  settingParamsSchema,
  settingReplySchema,
  settingUpdateSchema,
} from '../../core/contracts/settings.ts';
import type { ServerContext } from '../context.ts';
import { parseInput } from '../http/errors.ts';
import { route } from '../http/route.ts';
import { getSetting, setFamilyTimezone, setSetting } from './service.ts';

/**
 * SPEC §7 global settings: `GET /api/settings/{key}` and `POST /api/settings` for `disable_all_emails` and
 * `disable_all_sms`, and (issue 18) the family's `timezone`, per family. Any other key answers 400.
 */
export function registerSettingsRoutes(app: FastifyInstance, ctx: ServerContext): void {
  route(
    app,
    {
      method: 'GET',
      url: '/api/settings/:key',
      summary: 'One family setting.',
      auth: 'session',
      params: settingParamsSchema,
      responses: { 200: { description: '`SettingDto` (`{ key, value }`).', schema: settingReplySchema } },
      errors: { 400: 'Unknown setting (`fields.key`).' },
    },
    async ({ auth }, request) => {
      // An unknown key is a 400 (`fields.key`), not a 404: the keys are a fixed list (SPEC §7).
      const { key } = parseInput(settingParamsSchema, request.params);
      return getSetting(ctx, auth.familyId, key);
    },
  );

  route(
    app,
    {
      method: 'POST',
      url: '/api/settings',
      summary: 'Set a family setting.',
      auth: 'session',
      body: settingUpdateSchema,
      responses: { 200: { description: '`SettingDto`.', schema: settingReplySchema } },
    },
    async ({ auth, body }) =>
      body.key === 'timezone'
        ? setFamilyTimezone(ctx, auth.familyId, body.value)
        : setSetting(ctx, auth.familyId, body.key, body.value),
  );
}
