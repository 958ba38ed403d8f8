import type { FastifyInstance } from 'fastify';
import { FAMILY_WRITE_RATE_MESSAGE } from '../../core/contracts/quotas.ts';
import type { Db, DbOrTx } from '../db/types.ts';
import type { Clock } from '../context.ts';
import { HttpError } from './errors.ts';
import { pendingRequestTransaction } from './family-scope.ts';
import { countInWindow } from './shared-rate-limit-store.ts';

const READS = new Set(['GET', 'HEAD', 'OPTIONS']);
const WINDOW_MS = 60_000;

/**
 * Limits the state-changing calls of each signed-in family to `perMinute` (issue 20; the reason for the
 * number is at `FAMILY_WRITES_PER_MINUTE` in src/core/contracts/quotas.ts), all members and devices together
 * and across every app process: counted in `rate_limit_counters` (ADR 010) inside the request's own
 * transaction when one is already open (the count then commits with the request, also when this answers 429;
 * a request that fails later rolls its count back), else on `db`.
 * Past it: 429 `rate_limited` with `FAMILY_WRITE_RATE_MESSAGE` and Retry-After in seconds; nothing runs.
 * Sign-in and account calls (`/api/auth/…`) are not counted, so a family can always sign out.
 * Install after the session hook (it reads `request.auth`).
 */
export function installFamilyWriteLimit(app: FastifyInstance, db: Db, clock: Clock, perMinute: number): void {
  app.addHook('preHandler', async (request) => {
    const auth = request.auth;
    if (!auth || READS.has(request.method) || request.url.startsWith('/api/auth/')) return;
    await countFamilyWrite(pendingRequestTransaction(request) ?? db, auth.familyId, clock, perMinute);
  });
}

/**
 * Counts one state-changing call of `familyId` in the shared per-minute window that `installFamilyWriteLimit`
 * keeps (also for callers outside a session: a CalDAV client's writes).
 * @throws HttpError 429 `rate_limited` with `FAMILY_WRITE_RATE_MESSAGE` and `retryAfterSeconds` past `perMinute`.
 */
export async function countFamilyWrite(
  db: DbOrTx,
  familyId: number,
  clock: Clock,
  perMinute: number,
): Promise<void> {
  const { current, ttl } = await countInWindow(
    db,
    `family-writes:${String(familyId)}`,
    WINDOW_MS,
    clock.now(),
  );
  if (current > perMinute)
    throw new HttpError(
      429,
      'rate_limited',
      FAMILY_WRITE_RATE_MESSAGE,
      undefined,
      Math.max(1, Math.ceil(ttl / 1000)),
    );
}
