import { withFamilyScope } from '../db/scope.ts';
import { asc, eq, inArray, lt, or, sql } from 'drizzle-orm';
import { type ScheduleAssistant, deterministicAssistant } from '../../core/assistant/assistant.ts';
import {
  HELP_REPLY,
  MULTI_FAMILY_REPLY,
  START_REPLY,
  STOP_REPLY,
  UNKNOWN_SENDER_REPLY,
  carrierKeyword,
} from '../../core/assistant/keywords.ts';
import { parsePhoneNumberFromString } from 'libphonenumber-js/max';
import type { CountryCode } from '../../core/members/phone.ts';
import { replyWord } from '../../core/assistant/replies.ts';
import type { DbOrTx } from '../db/types.ts';
import { familyMembers } from '../db/schema/families.ts';
import { liveDedupe, notifications } from '../db/schema/notifications.ts';
import { smsOptOuts } from '../db/schema/sms-opt-outs.ts';
import { unroutedSms } from '../db/schema/unrouted-sms.ts';
import type { ServerContext } from '../context.ts';
import { loadFamilyData } from './family-snapshot.ts';
import { commandReplyWord } from '../../core/assistant/sms-command-text.ts';
import { answerCommandWord, readCommand, recordOutcome } from './commands.ts';
import { answerMore, firstSms, recordRest } from './more.ts';
import { answerReplyWord, recordConfirmQuestion } from './replies.ts';

/** One inbound text as Twilio posts it (form fields From, To, Body, MessageSid). */
export interface InboundSms {
  /** The sender's number, E.164 ('+14155550123'). */
  from: string;
  /** The family number it was sent to. */
  to: string;
  body: string;
  /** Twilio's id of the message ('SM…'); a retried webhook carries the same one. */
  messageSid: string;
}

/** Outbox kinds of the stored conversation, as the Recent messages card lists them. */
export const QUESTION_KIND = 'sms_question';
export const ANSWER_KIND = 'sms_answer';

interface SenderRow {
  id: number;
  familyId: number;
  smsOptedOut: boolean;
  invitationStatus: string;
  /** Issue 20: only a verified number reaches its family (the assistant, the message history). */
  verified: boolean;
}

/**
 * The ways the sender's number may have been stored: the E.164 form the members feature writes, or digits
 * alone (a number typed at registration, '(415) 555-0123'): all digits with the country code, or the national
 * number when the sender is in the default region.
 */
function numberForms(from: string, region: CountryCode): { e164: string; digits: string[] } | null {
  const parsed = parsePhoneNumberFromString(from.trim(), region);
  if (!parsed?.isValid()) return null;
  const e164 = parsed.number;
  const digits = [e164.slice(1)];
  if (parsed.country === region) digits.push(parsed.nationalNumber);
  return { e164, digits };
}

/** Every member row (any family, any invitation state) whose phone is the sender's number. */
async function membersWithNumber(db: DbOrTx, from: string, region: CountryCode): Promise<SenderRow[]> {
  const forms = numberForms(from, region);
  if (!forms) return [];
  const digitsOnly = sql<string>`regexp_replace(${familyMembers.phoneNumber}, '[^0-9]', '', 'g')`;
  return db
    .select({
      id: familyMembers.id,
      familyId: familyMembers.familyId,
      smsOptedOut: familyMembers.smsOptedOut,
      invitationStatus: familyMembers.invitationStatus,
      verified: sql<boolean>`${familyMembers.phoneVerifiedAt} is not null`,
    })
    .from(familyMembers)
    .where(or(eq(familyMembers.phoneNumber, forms.e164), inArray(digitsOnly, forms.digits)))
    .orderBy(asc(familyMembers.id));
}

/** One stored question and its reply (null: no reply was sent). @returns the reply's outbox id (null: none written). */
async function storeExchange(
  db: DbOrTx,
  sms: InboundSms,
  member: { id: number; familyId: number },
  reply: string | null,
  now: Date,
): Promise<number | null> {
  const common = {
    familyId: member.familyId,
    familyMemberId: member.id,
    channel: 'sms',
    sourceKind: 'sms' as const,
    sendAfter: now,
    createdAt: now,
    updatedAt: now,
  };
  // Inbound rows are history, not work: status 'sent' keeps the dispatcher (which claims 'pending') away.
  await db
    .insert(notifications)
    .values({
      ...common,
      recipient: sms.to,
      body: sms.body,
      kind: QUESTION_KIND,
      dedupeKey: `sms:in:${sms.messageSid}:${member.familyId}`,
      status: 'sent',
      statusReason: `Received from ${sms.from}`,
      sentAt: now,
    })
    .onConflictDoNothing(liveDedupe);
  if (reply === null) return null;
  const [answer] = await db
    .insert(notifications)
    .values({
      ...common,
      recipient: sms.from,
      body: reply,
      kind: ANSWER_KIND,
      dedupeKey: `sms:reply:${sms.messageSid}:${member.familyId}`,
      // Sent in the webhook's TwiML response, not through the outbox.
      status: 'sent',
      statusReason: 'Replied by TwiML',
      sentAt: now,
    })
    .onConflictDoNothing(liveDedupe)
    .returning({ id: notifications.id });
  return answer?.id ?? null;
}

/**
 * Keeps a text that reaches no family (issue 20, ADR 009): in `unrouted_sms`, which only the system scope can
 * read, never in a family's history. A retried webhook (same MessageSid) stores nothing twice.
 */
async function storeUnrouted(
  db: DbOrTx,
  sms: InboundSms,
  reason: 'unknown' | 'unverified',
  now: Date,
): Promise<void> {
  await db
    .insert(unroutedSms)
    .values({
      fromNumber: sms.from,
      toNumber: sms.to,
      body: sms.body,
      messageSid: sms.messageSid,
      reason,
      receivedAt: now,
    })
    .onConflictDoNothing({ target: unroutedSms.messageSid });
}

/** How long a text that reached no family is kept for operators' abuse reports, in days (ADR 009). */
export const UNROUTED_SMS_RETENTION_DAYS = 90;

/**
 * Deletes the texts kept in `unrouted_sms` that were received more than `UNROUTED_SMS_RETENTION_DAYS` days
 * before `now` (GDPR art. 5(1)(e), storage limitation: strangers' texts are kept no longer than an abuse report
 * needs). Crosses no family (the table has none) but needs the system scope, which alone can see its rows.
 * Safe to run from any process at any time.
 * @returns how many texts were deleted.
 */
export async function pruneUnroutedSms(db: DbOrTx, now: Date): Promise<number> {
  const cutoff = new Date(now.getTime() - UNROUTED_SMS_RETENTION_DAYS * 24 * 60 * 60_000);
  const deleted = await db
    .delete(unroutedSms)
    .where(lt(unroutedSms.receivedAt, cutoff))
    .returning({ id: unroutedSms.id });
  return deleted.length;
}

/**
 * Whether this MessageSid was handled before (Twilio retried the webhook), and the reply then stored.
 * Looks up the exact dedupe keys for the sender's families (unique index), never a scan.
 */
async function earlierReply(
  db: DbOrTx,
  messageSid: string,
  familyIds: readonly number[],
): Promise<{ answered: boolean; reply: string | null }> {
  if (familyIds.length === 0) return { answered: false, reply: null };
  const keys = familyIds.flatMap((id) => [`sms:in:${messageSid}:${id}`, `sms:reply:${messageSid}:${id}`]);
  const rows = await db
    .select({ kind: notifications.kind, body: notifications.body })
    .from(notifications)
    .where(inArray(notifications.dedupeKey, keys));
  if (rows.length === 0) return { answered: false, reply: null };
  return { answered: true, reply: rows.find((r) => r.kind === ANSWER_KIND)?.body ?? null };
}

/**
 * Handles one inbound text and returns the reply to put in the TwiML response (null = reply nothing).
 *
 * - Carrier keywords (CTIA): STOP and its synonyms set `family_members.sms_opted_out` on every member row with
 *   the sender's number (every family: the opt-out is the phone's) and record the number in `sms_opt_outs`
 *   (so a profile added later is not texted a code either, issue 42), START clears both, HELP explains.
 * - A number on no member, or only on members whose number is not verified (issue 20, ADR 009): the same
 *   generic reply (no family's data, no hint whether or where the number is on a profile), and the text is kept
 *   in `unrouted_sms`, which no family can read. Carrier keywords from it still work, stored there too.
 * - A number verified in several families (only data from before verification could do this): a reply naming
 *   no family's data, saying how to fix it.
 * - A member who opted out: no reply (a carrier would block it); the question is still stored.
 * - A reply word (DONE, I'LL DRIVE, YES: `replyWord`) acts on the newest text FamilyHub sent the member that it
 *   answers (`answerReplyWord`, issue 27 part 3); YES is START only from a number that opted out.
 * - MORE sends the next SMS of the member's newest answer that did not fit 2 segments (issue 43, ADR 054).
 * - A calendar command ("add dentist for maya tue 3pm", "cancel piano tonight", issue 43 item 2, ADR 058) is
 *   restated and waits for YES; YES carries it out, NO cancels it, UNDO reverses it (commands.ts).
 * - Otherwise the question is answered from that family's data only by `assistant`: the first 2 segments now,
 *   the rest kept for MORE.
 * The member's part (the action, the family's rows, the stored exchange) runs in one transaction in that
 * member's family scope; the phone lookup and carrier keywords are the webhook's system work.
 * Every question and reply of a known member is stored in that member's family's outbox history (kinds
 * `sms_question` / `sms_answer`, status 'sent'), so the Recent messages card shows it. A retried webhook
 * (same MessageSid) gets the stored reply again and changes nothing.
 */
export async function handleInboundSms(
  ctx: ServerContext,
  sms: InboundSms,
  assistant: ScheduleAssistant = deterministicAssistant,
): Promise<string | null> {
  const now = ctx.clock.now();
  const word = replyWord(sms.body);
  const outcome = await ctx.db.transaction(async (tx): Promise<{ reply: string | null } | SenderRow> => {
    const rows = await membersWithNumber(tx, sms.from, ctx.config.DEFAULT_PHONE_REGION);
    const accepted = rows.filter((r) => r.invitationStatus === 'accepted' && r.verified);
    // One member per family: the first profile with this number (a parent's phone on a child's profile too).
    const firstPerFamily = new Map<number, SenderRow>();
    for (const r of accepted) if (!firstPerFamily.has(r.familyId)) firstPerFamily.set(r.familyId, r);
    const perFamily = [...firstPerFamily.values()];
    const earlier = await earlierReply(
      tx,
      sms.messageSid,
      perFamily.map((m) => m.familyId),
    );
    if (earlier.answered) return { reply: earlier.reply };

    // YES from a member who has not opted out answers our "Reply YES to pick up …" (or hears there is none
    // waiting); from a number that opted out it is START, as carriers expect.
    const yesToUs = word?.kind === 'yes' && perFamily.length === 1 && !rows.some((r) => r.smsOptedOut);
    const keyword = yesToUs ? null : carrierKeyword(sms.body);
    if (keyword === 'stop' || keyword === 'start') {
      const optedOut = keyword === 'stop';
      // The phone's own opt-out, kept apart from the profiles (issue 42): a family adding the number later
      // sends it no code.
      const number = numberForms(sms.from, ctx.config.DEFAULT_PHONE_REGION)?.e164 ?? sms.from.trim();
      if (optedOut) {
        await tx
          .insert(smsOptOuts)
          .values({ phoneNumber: number.slice(0, 32), optedOutAt: now })
          .onConflictDoNothing({ target: smsOptOuts.phoneNumber });
      } else {
        await tx.delete(smsOptOuts).where(eq(smsOptOuts.phoneNumber, number.slice(0, 32)));
      }
      if (rows.length > 0) {
        await tx
          .update(familyMembers)
          .set({ smsOptedOut: optedOut })
          .where(
            inArray(
              familyMembers.id,
              rows.map((r) => r.id),
            ),
          );
      }
      const reply = optedOut ? STOP_REPLY : START_REPLY;
      for (const member of perFamily) await storeExchange(tx, sms, member, reply, now);
      if (perFamily.length === 0)
        await storeUnrouted(tx, sms, rows.length > 0 ? 'unverified' : 'unknown', now);
      return { reply };
    }
    if (keyword === 'help') {
      for (const member of perFamily) await storeExchange(tx, sms, member, HELP_REPLY, now);
      if (perFamily.length === 0)
        await storeUnrouted(tx, sms, rows.length > 0 ? 'unverified' : 'unknown', now);
      return { reply: HELP_REPLY };
    }

    const [member, ...others] = perFamily;
    if (!member) {
      await storeUnrouted(tx, sms, rows.length > 0 ? 'unverified' : 'unknown', now);
      return { reply: UNKNOWN_SENDER_REPLY };
    }
    if (others.length > 0) {
      for (const m of perFamily)
        await storeExchange(tx, sms, m, m.smsOptedOut ? null : MULTI_FAMILY_REPLY, now);
      return { reply: perFamily.some((m) => m.smsOptedOut) ? null : MULTI_FAMILY_REPLY };
    }
    if (member.smsOptedOut) {
      await storeExchange(tx, sms, member, null, now);
      return { reply: null };
    }
    return member;
  });
  if ('reply' in outcome) return outcome.reply;
  const member = outcome;
  // One family left: its rows are read and written, the reply's action taken (through the tasks and events
  // services) and the exchange stored in that family's scope only, in one transaction (the phone lookup,
  // STOP/START and the multi-family answer above are the webhook's system work).
  return withFamilyScope(ctx.db, member.familyId, async () => {
    if (word?.kind === 'more') {
      const { reply, rest } = await answerMore(ctx.db, member, now);
      const answerId = await storeExchange(ctx.db, sms, member, reply, now);
      if (answerId !== null) await recordRest(ctx.db, member, answerId, rest, now);
      return reply;
    }
    const data = await loadFamilyData(ctx.db, member.familyId, member.id, now);
    // Issue 43 item 2 (ADR 058): YES, NO and UNDO about a texted command, then the command itself.
    const commandWord = word?.kind === 'yes' ? 'yes' : word === null ? commandReplyWord(sms.body) : null;
    const command =
      data === null
        ? null
        : commandWord !== null
          ? await answerCommandWord(ctx, member, commandWord, data, now)
          : word === null
            ? await readCommand(ctx, member, sms.body, data, now)
            : null;
    if (command !== null) {
      const answerId = await storeExchange(ctx.db, sms, member, command.reply, now);
      if (answerId !== null) await recordOutcome(ctx.db, member, answerId, command, now);
      return command.reply;
    }
    if (word !== null) {
      const { reply, confirm } = await answerReplyWord(ctx, word, member, now);
      const answerId = await storeExchange(ctx.db, sms, member, reply, now);
      if (confirm && answerId !== null) await recordConfirmQuestion(ctx.db, answerId, confirm, now);
      return reply;
    }
    // Issue 43: at most 2 segments now; the rest waits for MORE.
    const { reply, rest } = data
      ? firstSms(assistant.answer(sms.body, data))
      : { reply: UNKNOWN_SENDER_REPLY, rest: '' };
    const answerId = await storeExchange(ctx.db, sms, member, reply, now);
    if (answerId !== null) await recordRest(ctx.db, member, answerId, rest, now);
    return reply;
  });
}
