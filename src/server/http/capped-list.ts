import type { FastifyReply } from 'fastify';
import { LIST_TRUNCATED_HEADER } from '../../core/contracts/quotas.ts';

/** A list cut to a count (issue 42, ADR 046), and whether items were left out. */
export interface CappedList<T> {
  items: T[];
  truncated: boolean;
}

/**
 * Answers a list capped at a count (issue 42, ADR 046): the items, as the array SPEC §7 names, and
 * `X-List-Truncated: true` when items were left out.
 */
export function sendCappedList<T>(reply: FastifyReply, list: CappedList<T>): T[] {
  if (list.truncated) void reply.header(LIST_TRUNCATED_HEADER, 'true');
  return list.items;
}
