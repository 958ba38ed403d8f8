import { and, desc, eq, gt, isNull } from 'drizzle-orm';
import { nextSms } from '../../core/assistant/format.ts';
import { NOTHING_MORE_REPLY } from '../../core/assistant/replies.ts';
import type { DbOrTx } from '../db/types.ts';
import { smsReplyActions } from '../db/schema/sms-replies.ts';

/**
 * How long the rest of a long answer waits for "MORE", in minutes (ADR 054): long enough to read the first
 * SMS and ask, short enough that the rest is not stale schedule news.
 */
export const MORE_WAIT_MINUTES = 120;

/**
 * Issue 43, ADR 054: an answer longer than one SMS (2 segments) is sent in parts. Splits `answer` into the SMS
 * to send now and the rest to keep for "MORE" (`recordRest`).
 */
export function firstSms(answer: string): { reply: string; rest: string } {
  const { text, rest } = nextSms(answer);
  return { reply: text, rest };
}

/**
 * Keeps `rest` (the part of an answer not sent yet) for `member`'s next MORE, tied to the stored answer
 * `notificationId` (its outbox row) and valid MORE_WAIT_MINUTES from `now`. A rest of '' keeps nothing. Runs
 * in the member's family scope (row-level security on `sms_reply_actions`).
 */
export async function recordRest(
  db: DbOrTx,
  member: { id: number; familyId: number },
  notificationId: number,
  rest: string,
  now: Date,
): Promise<void> {
  if (rest === '') return;
  await db.insert(smsReplyActions).values({
    familyId: member.familyId,
    familyMemberId: member.id,
    notificationId,
    action: 'more',
    body: rest,
    expiresAt: new Date(now.getTime() + MORE_WAIT_MINUTES * 60_000),
    createdAt: now,
  });
}

/**
 * Answers "MORE" from `member`: the next SMS of their newest answer still waiting (not used, not expired),
 * which is then used up; the text left after that SMS is returned as `rest` for `recordRest` with the new
 * answer. Nothing waiting: NOTHING_MORE_REPLY. Runs in the member's family scope.
 */
export async function answerMore(
  db: DbOrTx,
  member: { id: number; familyId: number },
  now: Date,
): Promise<{ reply: string; rest: string }> {
  const [row] = await db
    .select({ id: smsReplyActions.id, body: smsReplyActions.body })
    .from(smsReplyActions)
    .where(
      and(
        eq(smsReplyActions.familyMemberId, member.id),
        eq(smsReplyActions.action, 'more'),
        isNull(smsReplyActions.usedAt),
        gt(smsReplyActions.expiresAt, now),
      ),
    )
    .orderBy(desc(smsReplyActions.id))
    .limit(1);
  if (!row?.body) return { reply: NOTHING_MORE_REPLY, rest: '' };
  await db.update(smsReplyActions).set({ usedAt: now }).where(eq(smsReplyActions.id, row.id));
  return firstSms(row.body);
}
