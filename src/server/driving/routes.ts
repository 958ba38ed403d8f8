import type { FastifyInstance } from 'fastify';
import { drivingQuerySchema } from '../../core/contracts/driving.ts';
import { LIST_TRUNCATED_HEADER } from '../../core/contracts/quotas.ts';
import { localMinutesBetween } from '../../core/time/local-time.ts';
import { requireAuth } from '../http/auth-context.ts';
import type { ServerContext } from '../context.ts';
import { badRequest, parseInput } from '../http/errors.ts';
import { drivingWeek } from './service.ts';

/** Longest range `GET /api/driving` answers, in days (a month view shows 42). */
const MAX_DRIVING_DAYS = 62;

/** Issue 27: `GET /api/driving?start=&end=`, the session family's transport coverage (never another family's). */
export function registerDrivingRoutes(app: FastifyInstance, ctx: ServerContext): void {
  app.get('/api/driving', async (request, reply) => {
    const { familyId } = requireAuth(request);
    const range = parseInput(drivingQuerySchema, request.query);
    if (localMinutesBetween(`${range.start}T00:00:00`, `${range.end}T00:00:00`) >= MAX_DRIVING_DAYS * 1440) {
      throw badRequest(`The range may cover at most ${MAX_DRIVING_DAYS} days`, {
        end: `The range may cover at most ${MAX_DRIVING_DAYS} days`,
      });
    }
    const week = await drivingWeek(ctx, familyId, range);
    if (week.legs_truncated) void reply.header(LIST_TRUNCATED_HEADER, 'true');
    return week;
  });
}
