import type { FastifyInstance } from 'fastify';
import { settingParamsSchema, settingUpdateSchema } from '../../core/contracts/settings.ts';
import { requireAuth } from '../http/auth-context.ts';
import type { ServerContext } from '../context.ts';
import { parseInput } from '../http/errors.ts';
import { getSetting, setFamilyTimezone, setSetting } from './service.ts';

/**
 * SPEC §7 global settings: `GET /api/settings/{key}` and `POST /api/settings` for `disable_all_emails` and
 * `disable_all_sms`, and (issue 18) the family's `timezone`, per family. Any other key answers 400.
 */
export function registerSettingsRoutes(app: FastifyInstance, ctx: ServerContext): void {
  app.get('/api/settings/:key', async (request) => {
    const { familyId } = requireAuth(request);
    const { key } = parseInput(settingParamsSchema, request.params);
    return getSetting(ctx, familyId, key);
  });

  app.post('/api/settings', async (request) => {
    const { familyId } = requireAuth(request);
    const input = parseInput(settingUpdateSchema, request.body);
    if (input.key === 'timezone') return setFamilyTimezone(ctx, familyId, input.value);
    return setSetting(ctx, familyId, input.key, input.value);
  });
}
