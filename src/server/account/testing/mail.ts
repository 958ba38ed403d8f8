import { and, desc, eq } from 'drizzle-orm';
import type { Db } from '../../db/types.ts';
import { testConfig } from '../../config.ts';
import { notifications } from '../../db/schema/notifications.ts';
import { LINK_TOKEN_PLACEHOLDER, linkSecret, linkToken } from '../../notifications/link-tokens.ts';

/** The outbox rows of `kind` to `recipient`, newest first. For API tests. */
export async function mailTo(db: Db, recipient: string, kind: string) {
  return db
    .select()
    .from(notifications)
    .where(and(eq(notifications.recipient, recipient), eq(notifications.kind, kind)))
    .orderBy(desc(notifications.id));
}

/**
 * The token the newest `kind` e-mail to `recipient` will carry in its `/{path}/{token}` link, derived from
 * the row's `link_ref` as the dispatcher does at send time (ADR 014; the row itself holds only the placeholder).
 * Uses the tests' link secret (`testConfig`).
 * @throws Error when there is no such e-mail, or it has no link there.
 */
export async function tokenFromMail(db: Db, recipient: string, kind: string, path: string): Promise<string> {
  const [mail] = await mailTo(db, recipient, kind);
  if (!mail?.linkRef || !mail.body.includes(`/${path}/${LINK_TOKEN_PLACEHOLDER}`))
    throw new Error(`no ${kind} e-mail with a /${path}/ link to ${recipient}`);
  return linkToken(linkSecret(testConfig()), mail.linkRef);
}
