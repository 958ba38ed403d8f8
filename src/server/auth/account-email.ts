import { randomBytes } from 'node:crypto';
import type { DbOrTx } from '../db/types.ts';
import type { ServerContext } from '../context.ts';
import { enqueue } from '../notifications/outbox.ts';
import type { EmailContent } from '../notifications/templates.ts';

/** The account an account e-mail is about (a `user_accounts` row's fields). */
export interface AccountRecipient {
  id: number;
  familyId: number;
  familyMemberId: number | null;
  email: string;
}

/**
 * Writes an account e-mail (issue 25: reset link, confirmation link, security notice) to the outbox in `tx`,
 * so it exists exactly when the change it reports commits. Sent to `recipient` (default: the account's
 * e-mail), never suppressed by the family's notification switches (transactional). Each call is a new
 * message (the dedupe key carries 48 random bits), optionally expiring with the link it carries.
 */
export async function sendAccountEmail(
  ctx: ServerContext,
  tx: DbOrTx,
  user: AccountRecipient,
  content: EmailContent,
  /** `linkRef`: the ref of the secret link the content carries as `LINK_TOKEN_PLACEHOLDER` (ADR 014). */
  options: { recipient?: string; expiresAt?: Date | null; linkRef?: string } = {},
): Promise<void> {
  const now = ctx.clock.now();
  await enqueue(tx, {
    ...content,
    familyId: user.familyId,
    familyMemberId: user.familyMemberId,
    recipient: options.recipient ?? user.email,
    dedupeKey: `${content.kind}:${user.id}:${now.toISOString()}:${randomBytes(6).toString('hex')}`,
    source: { kind: 'account', id: user.id },
    now,
    expiresAt: options.expiresAt ?? null,
    ...(options.linkRef === undefined ? {} : { linkRef: options.linkRef }),
  });
}
