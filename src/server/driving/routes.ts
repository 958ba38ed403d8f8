import type { FastifyInstance } from 'fastify';
import { drivingDtoSchema, drivingQuerySchema } from '../../core/contracts/driving.ts';
import { LIST_TRUNCATED_HEADER } from '../../core/contracts/quotas.ts';
import { localMinutesBetween } from '../../core/time/local-time.ts';
import type { ServerContext } from '../context.ts';
import { badRequest } from '../http/errors.ts';
import { route } from '../http/route.ts';
import { drivingWeek } from './service.ts';

/** Longest range `GET /api/driving` answers, in days (a month view shows 42). */
const MAX_DRIVING_DAYS = 62;

/** Issue 27: `GET /api/driving?start=&end=`, the session family's transport coverage (never another family's). */
export function registerDrivingRoutes(app: FastifyInstance, ctx: ServerContext): void {
  route(
    app,
    {
      method: 'GET',
      url: '/api/driving',
      summary: 'Transport coverage (pickups and drop-offs) per day of a range of at most 62 days.',
      auth: 'session',
      query: drivingQuerySchema,
      responses: { 200: { description: '`DrivingDto`.', schema: drivingDtoSchema } },
    },
    async ({ auth, query: range }, _request, reply) => {
      if (
        localMinutesBetween(`${range.start}T00:00:00`, `${range.end}T00:00:00`) >=
        MAX_DRIVING_DAYS * 1440
      ) {
        throw badRequest(`The range may cover at most ${MAX_DRIVING_DAYS} days`, {
          end: `The range may cover at most ${MAX_DRIVING_DAYS} days`,
        });
      }
      const week = await drivingWeek(ctx, auth.familyId, range);
      if (week.legs_truncated) void reply.header(LIST_TRUNCATED_HEADER, 'true');
      return week;
    },
  );
}
