import { and, eq, ne } from 'drizzle-orm';
import type {
  NotificationChannel,
  NotificationSourceKind,
  NotificationStatus,
  SuppressionReason,
} from '../../core/contracts/notifications.ts';
import { truncateToSegments } from '../../core/notifications/sms-segments.ts';
import { shorten, startOf } from '../../core/text/shorten.ts';
import type { DbOrTx } from '../db/types.ts';
import { liveDedupe, notifications } from '../db/schema/notifications.ts';
import { smsReplyActions } from '../db/schema/sms-replies.ts';
import { pushDevicesOf, pushSwitchedOff } from './push-devices.ts';
import { applyPolicy, loadPolicyFacts, type PolicyDecision, type PolicyFacts } from './policy.ts';

/** One message to send, as a feature hands it to `enqueue`. */
export interface OutboundMessage {
  familyId: number;
  /** The member it is for; policy reads their e-mail / phone / STOP flag. Null for a non-member address. */
  familyMemberId: number | null;
  channel: NotificationChannel;
  /**
   * An explicit e-mail address or E.164 phone number. Omit it to use the member's own (`email` for e-mail,
   * `phone_number` for SMS); a missing one suppresses the message with reason `no_email` / `no_phone`.
   */
  recipient?: string;
  /** E-mail subject (ignored for SMS). */
  subject?: string | null;
  /** Plain-text body. SMS bodies are cut to at most 3 segments (GSM-7/UCS-2 counting). */
  body: string;
  /** HTML alternative for e-mail (ignored for SMS). */
  html?: string | null;
  /**
   * For a message carrying a secret link (issue 20 item 8, ADR 014): the `ref` the link's token is derived
   * from (`link-tokens.ts` `newLinkRef`); `body` and `html` hold `LINK_TOKEN_PLACEHOLDER` where the token
   * goes, and the dispatcher renders it at send time. The token itself is never stored.
   */
  linkRef?: string;
  /** What the message is, e.g. 'invitation', 'task_reminder', 'daily_summary' (at most 40 characters). */
  kind: string;
  /**
   * Globally unique key; enqueueing the same key again is a no-op. Make it name the cause, e.g.
   * `invitation:{memberId}:{sentAtIso}` or `task:42:reminder:2026-12-01T08:30` (at most 200 characters).
   */
  dedupeKey: string;
  /**
   * What the message is about (`notificationSourceKinds`): what cancelling (`scheduler/hooks.ts`) and the
   * planner's bookkeeping select on. Omitted: `other`, which nothing cancels.
   */
  source?: MessageSource;
  /** "Now" from `ctx.clock.now()`: stamps created_at/updated_at. */
  now: Date;
  /** Earliest send time (UTC instant); defaults to `now`. */
  sendAfter?: Date;
  /** After this instant the message is `expired` instead of sent late; null/omitted = never expires. */
  expiresAt?: Date | null;
  /** True for mail the user explicitly asked for (invitations): the notification switches and plan flags do not apply. */
  transactional?: boolean;
  /**
   * Record the message as not sent with this reason, after policy's own reasons (e.g. `no_email_provider`: an
   * invitation whose link the inviter passes on by hand, issue 21).
   */
  notSentBecause?: SuppressionReason;
  /**
   * What an SMS may be answered about (issue 27 part 3: DONE, I'LL DRIVE): recorded in `sms_reply_actions`
   * with the outbox row, in the same transaction, when the row is written as an SMS to a member and not
   * suppressed. Only `enqueueMany` records them.
   */
  replyActions?: readonly ReplyAction[];
  /**
   * Issue 41: the message may also go by Web Push, with this title and short body. When set on a message to a
   * member that is not transactional, `enqueue`/`enqueueMany` also write one `push` row per device of the
   * account linked to that member (`pushDevicesOf`), in the same transaction, each with the key
   * `{dedupeKey}:push:{device id}` and the same source, send time and expiry; `suppressed` with
   * `disable_all_push` when the family switched push off. Push goes beside e-mail or SMS, not instead.
   */
  push?: PushContent;
}

/** What a push notification shows (issue 41): a title and a short body (cut to `PUSH_BODY_MAX` characters). */
export interface PushContent {
  title: string;
  body: string;
}

/** Longest push body, in characters: push services cap the encrypted payload at 4 KB (RFC 8030 §7.2). */
export const PUSH_BODY_MAX = 240;

/** What an outbox row is about: its `source_kind`, `source_id` and `source_occurrence` columns. */
export interface MessageSource {
  kind: NotificationSourceKind;
  /** The event, task or member id the kind names (see `notificationSourceKinds`). */
  id?: number | null;
  /** The occurrence's local start `YYYY-MM-DDTHH:mm:ss` (series' zone), or a summary's local date. */
  occurrence?: string | null;
}

/** One thing an SMS names that a reply can act on (see `sms_reply_actions`). */
export interface ReplyAction {
  action: 'complete_task' | 'offer_drive' | 'confirm_drive';
  /** Its number in the message (1 when the message names one thing). */
  item?: number;
  taskId?: number | null;
  /** The event row (a series' id for its occurrences), its occurrence's RECURRENCE-ID, and which leg. */
  eventId?: number | null;
  occurrenceStart?: string | null;
  transportKind?: 'pickup' | 'dropoff' | null;
  /** After this instant a reply no longer acts on it. */
  expiresAt: Date;
}

/** What `enqueue` did. */
export interface EnqueueResult {
  /** The outbox row's id (the existing row's, when the key was already there). */
  id: number;
  /** False when a row with this `dedupeKey` already existed (nothing was written). */
  created: boolean;
  /** 'pending', or 'suppressed' with `statusReason` set by policy; for an existing row, its current status. */
  status: NotificationStatus;
  statusReason: string | null;
}

function decide(facts: PolicyFacts, message: OutboundMessage): PolicyDecision {
  const decision = applyPolicy(facts, {
    familyId: message.familyId,
    familyMemberId: message.familyMemberId,
    channel: message.channel,
    recipient: message.recipient,
    transactional: message.transactional ?? false,
  });
  return { ...decision, suppressed: decision.suppressed ?? message.notSentBecause ?? null };
}

/** The outbox row for `message` after policy decided. SMS bodies are cut to at most 3 segments. */
function toRow(message: OutboundMessage, decision: PolicyDecision): typeof notifications.$inferInsert {
  const isEmail = message.channel === 'email';
  return {
    familyId: message.familyId,
    familyMemberId: message.familyMemberId,
    channel: message.channel,
    recipient: decision.recipient,
    subject: isEmail ? (message.subject ?? null) : null,
    body: isEmail ? message.body : truncateToSegments(message.body),
    html: isEmail ? (message.html ?? null) : null,
    linkRef: message.linkRef ?? null,
    kind: message.kind,
    dedupeKey: message.dedupeKey,
    sourceKind: message.source?.kind ?? 'other',
    sourceId: message.source?.id ?? null,
    sourceOccurrence: message.source?.occurrence ?? null,
    sendAfter: message.sendAfter ?? message.now,
    expiresAt: message.expiresAt ?? null,
    status: decision.suppressed ? 'suppressed' : 'pending',
    statusReason: decision.suppressed,
    createdAt: message.now,
    updatedAt: message.now,
  };
}

/** `dedupeKey` of the push row of `key` for device `deviceId` (kept within the column's 200 characters). */
function pushDedupeKey(key: string, deviceId: number): string {
  const suffix = `:push:${deviceId}`;
  return `${key.slice(0, 200 - suffix.length)}${suffix}`;
}

/**
 * The `push` rows that go with `messages` (issue 41): for each message carrying `push` content, to a member,
 * not transactional, one row per device of that member's account. Devices and the family's push switch are
 * read once per family.
 */
async function pushRows(
  tx: DbOrTx,
  messages: readonly OutboundMessage[],
): Promise<(typeof notifications.$inferInsert)[]> {
  const wanted = messages.filter((m) => m.push && m.familyMemberId !== null && !m.transactional);
  if (wanted.length === 0) return [];
  const byFamily = new Map<number, OutboundMessage[]>();
  for (const m of wanted) byFamily.set(m.familyId, [...(byFamily.get(m.familyId) ?? []), m]);
  const rows: (typeof notifications.$inferInsert)[] = [];
  for (const [familyId, list] of byFamily) {
    const [first] = list;
    if (!first) continue;
    const devices = await pushDevicesOf(
      tx,
      familyId,
      first.now,
      list.map((m) => m.familyMemberId ?? 0),
    );
    if (devices.size === 0) continue;
    const off = await pushSwitchedOff(tx, familyId);
    for (const m of list) {
      const push = m.push;
      if (!push) continue;
      for (const device of devices.get(m.familyMemberId ?? 0) ?? []) {
        rows.push({
          familyId,
          familyMemberId: m.familyMemberId,
          channel: 'push',
          recipient: device.deviceLabel,
          subject: startOf(push.title, 200),
          body: shorten(push.body, PUSH_BODY_MAX),
          html: null,
          linkRef: null,
          kind: m.kind,
          dedupeKey: pushDedupeKey(m.dedupeKey, device.id),
          sourceKind: m.source?.kind ?? 'other',
          sourceId: m.source?.id ?? null,
          sourceOccurrence: m.source?.occurrence ?? null,
          sendAfter: m.sendAfter ?? m.now,
          expiresAt: m.expiresAt ?? null,
          status: off ? 'suppressed' : 'pending',
          statusReason: off ? 'disable_all_push' : null,
          pushSubscriptionId: device.id,
          createdAt: m.now,
          updatedAt: m.now,
        });
      }
    }
  }
  return rows;
}

/**
 * Writes one message to the outbox **in the caller's transaction** (pass the `tx` of the change that causes
 * the message), so the message exists exactly when that change commits (transactional outbox pattern).
 * Policy (global switches, plan flags, STOP, missing contact) is applied now and recorded as `suppressed`
 * with a reason. Enqueueing a `dedupeKey` that a row not cancelled already holds changes nothing and returns
 * that row.
 *
 * @example
 *   await ctx.db.transaction(async (tx) => {
 *     const member = … insert the invited member …;
 *     await enqueue(tx, { ...invitationEmail({ publicUrl, token, familyName, inviterName, inviteeName, expiresAt }),
 *       familyId, familyMemberId: member.id, recipient: member.email, dedupeKey: `invitation:${member.id}:${now.toISOString()}`,
 *       now, expiresAt });
 *   });
 * @throws UnknownRecipientError (policy.ts) when the family or the member (within that family) does not exist.
 */
export async function enqueue(tx: DbOrTx, message: OutboundMessage): Promise<EnqueueResult> {
  const facts = await loadPolicyFacts(tx, message.familyId, message.familyMemberId, message.channel);
  const decision = decide(facts, message);
  const status: NotificationStatus = decision.suppressed ? 'suppressed' : 'pending';
  const inserted = await tx
    .insert(notifications)
    .values(toRow(message, decision))
    .onConflictDoNothing(liveDedupe)
    .returning({ id: notifications.id });
  const pushes = await pushRows(tx, [message]);
  if (pushes.length > 0) await tx.insert(notifications).values(pushes).onConflictDoNothing(liveDedupe);
  const row = inserted[0];
  if (row) return { id: row.id, created: true, status, statusReason: decision.suppressed };

  const [existing] = await tx
    .select({ id: notifications.id, status: notifications.status, statusReason: notifications.statusReason })
    .from(notifications)
    .where(and(eq(notifications.dedupeKey, message.dedupeKey), ne(notifications.status, 'cancelled')));
  if (!existing) throw new Error(`dedupe conflict on ${message.dedupeKey} but no row found`);
  return {
    id: existing.id,
    created: false,
    status: existing.status,
    statusReason: existing.statusReason,
  };
}

/** The key of `enqueueMany`'s policy-facts cache for one (family, member, channel). */
export function policyFactsKey(
  familyId: number,
  memberId: number | null,
  channel: NotificationChannel,
): string {
  return `${familyId}:${memberId ?? ''}:${channel}`;
}

/** Rows per INSERT in `enqueueMany` (16 columns each, well under PostgreSQL's 65,535 bind parameters). */
const INSERT_CHUNK = 1000;

/**
 * `enqueue` for many messages at once (a scheduler planning a day of reminders): same transaction rule,
 * same policy and dedupe semantics, but policy facts are read once per (family, member, channel) and rows
 * are inserted 1,000 per statement. Messages whose `dedupeKey` a row not cancelled already holds (or that
 * repeat within the call) are skipped.
 * Messages with `push` content also get their push rows (see `OutboundMessage.push`).
 * @returns how many rows were written (push rows included), and how many of those policy suppressed.
 * @throws UnknownRecipientError when a family or member (within its family) does not exist; nothing is written then.
 */
export async function enqueueMany(
  tx: DbOrTx,
  messages: readonly OutboundMessage[],
  /** Policy facts the caller already read in bulk (the scheduler), keyed by `policyFactsKey`; others are loaded. */
  preloadedFacts?: ReadonlyMap<string, PolicyFacts>,
): Promise<{ created: number; suppressed: number }> {
  const factsCache = new Map<string, PolicyFacts>(preloadedFacts ?? []);
  const rows: (typeof notifications.$inferInsert)[] = [];
  for (const message of messages) {
    const cacheKey = policyFactsKey(message.familyId, message.familyMemberId, message.channel);
    let facts = factsCache.get(cacheKey);
    if (!facts) {
      facts = await loadPolicyFacts(tx, message.familyId, message.familyMemberId, message.channel);
      factsCache.set(cacheKey, facts);
    }
    rows.push(toRow(message, decide(facts, message)));
  }
  rows.push(...(await pushRows(tx, messages)));
  let created = 0;
  let suppressed = 0;
  const byKey = new Map(messages.map((m) => [m.dedupeKey, m]));
  for (let i = 0; i < rows.length; i += INSERT_CHUNK) {
    const inserted = await tx
      .insert(notifications)
      .values(rows.slice(i, i + INSERT_CHUNK))
      .onConflictDoNothing(liveDedupe)
      .returning({ id: notifications.id, status: notifications.status, dedupeKey: notifications.dedupeKey });
    created += inserted.length;
    suppressed += inserted.filter((r) => r.status === 'suppressed').length;
    const actions = inserted.flatMap((row) => {
      const message = byKey.get(row.dedupeKey);
      if (row.status !== 'pending' || message?.channel !== 'sms' || message.familyMemberId === null)
        return [];
      const memberId = message.familyMemberId;
      return (message.replyActions ?? []).map((a) => ({
        familyId: message.familyId,
        familyMemberId: memberId,
        notificationId: row.id,
        action: a.action,
        item: a.item ?? 1,
        taskId: a.taskId ?? null,
        eventId: a.eventId ?? null,
        occurrenceStart: a.occurrenceStart ?? null,
        transportKind: a.transportKind ?? null,
        expiresAt: a.expiresAt,
        createdAt: message.now,
      }));
    });
    for (let j = 0; j < actions.length; j += INSERT_CHUNK)
      await tx.insert(smsReplyActions).values(actions.slice(j, j + INSERT_CHUNK));
  }
  return { created, suppressed };
}
